import type { SignatureCheck } from '@eip/contracts';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { loadDefinition } from '../bpm/definitions.js';
import { visibleInstance } from '../bpm/visibility.js';
import { signatureFieldsOf } from './fields.js';
import { signatureEntriesOf, verifyEntry } from './signature-field.js';

/**
 * 验证签名: every signature of a request, for whoever may read the request (administrators, and a secretary
 * with the leader's id), each checked against the data as it is now. Another tenant's request, or one the caller has no part in, is
 * unknown.
 */
export async function verifySignatures(
  services: Services,
  auth: AuthContext,
  instanceId: string,
  leaderId?: string,
): Promise<SignatureCheck[]> {
  const { db } = services;
  const instance = await visibleInstance(db, auth, instanceId, leaderId);
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  const fields = new Set<string>();
  for (const form of Object.values(def.row.forms)) {
    for (const field of signatureFieldsOf(form).keys()) fields.add(field);
  }
  const data = instance.data as Record<string, unknown>;
  return [...fields].flatMap((field) =>
    signatureEntriesOf(data[field]).map((entry, i) => ({
      field,
      index: entry.index ?? i + 1,
      userId: entry.userId,
      name: entry.name,
      signature: entry.signature,
      createTime: entry.createTime,
      nodeId: entry.nodeId ?? null,
      ...verifyEntry(entry, instanceId, field, data),
    })),
  );
}
