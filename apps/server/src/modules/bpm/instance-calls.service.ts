import type { QueryFilter } from '@eip/contracts';
import type { Language } from '@eip/contracts/codes';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import { requireAdmin } from '../bpm-personal/access.js';
import { currentMembership } from '../uc/current-post.js';
import { rightsOfUsers } from '../uc/directory.repository.js';
import { findDefinition } from './definition.repository.js';
import { loadDefinition } from './definitions.js';
import { flowImageSvg } from './flow-image-svg.js';
import { readsOfInstance } from './read-record.repository.js';
import { toInstanceRow } from './lists.repository.js';
import { flowImage, instanceOpinions } from './query.service.js';
import { deleteInstances, instanceTrees } from './removal.repository.js';
import * as repo from './runtime.repository.js';
import { visibleInstance } from './visibility.js';
import { canRevoke } from './engine/withdraw.js';

/** The instance calls of spec §7 that read one instance or definition, and an administrator's removal. */

/** get?id: an instance for those who take part in it. */
export async function instanceById(db: Db, auth: AuthContext, id: string) {
  const instance = await visibleInstance(db, auth, id);
  return { ...toInstanceRow(instance), defId: instance.defId };
}

/** getInstanceByPks: the instances of the list the caller may see; the others are left out. */
export async function instancesByIds(db: Db, auth: AuthContext, ids: string[]) {
  const seen = [];
  for (const id of new Set(ids)) {
    const instance = await visibleInstance(db, auth, id).catch(() => undefined);
    if (instance) seen.push(toInstanceRow(instance));
  }
  return seen;
}

/** A definition of the caller's tenant, else 404. */
async function definitionOfTenant(db: Db, auth: AuthContext, defId: string) {
  const def = await findDefinition(db, auth.tenantId, defId);
  if (!def) throw notFound('flow.definitionNotFound', { id: defId });
  return def;
}

export async function flowKeyOf(db: Db, auth: AuthContext, defId: string) {
  return (await definitionOfTenant(db, auth, defId)).defKey;
}

/** getDefStatus: the main version takes new requests (deploy); an older one only runs its own on. */
export async function definitionStatus(db: Db, auth: AuthContext, defId: string) {
  const def = await definitionOfTenant(db, auth, defId);
  return {
    defId: def.id,
    defKey: def.defKey,
    version: def.version,
    status: def.isMain ? ('deploy' as const) : ('forbidden_instance' as const),
  };
}

/** getSponsorRevokeByInstId: whether the caller, as initiator, may withdraw the request now. */
export async function sponsorMayRevoke(db: Db, auth: AuthContext, instId: string) {
  const instance = await visibleInstance(db, auth, instId);
  return instance.initiatorId === auth.userId && (await canRevoke(db, instance));
}

/**
 * getRelatedInformationById: subject, initiator, the path of the organisation of the post they started it in
 * (else their main one), the flow's name.
 */
export async function relatedInformation(db: Db, auth: AuthContext, id: string) {
  const instance = await visibleInstance(db, auth, id);
  const { memberships } = await rightsOfUsers(db, auth.tenantId, [instance.initiatorId]);
  return {
    subject: instance.subject,
    name: instance.initiatorName,
    deptName: currentMembership(memberships, instance.initiatorPostId)?.pathName ?? null,
    template: instance.defName,
    createTime: instance.createdAt.toISOString(),
  };
}

export const opinionsById = (db: Db, auth: AuthContext, lang: Language, id: string) =>
  instanceOpinions(db, auth, lang, id);

/** getBpmImage: the flow chart as an SVG image, for those who may see the flow chart. */
export async function bpmImage(
  db: Db,
  auth: AuthContext,
  query: { instId?: string; defId?: string; leaderId?: string },
): Promise<FileDownload> {
  const image = await flowImage(db, auth, query);
  const def = await loadDefinition(db, auth.tenantId, image.defId);
  const svg = Buffer.from(flowImageSvg(image, def.model.flows), 'utf8');
  return {
    name: `${image.bpmDefLayout.name}.svg`,
    contentType: 'image/svg+xml; charset=utf-8',
    size: svg.length,
    content: Readable.from([svg]),
    inline: true,
  };
}

/**
 * remove / instRemove (administrators): the instances go with everything they hold and the call-activity
 * children below them; every id must be an instance of the tenant (404 naming the first that is not).
 */
export async function removeInstances(db: Db, auth: AuthContext, ids: string[]) {
  await requireAdmin(db, auth);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    for (const id of unique) {
      if (!(await repo.lockInstance(tx, auth.tenantId, id))) throw notFound('flow.instanceNotFound', { id });
    }
    const all = await instanceTrees(tx, auth.tenantId, unique);
    await deleteInstances(tx, auth.tenantId, all);
    return unique.length;
  });
}

/**
 * getByRecordInstId: the read records of the instance the filter names (querys procInstId EQUAL), for
 * those who may see it; `params.distinct` "1" keeps each reader's latest read.
 */
export async function readRecords(db: Db, auth: AuthContext, filter: QueryFilter) {
  const unknown = filter.querys?.find(
    (q) => q.property !== 'procInstId' || (q.operation ?? 'EQUAL') !== 'EQUAL',
  );
  if (unknown) throw badRequest('query.unknownProperty', { property: unknown.property });
  const instId = filter.querys?.[0]?.value;
  if (typeof instId !== 'string' || !instId) throw badRequest('flow.readRecordsNeedInstance');
  const instance = await visibleInstance(db, auth, instId);
  let reads = await readsOfInstance(db, auth.tenantId, instance.id);
  if (String(filter.params?.distinct ?? '') === '1') {
    const seen = new Set<string>();
    reads = reads.filter((r) => !seen.has(r.userId) && Boolean(seen.add(r.userId)));
  }
  const page = Math.max(1, Number(filter.pageBean?.page ?? 1) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(filter.pageBean?.pageSize ?? 10) || 10));
  const rows = reads.slice((page - 1) * pageSize, page * pageSize).map(({ readAt, ...r }) => ({
    ...r,
    readTime: readAt.toISOString(),
  }));
  return { rows, total: reads.length, page, pageSize };
}
