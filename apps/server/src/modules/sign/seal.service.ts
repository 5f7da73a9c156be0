import type { ManagedSeal, Seal, SealKind, SealUse } from '@eip/contracts';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { isAdmin } from '../bpm-personal/access.js';
import type { FileOwnerReader } from '../portal/file-access.js';
import * as repo from './sign.repository.js';
import { mayUseSeal, storeSignImage } from './signature.service.js';

/** How many uses of a seal its audit view lists. */
const USES_LIMIT = 500;

async function requireSealAdmin(db: Executor, auth: AuthContext) {
  if (!(await isAdmin(db, auth))) throw forbidden('sign.sealAdminsOnly');
}

const asSeal = (row: repo.SealRow): Seal => ({
  id: row.id,
  name: row.name,
  kind: row.kind as SealKind,
  fileId: row.fileId,
});

async function describe(db: Executor, tenantId: string, rows: repo.SealRow[]): Promise<ManagedSeal[]> {
  const userNames = await repo.userNames(db, tenantId, [...new Set(rows.flatMap((r) => r.userIds))]);
  const orgNames = await repo.orgNames(db, tenantId, [...new Set(rows.flatMap((r) => r.leaderOrgIds))]);
  return rows.map((row) => ({
    ...asSeal(row),
    users: row.userIds.map((id) => ({ id, name: userNames.get(id) ?? id })),
    leaderOrgs: row.leaderOrgIds.map((id) => ({ id, name: orgNames.get(id) ?? id })),
    createTime: row.createdAt.toISOString(),
  }));
}

/** Spec §7 getSealByCurrentUserId: the seals the caller may use. */
export async function sealsOfCaller(services: Services, auth: AuthContext): Promise<Seal[]> {
  const led = await repo.ledOrgIds(services.db, auth.tenantId, auth.userId);
  return (await repo.sealsOfUser(services.db, auth.tenantId, auth.userId, led)).map(asSeal);
}

export async function listSeals(services: Services, auth: AuthContext) {
  await requireSealAdmin(services.db, auth);
  return describe(services.db, auth.tenantId, await repo.listSealRows(services.db, auth.tenantId));
}

/** Only users and orgs of the tenant may be named; unknown ids are a 404 naming the first. */
async function checkHolders(db: Executor, tenantId: string, userIds: string[], orgIds: string[]) {
  const userNames = await repo.userNames(db, tenantId, userIds);
  const unknownUser = userIds.find((id) => !userNames.has(id));
  if (unknownUser) throw notFound('uc.userNotFound', { account: unknownUser });
  const orgNames = await repo.orgNames(db, tenantId, orgIds);
  const unknownOrg = orgIds.find((id) => !orgNames.has(id));
  if (unknownOrg) throw notFound('sign.orgNotFound', { id: unknownOrg });
}

export async function saveSeal(
  services: Services,
  auth: AuthContext,
  input: {
    id?: string;
    name: string;
    kind: SealKind;
    fileId: string;
    userIds: string[];
    leaderOrgIds: string[];
  },
): Promise<ManagedSeal> {
  await requireSealAdmin(services.db, auth);
  const userIds = [...new Set(input.userIds)];
  const leaderOrgIds = [...new Set(input.leaderOrgIds)];
  return services.db.transaction(async (tx) => {
    await checkHolders(tx, auth.tenantId, userIds, leaderOrgIds);
    const existing = input.id ? await repo.findSeal(tx, auth.tenantId, input.id) : undefined;
    if (input.id && !existing) throw notFound('sign.sealNotFound', { id: input.id });
    const id = existing?.id ?? newId();
    let fileId = existing?.fileId;
    if (fileId !== input.fileId) {
      if (existing) await repo.unlinkFile(tx, auth.tenantId, repo.SEAL_FILES, id);
      fileId = await storeSignImage(services, tx, auth, input.fileId, 'seal', { type: repo.SEAL_FILES, id });
    }
    const fields = { name: input.name.trim(), kind: input.kind, fileId: fileId!, userIds, leaderOrgIds };
    const row = existing
      ? await repo.updateSeal(tx, auth.tenantId, id, fields)
      : await repo.insertSeal(tx, { tenantId: auth.tenantId, id, createdBy: auth.userId, ...fields });
    return (await describe(tx, auth.tenantId, [row!]))[0]!;
  });
}

/** Removes a seal; the image stays while forms show it, and its uses stay in the audit. */
export async function removeSeal(services: Services, auth: AuthContext, id: string) {
  await requireSealAdmin(services.db, auth);
  await services.db.transaction(async (tx) => {
    if (!(await repo.deleteSeal(tx, auth.tenantId, id))) throw notFound('sign.sealNotFound', { id });
    await repo.unlinkFile(tx, auth.tenantId, repo.SEAL_FILES, id);
  });
  return null;
}

export async function sealUses(services: Services, auth: AuthContext, sealId: string): Promise<SealUse[]> {
  await requireSealAdmin(services.db, auth);
  if (!(await repo.findSeal(services.db, auth.tenantId, sealId)))
    throw notFound('sign.sealNotFound', { id: sealId });
  const rows = await repo.sealUses(services.db, auth.tenantId, sealId, USES_LIMIT);
  return rows.map(({ grant, userName, subject }) => ({
    id: grant.id,
    userId: grant.userId,
    userName,
    issueTime: grant.issuedAt.toISOString(),
    useTime: grant.usedAt?.toISOString() ?? null,
    instanceId: grant.instanceId,
    subject,
    formKey: grant.formKey,
    field: grant.field,
  }));
}

/** Who may read a seal's image: whoever may use the seal (administrators read every file anyway). */
export const readSealFiles: FileOwnerReader = async (db, auth, sealIds) => {
  for (const id of sealIds) {
    const seal = await repo.findSeal(db, auth.tenantId, id);
    if (seal && (await mayUseSeal(db, auth.tenantId, auth.userId, seal))) return true;
  }
  return false;
};
