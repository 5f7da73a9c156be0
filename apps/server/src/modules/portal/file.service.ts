import type { MultipartFile } from '@fastify/multipart';
import path from 'node:path';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { isAdmin } from '../bpm-personal/access.js';
import { attachedWhereUserTakesPart, countOwnFiles, findFile, insertFile } from './file.repository.js';

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

/** A file for its uploader, an administrator, or someone taking part in an instance whose opinion attaches it. */
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
      (await attachedWhereUserTakesPart(db, auth.tenantId, auth.userId, fileId)) ||
      (await isAdmin(db, auth)));
  if (!allowed) throw notFound('file.notFound', { id: fileId });
  return {
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    content: services.files.get(auth.tenantId, file.id),
  };
}

/** Attachments of an opinion must be files the person attaching them uploaded. */
export async function requireOwnFiles(db: Executor, tenantId: string, userId: string, fileIds: string[]) {
  const unique = [...new Set(fileIds)];
  if ((await countOwnFiles(db, tenantId, userId, unique)) < unique.length) throw badRequest('file.notYours');
}
