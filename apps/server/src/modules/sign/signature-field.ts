import type { FieldPermission } from '@eip/contracts/flow';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest } from '../../errors.js';
import { fieldTitle, type FlowForm } from '../bpm/engine/forms.js';
import { INSTANCE_FILES } from '../bpm/instance-files.js';
import { linkFiles } from '../portal/file.repository.js';
import { canonicalJson } from './canonical.js';
import { signatureFieldsOf } from './fields.js';
import { digestOf, proofHolds, proofOf, signingAlg, type ProofAlg } from './proof.js';
import { takeGrant, useGrant } from './sign.repository.js';

type FormData = Record<string, unknown>;

/** Spec §3 signature entry, with its tamper evidence. */
export interface SignatureEntry {
  index: number;
  userId: string;
  name: string;
  /** the image's file id */
  signature: string;
  createTime: string;
  /** where it was signed, and the fields the node could see then with their hash */
  nodeId?: string;
  digests?: Record<string, string>;
  /** the hash of the RFC 8785 form of {instanceId, nodeId, data: the fields the node could see} */
  hash?: string;
  /** 'sm2-sm3' when made under GM_MODE; absent: SHA-256 hashes and an Ed25519 proof */
  alg?: 'sm2-sm3';
  /** the server's signature over the entry (without its index) */
  proof?: string;
}

/** How long an image handed out by getElectronicSeal may wait to be placed on a form. */
const GRANT_TTL_MS = 30 * 60_000;

export interface SigningContext {
  tenantId: string;
  instanceId: string;
  nodeId: string;
  taskId: string | null;
  formKey: string | null;
  signer: { id: string; name: string };
}

const isEntry = (value: unknown): value is SignatureEntry =>
  Boolean(value) &&
  typeof value === 'object' &&
  typeof (value as SignatureEntry).userId === 'string' &&
  typeof (value as SignatureEntry).signature === 'string';

const entriesOf = (value: unknown): SignatureEntry[] => (Array.isArray(value) ? value.filter(isEntry) : []);

/** What the proof covers: everything of the entry but its position in the list. */
const proofRecord = (entry: SignatureEntry, instanceId: string, field: string) => ({
  instanceId,
  field,
  userId: entry.userId,
  name: entry.name,
  signature: entry.signature,
  createTime: entry.createTime,
  nodeId: entry.nodeId ?? null,
  digests: entry.digests ?? null,
  hash: entry.hash ?? null,
  ...(entry.alg ? { alg: entry.alg } : {}),
});

const algOf = (entry: SignatureEntry): ProofAlg | null =>
  entry.alg === undefined ? 'ed25519-sha256' : entry.alg === 'sm2-sm3' ? entry.alg : null;

const snapshotHash = (instanceId: string, nodeId: string, data: FormData, fields: string[], alg: ProofAlg) =>
  digestOf({ instanceId, nodeId, data: Object.fromEntries(fields.map((f) => [f, data[f] ?? null])) }, alg);

/** Refuses signature values in a start submission: an entry is only placed through a task. */
export function refuseStartSignatures(
  form: { uiSchema: Record<string, unknown> } | null,
  incoming: FormData,
) {
  for (const field of signatureFieldsOf(form).keys()) {
    if (entriesOf(incoming[field]).length > 0) throw badRequest('sign.notAtStart', { field });
  }
}

/**
 * Takes the signature fields of a task's submission (spec §3–§6): entries of other users must come back
 * as stored; the signer's new entry must place an image the seal call handed them (with the signing
 * password unless the field is secretFree) and replaces their earlier one unless the field is in cover
 * mode; a `b` field must hold the signer's entry when `requireSigned`. Read-only and hidden fields are
 * left to the form's own rule (a changed value is refused). Answers the submission with the fields'
 * final lists, and `seal`, which stamps the new entries with the hash of the stored data and the
 * server's proof once the submission is merged.
 */
export async function takeSignatures(
  tx: Executor,
  ctx: SigningContext,
  form: Pick<FlowForm, 'schema' | 'uiSchema'> | null,
  current: FormData,
  incoming: FormData,
  permissions: Record<string, FieldPermission>,
  requireSigned: boolean,
) {
  const fields = signatureFieldsOf(form);
  const result = { ...incoming };
  const fresh = new Map<SignatureEntry, string>();
  for (const [field, config] of fields) {
    const permission = permissions[field] ?? 'w';
    if (permission !== 'w' && permission !== 'b') continue;
    // messages name the field as the form shows it
    const named = { field: fieldTitle(form, field) };
    const stored = entriesOf(current[field]);
    const sent = field in incoming ? incoming[field] : stored;
    if (!Array.isArray(sent) || sent.some((item) => !isEntry(item)))
      throw badRequest('sign.badEntries', named);
    const storedByText = new Set(stored.map((entry) => canonicalJson({ ...entry, index: 0 })));
    const kept: SignatureEntry[] = [];
    const added: SignatureEntry[] = [];
    for (const entry of sent as SignatureEntry[]) {
      if (storedByText.has(canonicalJson({ ...entry, index: 0 }))) kept.push(entry);
      else if (entry.userId !== ctx.signer.id) throw badRequest('sign.notYourEntry', named);
      else added.push(entry);
    }
    const othersDropped = stored.some(
      (entry) => entry.userId !== ctx.signer.id && !kept.some((k) => k.createTime === entry.createTime),
    );
    if (othersDropped) throw badRequest('sign.notYourEntry', named);
    if (added.length > 1) throw badRequest('sign.oneEntry', named);
    let list = kept;
    if (added.length === 1) {
      const placed = added[0]!;
      const grant = await takeGrant(
        tx,
        ctx.tenantId,
        ctx.signer.id,
        placed.signature,
        new Date(Date.now() - GRANT_TTL_MS),
      );
      if (!grant) throw badRequest('sign.noGrant', named);
      if (!grant.passwordChecked && !config.secretFree) throw badRequest('sign.passwordRequired');
      await useGrant(tx, ctx.tenantId, grant.id, {
        instanceId: ctx.instanceId,
        taskId: ctx.taskId,
        nodeId: ctx.nodeId,
        formKey: ctx.formKey,
        field,
      });
      const entry: SignatureEntry = {
        index: 0,
        userId: ctx.signer.id,
        name: ctx.signer.name,
        signature: placed.signature,
        createTime: new Date().toISOString(),
        nodeId: ctx.nodeId,
      };
      fresh.set(entry, field);
      list = config.isCover ? [...kept, entry] : [...kept.filter((e) => e.userId !== ctx.signer.id), entry];
    }
    if (requireSigned && permission === 'b' && !list.some((e) => e.userId === ctx.signer.id))
      throw new AppError(400, 'sign.signatureRequired', named);
    if (field in incoming || added.length) result[field] = list.map((e, i) => ({ ...e, index: i + 1 }));
  }
  const freshFiles = [...fresh.keys()].map((e) => e.signature);
  if (freshFiles.length)
    await linkFiles(tx, ctx.tenantId, { type: INSTANCE_FILES, id: ctx.instanceId }, freshFiles);
  return {
    incoming: result,
    /** Stamps the new entries in the merged data with the hash of what the node could see, and the proof. */
    seal(merged: FormData): FormData {
      if (fresh.size === 0) return merged;
      const visible = Object.keys(merged)
        .filter((f) => !fields.has(f) && permissions[f] !== 'n')
        .sort();
      const alg = signingAlg();
      const digests = Object.fromEntries(visible.map((f) => [f, digestOf(merged[f] ?? null, alg)]));
      const hash = snapshotHash(ctx.instanceId, ctx.nodeId, merged, visible, alg);
      const out = { ...merged };
      for (const field of new Set(fresh.values())) {
        out[field] = entriesOf(merged[field]).map((entry) => {
          const match = [...fresh.keys()].find(
            (f) =>
              f.createTime === entry.createTime &&
              f.userId === entry.userId &&
              f.signature === entry.signature,
          );
          if (!match) return entry;
          const stamped: SignatureEntry = {
            ...entry,
            digests,
            hash,
            ...(alg === 'sm2-sm3' ? { alg } : {}),
          };
          return { ...stamped, proof: proofOf(proofRecord(stamped, ctx.instanceId, field), alg) };
        });
      }
      return out;
    },
  };
}

export type SignatureStatus = 'intact' | 'changed' | 'invalid';

/**
 * Whether a stored entry still matches the data (spec "tamper evidence"): invalid when its proof is not the
 * server's (a forged image id or hash); changed, with the fields that differ, when the data the signer's
 * node could see is no longer what was signed; intact otherwise.
 */
export function verifyEntry(entry: SignatureEntry, instanceId: string, field: string, data: FormData) {
  const alg = algOf(entry);
  if (
    !alg ||
    !entry.hash ||
    !entry.digests ||
    !entry.nodeId ||
    !proofHolds(proofRecord(entry, instanceId, field), entry.proof, alg)
  )
    return { status: 'invalid' as SignatureStatus, changedFields: [] as string[] };
  const fields = Object.keys(entry.digests).sort();
  if (snapshotHash(instanceId, entry.nodeId, data, fields, alg) === entry.hash)
    return { status: 'intact' as SignatureStatus, changedFields: [] as string[] };
  const changedFields = fields.filter((f) => digestOf(data[f] ?? null, alg) !== entry.digests![f]);
  return { status: 'changed' as SignatureStatus, changedFields };
}

export { entriesOf as signatureEntriesOf };
