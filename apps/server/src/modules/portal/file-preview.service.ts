import type { FilePreview } from '@eip/contracts';
import { Readable } from 'node:stream';
import { AppError, badRequest, notFound } from '../../errors.js';
import { ConversionError } from '../../files/convert.js';
import { charsetOf, previewKindOf, typeOfContentType } from '../../files/detect.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { formatMinute } from '../bpm-personal/time.js';
import { fileInfo, readableFile } from './file.service.js';
import * as repo from './file.repository.js';

/** The largest image (in pixels) a thumbnail is made of: a bigger one is refused rather than decoded. */
const MAX_THUMBNAIL_SOURCE_PIXELS = 100_000_000;

/**
 * How the caller previews a file (file/preview): its kind, whether office documents can be converted, and
 * the watermark of spec §9 — the viewer's account and the time, on every preview.
 */
export async function previewFile(
  services: Services,
  auth: AuthContext,
  fileId: string,
): Promise<FilePreview> {
  const file = await fileInfo(services, auth, fileId);
  return {
    file,
    kind: file.previewKind,
    converter: services.converter !== null,
    charset: file.previewKind === 'text' ? charsetOf(file.contentType) : null,
    watermark: { account: auth.account, time: formatMinute(new Date()) },
  };
}

const readAll = async (content: Readable) => Buffer.concat((await content.toArray()) as Buffer[]);

/**
 * Conversions under way in this process, by rendition: a second preview of the same document while the
 * first converts waits for it instead of converting again.
 */
const making = new Map<string, Promise<Buffer>>();

/**
 * A rendition of a file (an office document's PDF, an image's thumbnail): the kept one, or made from the
 * file's bytes once, kept in the file store beside it and recorded, so the next call does not make it again.
 */
async function rendition(
  services: Services,
  file: repo.FileRow,
  kind: string,
  make: (bytes: Buffer) => Promise<Buffer>,
): Promise<{ size: number; content: Readable }> {
  const { db, files } = services;
  const key = `${file.id}-${kind}`;
  const kept = await repo.renditionSize(db, file.tenantId, file.id, kind);
  if (kept !== undefined) return { size: kept, content: files.get(file.tenantId, key) };
  const id = `${file.tenantId}/${key}`;
  let made = making.get(id);
  if (!made) {
    made = (async () => {
      const bytes = await make(await readAll(files.get(file.tenantId, file.id)));
      // bytes left by a process that died before recording them are replaced
      await files.remove(file.tenantId, key);
      await files.put(file.tenantId, key, Readable.from(bytes));
      await repo.insertRendition(db, { tenantId: file.tenantId, fileId: file.id, kind, size: bytes.length });
      return bytes;
    })().finally(() => making.delete(id));
    making.set(id, made);
  }
  const bytes = await made;
  return { size: bytes.length, content: Readable.from(bytes) };
}

/** A file's bytes as stored, to be shown in the page. */
const inlineAsStored = (services: Services, file: repo.FileRow): FileDownload => ({
  name: file.name,
  contentType: file.contentType,
  size: file.size,
  content: services.files.get(file.tenantId, file.id),
  inline: true,
});

/**
 * The bytes the online previewer shows (getFileById_{id}), inline: an image, PDF or text file as stored, an
 * office document as PDF (converted with the configured converter, once). Refused: a file of no previewable
 * kind, an office document without a converter or one the converter cannot read.
 */
export async function previewContent(
  services: Services,
  auth: AuthContext,
  id: string,
): Promise<FileDownload> {
  const file = await readableFile(services, auth, id);
  const kind = previewKindOf(file.contentType);
  if (kind === 'image' || kind === 'pdf' || kind === 'text') return inlineAsStored(services, file);
  if (kind !== 'office') throw badRequest('file.notPreviewable');
  const converter = services.converter;
  if (!converter) throw new AppError(409, 'file.noConverter');
  const ext = typeOfContentType(file.contentType)!.extensions[0]!;
  const pdf = await rendition(services, file, 'pdf', (bytes) =>
    converter.toPdf(bytes, ext).catch((error: unknown) => {
      if (error instanceof ConversionError) throw new AppError(422, 'file.conversionFailed');
      throw error;
    }),
  );
  return {
    name: `${file.name.replace(/\.[^.]+$/, '')}.pdf`,
    contentType: 'application/pdf',
    ...pdf,
    inline: true,
  };
}

/** An image as stored, or its WebP thumbnail no larger than `thumbnail` pixels on its longest side (made once). */
async function imageOf(
  services: Services,
  file: repo.FileRow,
  thumbnail: string | undefined,
): Promise<FileDownload> {
  if (previewKindOf(file.contentType) !== 'image') throw badRequest('file.notImage');
  if (!thumbnail) return inlineAsStored(services, file);
  const size = Number(thumbnail);
  // sharp (libvips) is loaded on the first thumbnail, not at every start
  const { default: sharp } = await import('sharp');
  const made = await rendition(services, file, `thumb-${size}`, (bytes) =>
    sharp(bytes, { limitInputPixels: MAX_THUMBNAIL_SOURCE_PIXELS })
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
      // bytes that passed detection but do not decode, or an image too large to decode
      .catch(() => Promise.reject(new AppError(422, 'file.notPreviewable'))),
  );
  return {
    name: `${file.name.replace(/\.[^.]+$/, '')}.webp`,
    contentType: 'image/webp',
    ...made,
    inline: true,
  };
}

/** Image download: a file the caller may read, shown inline (as stored or as a thumbnail). */
export async function downloadImage(
  services: Services,
  auth: AuthContext,
  fileId: string,
  thumbnail: string | undefined,
): Promise<FileDownload> {
  return imageOf(services, await readableFile(services, auth, fileId), thumbnail);
}

/**
 * Image download by the signed address the server gave out (no token): the one file, at the one size, of
 * the one tenant it names, until it expires; the browser may keep it that long. Anything else is 404.
 */
export async function downloadSignedImage(
  services: Services,
  query: { fileId: string; thumbnail?: string; t: string; exp: string; sig: string },
): Promise<FileDownload> {
  const link = {
    tenantId: query.t,
    fileId: query.fileId,
    thumbnail: query.thumbnail ?? '',
    exp: Number(query.exp),
  };
  const file = services.imageLinks.verify(link, query.sig)
    ? await repo.findFile(services.db, link.tenantId, link.fileId)
    : undefined;
  if (!file) throw notFound('file.notFound', { id: query.fileId });
  const seconds = Math.max(0, Math.floor(link.exp - Date.now() / 1000));
  return { ...(await imageOf(services, file, query.thumbnail)), cacheControl: `private, max-age=${seconds}` };
}
