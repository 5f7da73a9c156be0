import type { Language } from '@eip/contracts/codes';
import { isWritable } from '@eip/contracts/flow';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../security/tokens.js';
import { recordThroughTemplate } from '../data/record.service.js';
import { startForm } from './query.service.js';
import { requestsOfRecord } from './record-requests.repository.js';
import { participantSeeing } from './visibility.js';

/** A data-template record (businessKey of boAlias, read through templateAlias). */
interface RecordRef {
  businessKey: string;
  boAlias: string;
  templateAlias: string;
}

/**
 * startForm: the start form of flow defKey prefilled from a record the caller may start it from: each
 * top-level value of the record goes to the flow form's top-level field of the same name that the start
 * node lets the initiator write.
 */
export async function recordStartForm(
  db: Db,
  auth: AuthContext,
  lang: Language,
  input: RecordRef & { defKey: string },
) {
  const view = await startForm(db, auth, lang, { flowKey: input.defKey });
  const record = await recordThroughTemplate(db, auth, input, view.defKey);
  const fields = Object.keys((view.form?.schema.properties as object | undefined) ?? {});
  const data = Object.fromEntries(
    fields
      .filter((field) => field in record.data && isWritable(view.permissions[field]))
      .map((field) => [field, record.data[field]]),
  );
  return { ...view, data };
}

/** getRecordRequests: the requests started from a record the caller may read, those they may see. */
export async function recordRequests(db: Db, auth: AuthContext, ref: RecordRef) {
  await recordThroughTemplate(db, auth, ref, null);
  return requestsOfRecord(db, auth.tenantId, ref, await participantSeeing(db, auth));
}
