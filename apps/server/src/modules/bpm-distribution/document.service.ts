import type { QueryFilter } from '@eip/contracts';
import type { Language } from '@eip/contracts/codes';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { isAdmin } from '../bpm-personal/access.js';
import { takesPartIn } from '../bpm/lists.repository.js';
import { findUserById } from '../uc/user.repository.js';
import { documentView, instanceOf, requireDistributable } from './access.js';
import { receivesInstance } from './dish.repository.js';
import * as documents from './document.repository.js';

/** taskToDecument: files the request into the library with its data as it is now (again: refreshed). */
export async function fileDocument(db: Db, auth: AuthContext, body: { instId: string; taskId?: string }) {
  return db.transaction(async (tx) => {
    const instance = await requireDistributable(tx, auth, body.instId, body.taskId);
    const filer = await findUserById(tx, auth.tenantId, auth.userId);
    if (!filer) throw notFound('uc.userNotFound', { account: auth.account });
    const row = await documents.fileDocument(tx, {
      tenantId: auth.tenantId,
      instanceId: instance.id,
      subject: instance.subject,
      defKey: instance.defKey,
      defName: instance.defName,
      data: instance.data,
      filedById: filer.id,
      filedByName: filer.fullname,
    });
    return documents.toLibraryDocument(row);
  });
}

/**
 * getDetailByBusinesskey: a filed document read-only (its data as filed), for those who take part in its
 * request or received it, and administrators; anyone else: 404.
 */
export async function documentByKey(db: Db, auth: AuthContext, lang: Language, businessKey: string) {
  const doc = await documents.findDocument(db, auth.tenantId, businessKey);
  const readable =
    doc &&
    ((await takesPartIn(db, auth.tenantId, doc.instanceId, auth.userId)) ||
      (await receivesInstance(db, auth.tenantId, auth.userId, doc.instanceId)) ||
      (await isAdmin(db, auth)));
  if (!doc || !readable) throw notFound('document.notFound', { businessKey });
  const instance = await instanceOf(db, auth.tenantId, doc.instanceId);
  return {
    document: documents.toLibraryDocument(doc),
    ...(await documentView(db, lang, instance, doc.data as Record<string, unknown>)),
  };
}

/** The library: the filed documents the caller may read (administrators: all of the tenant's). */
export async function documentList(db: Db, auth: AuthContext, filter: QueryFilter) {
  const everyone = await isAdmin(db, auth);
  return documents.queryDocuments(db, auth.tenantId, filter, everyone ? undefined : auth.userId);
}
