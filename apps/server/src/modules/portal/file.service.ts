import type { MultipartFile } from '@fastify/multipart';
import path from 'node:path';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { isAdmin } from '../bpm-personal/access.js';
import type { FileOwner, FileOwnerReaders } from './file-access.js';
import { countOwnFiles, findFile, insertFile, linkFiles, ownersOfFile } from './file.repository.js';

/** A file's name as given, without any directory part, at most 255 characters. */
const baseName = (name: string) => path.basename(name.replaceAll('\\', '/')).slice(0, 255) || 'file';

/**
 * Stores an uploaded file (the first part of a multipart body) for its uploader. A file over the limit is
 * refused (413) and nothing is kept.
 */
export async function uploadFile(services: Services, auth: AuthContext, part: MultipartFile | undefined) {
  if (!part) throw badRequest('file.missing');
  const fileId = newId();
  const fileName = baseName(part.filename);
  const contentType = part.mimetype || 'application/octet-stream';
  try {
    const size = await services.files.put(auth.tenantId, fileId, part.file);
    if (part.file.truncated)
      throw new AppError(413, 'file.tooLarge', { limit: services.config.fileLimitBytes });
    await insertFile(services.db, {
      tenantId: auth.tenantId,
      id: fileId,
      name: fileName,
      contentType,
      size,
      createdBy: auth.userId,
    });
    return { fileId, fileName, size, contentType };
  } catch (error) {
    await services.files.remove(auth.tenantId, fileId);
    throw error;
  }
}

/** Whether the caller may read one of the owners the file is linked to. */
async function mayReadAnOwner(db: Executor, readers: FileOwnerReaders, auth: AuthContext, fileId: string) {
  for (const [type, ownerIds] of await ownersOfFile(db, auth.tenantId, fileId)) {
    const read = readers[type];
    if (read && (await read(db, auth, ownerIds))) return true;
  }
  return false;
}

/** A file for its uploader, an administrator, or whoever may read something it is attached to. */
export async function downloadFile(
  services: Services,
  auth: AuthContext,
  fileId: string,
): Promise<FileDownload> {
  const { db } = services;
  const file = await findFile(db, auth.tenantId, fileId);
  const allowed =
    file &&
    (file.createdBy === auth.userId ||
      (await mayReadAnOwner(db, services.fileReaders, auth, fileId)) ||
      (await isAdmin(db, auth)));
  if (!allowed) throw notFound('file.notFound', { id: fileId });
  return {
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    content: services.files.get(auth.tenantId, file.id),
  };
}

/**
 * Attaches files to their owner; each must be a file the person attaching it uploaded (400 otherwise,
 * nothing linked). From then on whoever may read the owner may read the files.
 */
export async function attachOwnFiles(
  db: Executor,
  tenantId: string,
  userId: string,
  owner: FileOwner,
  fileIds: string[],
) {
  const unique = [...new Set(fileIds)];
  if ((await countOwnFiles(db, tenantId, userId, unique)) < unique.length) throw badRequest('file.notYours');
  await linkFiles(db, tenantId, owner, unique);
}
