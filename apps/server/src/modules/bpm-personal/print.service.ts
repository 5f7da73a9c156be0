import type { QueryFilter } from '@eip/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { findUserById } from '../uc/user.repository.js';
import { visibleInstance } from '../bpm/visibility.js';
import { isAdmin } from './access.js';
import * as prints from './print.repository.js';
import { formatMinute } from './time.js';

export async function printLog(db: Db, auth: AuthContext, instId: string, leaderId?: string) {
  const instance = await visibleInstance(db, auth, instId, leaderId);
  const user = await findUserById(db, auth.tenantId, auth.userId);
  if (!user) throw notFound('uc.userNotFound', { account: auth.account });
  return prints.insertPrintRecord(db, auth.tenantId, {
    instanceId: instance.id,
    userId: user.id,
    userName: user.fullname,
  });
}

export async function printRecordsOf(db: Db, auth: AuthContext, instId: string) {
  const instance = await visibleInstance(db, auth, instId);
  return prints.printRecordsOf(db, auth.tenantId, instance.id);
}

/** Print records of the instances the caller takes part in; every record for administrators. */
export async function queryPrintRecords(db: Db, auth: AuthContext, filter: QueryFilter) {
  const everyone = await isAdmin(db, auth);
  return prints.queryPrintRecords(db, auth.tenantId, filter, everyone ? undefined : auth.userId);
}

/** The preview watermark (spec §9): the caller's account and the time, on an instance they may see. */
export async function watermark(db: Db, auth: AuthContext, instId: string, leaderId?: string) {
  await visibleInstance(db, auth, instId, leaderId);
  return { enabled: true, text: `${auth.account} ${formatMinute(new Date())}` };
}
