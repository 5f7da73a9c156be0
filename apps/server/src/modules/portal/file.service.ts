import type { FileInfo, RouteBody, UploadPurpose } from '@eip/contracts';
import { readableSize } from '@eip/contracts/utils';
import type { MultipartFile } from '@fastify/multipart';
import { Transform } from 'node:stream';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import {
  ALLOWED_TYPES,
  DETECT_BYTES,
  allowedList,
  detectType,
  previewKindOf,
  storedContentType,
  typeOfContentType,
  withExtension,
} from '../../files/detect.js';
import { sanitizeFileName } from '../../files/names.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { isAdmin } from '../bpm-personal/access.js';
import type { FileOwner, FileOwnerReaders } from './file-access.js';
import * as repo from './file.repository.js';

/** A pass-through that keeps the first `limit` bytes of what flows through it. */
function keepHead(limit: number) {
  const chunks: Buffer[] = [];
  let kept = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (kept < limit) {
        chunks.push(chunk.subarray(0, limit - kept));
        kept += Math.min(chunk.length, limit - kept);
      }
      done(null, chunk);
    },
  });
  return { stream, head: () => Buffer.concat(chunks) };
}

/**
 * Stores an uploaded file (the first part of a multipart body) for its uploader and a purpose. The bytes
 * decide its type, which the purpose must accept and the name's extension must agree with; its name is
 * cleaned; it must fit under FILE_LIMIT_BYTES and the uploader's quota. Refused: nothing is kept.
 */
export async function uploadFile(
  services: Services,
  auth: AuthContext,
  purpose: UploadPurpose,
  part: MultipartFile | undefined,
) {
  if (!part) throw badRequest('file.missing');
  const fileId = newId();
  const given = sanitizeFileName(part.filename);
  const { stream, head } = keepHead(DETECT_BYTES);
  part.file.on('error', (error) => stream.destroy(error));
  try {
    const size = await services.files.put(auth.tenantId, fileId, part.file.pipe(stream));
    if (part.file.truncated)
      throw new AppError(413, 'file.tooLarge', { limit: services.config.fileLimitBytes });
    if (size === 0) throw badRequest('file.empty');
    const detected = await detectType(head(), size <= DETECT_BYTES, given, ALLOWED_TYPES[purpose]);
    if (!detected.ok) {
      if (detected.reason === 'mismatch') throw badRequest('file.typeMismatch', { found: detected.found });
      throw badRequest('file.typeForbidden', { found: detected.found, allowed: allowedList(purpose) });
    }
    const fileName = withExtension(given, detected.type);
    const contentType = storedContentType(detected);
    await services.db.transaction(async (tx) => {
      await repo.lockUploader(tx, auth.tenantId, auth.userId);
      const used = await repo.usedBytes(tx, auth.tenantId, auth.userId);
      const quota = services.config.fileQuotaBytes;
      if (used + size > quota)
        throw new AppError(413, 'file.quotaExceeded', {
          quota: readableSize(quota),
          used: readableSize(used),
        });
      await repo.insertFile(tx, {
        tenantId: auth.tenantId,
        id: fileId,
        name: fileName,
        contentType,
        size,
        createdBy: auth.userId,
        purpose,
      });
      // named in the audit record
      return { fileId };
    });
    return { fileId, fileName, size, contentType };
  } catch (error) {
    await services.files.remove(auth.tenantId, fileId);
    throw error;
  }
}

/** Whether the caller may read one of the owners the file is linked to. */
async function mayReadAnOwner(db: Executor, readers: FileOwnerReaders, auth: AuthContext, fileId: string) {
  for (const [type, ownerIds] of await repo.ownersOfFile(db, auth.tenantId, fileId)) {
    const read = readers[type];
    if (read && (await read(db, auth, ownerIds))) return true;
  }
  return false;
}

/**
 * A file for its uploader, an administrator, or whoever may read something it is attached to; anyone else
 * (and another tenant) is told it does not exist. Every route that hands out a file or what is made of it
 * asks here first.
 */
export async function readableFile(services: Services, auth: AuthContext, fileId: string) {
  const { db } = services;
  const file = await repo.findFile(db, auth.tenantId, fileId);
  const allowed =
    file &&
    (file.createdBy === auth.userId ||
      (await mayReadAnOwner(db, services.fileReaders, auth, fileId)) ||
      (await isAdmin(db, auth)));
  if (!allowed) throw notFound('file.notFound', { id: fileId });
  return file;
}

export async function downloadFile(
  services: Services,
  auth: AuthContext,
  fileId: string,
): Promise<FileDownload> {
  const file = await readableFile(services, auth, fileId);
  return {
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    content: services.files.get(auth.tenantId, file.id),
  };
}

const mayEdit = async (db: Executor, auth: AuthContext, file: repo.FileRow) =>
  file.createdBy === auth.userId || (await isAdmin(db, auth));

async function describe(services: Services, auth: AuthContext, files: repo.FileRow[]): Promise<FileInfo[]> {
  const names = await repo.creatorNames(services.db, auth.tenantId, files);
  const admin = await isAdmin(services.db, auth);
  return files.map((file) => ({
    fileId: file.id,
    fileName: file.name,
    size: file.size,
    contentType: file.contentType,
    purpose: file.purpose,
    description: file.description,
    creatorId: file.createdBy,
    creatorName: names.get(file.createdBy) ?? null,
    createTime: file.createdAt.toISOString(),
    previewKind: previewKindOf(file.contentType),
    canEdit: admin || file.createdBy === auth.userId,
  }));
}

/** A file's metadata, for those who may read it. */
export async function fileInfo(services: Services, auth: AuthContext, fileId: string) {
  const [info] = await describe(services, auth, [await readableFile(services, auth, fileId)]);
  return info!;
}

/**
 * Changes the name and description of files (updateFileExtraProp): each must be readable (404) and the
 * caller's own or the caller an administrator (403); a new name is cleaned and keeps the file's type.
 * All or nothing.
 */
export async function updateExtraProps(
  services: Services,
  auth: AuthContext,
  changes: RouteBody<'updateFileExtraProp'>,
) {
  const planned: { file: repo.FileRow; change: { name?: string; description?: string | null } }[] = [];
  for (const change of changes) {
    const file = await readableFile(services, auth, change.fileId);
    if (!(await mayEdit(services.db, auth, file))) throw forbidden('file.notEditable');
    const type = typeOfContentType(file.contentType);
    let name: string | undefined;
    if (change.fileName !== undefined) {
      name = sanitizeFileName(change.fileName, file.name);
      if (type) {
        name = withExtension(name, type);
        const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
        if (!type.extensions.includes(ext)) throw badRequest('file.typeMismatch', { found: type.id });
      }
    }
    const description =
      change.description === undefined
        ? undefined
        : change.description.trim()
          ? change.description.trim()
          : null;
    planned.push({ file, change: { name, description } });
  }
  await services.db.transaction(async (tx) => {
    for (const { file, change } of planned) {
      if (change.name !== undefined || change.description !== undefined)
        await repo.updateFile(tx, auth.tenantId, file.id, change);
    }
  });
  const updated = await Promise.all(
    planned.map(({ file }) => repo.findFile(services.db, auth.tenantId, file.id)),
  );
  return describe(
    services,
    auth,
    updated.filter((file) => file !== undefined),
  );
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
  if ((await repo.countOwnFiles(db, tenantId, userId, unique)) < unique.length)
    throw badRequest('file.notYours');
  await repo.linkFiles(db, tenantId, owner, unique);
}
