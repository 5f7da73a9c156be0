import type { PreviewKind, UploadPurpose } from '@eip/contracts';
import { fileTypeFromBuffer } from 'file-type';

/** A type of file the portal accepts: how it is named, its media type, and how it previews. */
export interface FileType {
  /** the name users know it by, e.g. docx */
  id: string;
  mime: string;
  /** the extensions its files carry; the first is added to a name without one */
  extensions: string[];
  preview: PreviewKind;
}

const type = (id: string, mime: string, preview: PreviewKind, extensions = [id]): FileType => ({
  id,
  mime,
  extensions,
  preview,
});
const OOXML = 'application/vnd.openxmlformats-officedocument';
const ODF = 'application/vnd.oasis.opendocument';

/** Every type some purpose accepts, by id. */
const TYPES = Object.fromEntries(
  [
    type('png', 'image/png', 'image'),
    type('jpg', 'image/jpeg', 'image', ['jpg', 'jpeg']),
    type('gif', 'image/gif', 'image'),
    type('webp', 'image/webp', 'image'),
    type('bmp', 'image/bmp', 'image'),
    type('pdf', 'application/pdf', 'pdf'),
    type('docx', `${OOXML}.wordprocessingml.document`, 'office'),
    type('xlsx', `${OOXML}.spreadsheetml.sheet`, 'office'),
    type('pptx', `${OOXML}.presentationml.presentation`, 'office'),
    type('doc', 'application/msword', 'office'),
    type('xls', 'application/vnd.ms-excel', 'office'),
    type('ppt', 'application/vnd.ms-powerpoint', 'office'),
    type('odt', `${ODF}.text`, 'office'),
    type('ods', `${ODF}.spreadsheet`, 'office'),
    type('odp', `${ODF}.presentation`, 'office'),
    type('rtf', 'application/rtf', 'office'),
    type('txt', 'text/plain', 'text', ['txt', 'log']),
    type('csv', 'text/csv', 'text'),
    type('md', 'text/markdown', 'text', ['md', 'markdown']),
    type('zip', 'application/zip', 'none'),
    type('7z', 'application/x-7z-compressed', 'none'),
    type('rar', 'application/vnd.rar', 'none'),
  ].map((t) => [t.id, t]),
) as Record<string, FileType>;

const IMAGES = ['png', 'jpg', 'gif', 'webp', 'bmp'];
const ATTACHMENTS = [
  ...IMAGES,
  ...['pdf', 'docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'odt', 'ods', 'odp', 'rtf'],
  ...['txt', 'csv', 'md', 'zip', '7z', 'rar'],
];

/** The types each purpose accepts (spec §7 upload; README "Files"). */
export const ALLOWED_TYPES: Record<UploadPurpose, readonly string[]> = {
  opinion: ATTACHMENTS,
  newsAttachment: ATTACHMENTS,
  newsCover: IMAGES,
  newsImage: IMAGES,
  signature: ['png', 'jpg'],
  seal: ['png', 'jpg'],
  mailAttachment: ATTACHMENTS,
};

/** Text types: they have no signature, so their extension names them once the bytes are text. */
const TEXT_TYPES = ['txt', 'csv', 'md'];
/** The old binary office formats share one container (CFB): the extension says which it is. */
const CFB_TYPES = ['doc', 'xls', 'ppt'];

/** How many leading bytes detection reads: enough for every signature and an office file's first entries. */
export const DETECT_BYTES = 64 * 1024;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const typeByExtension = (ids: string[], ext: string) =>
  ids.map((id) => TYPES[id]!).find((t) => t.extensions.includes(ext));

/**
 * The character set of text bytes — UTF-8, or GB18030 (what Chinese Windows and Excel write) — or null
 * when they are not text: a NUL or another control character than tab, line feed, form feed and carriage
 * return, or bytes neither decodes. `complete` false: the bytes are the head of a longer file, so a
 * character cut at the end is not held against them.
 */
export function textCharset(bytes: Uint8Array, complete: boolean): 'utf-8' | 'gb18030' | null {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f)
      return null;
  }
  for (const charset of ['utf-8', 'gb18030'] as const) {
    try {
      // streaming: a character cut at the end of a head waits for bytes that never come, unblamed
      new TextDecoder(charset, { fatal: true }).decode(bytes, { stream: !complete });
      return charset;
    } catch {
      // not this character set
    }
  }
  return null;
}

/** What the bytes of an upload are. */
export type Detected =
  | { ok: true; type: FileType; charset: 'utf-8' | 'gb18030' | null }
  /** the bytes are of a type the purpose does not accept (`found`: what they are, when known) */
  | { ok: false; reason: 'forbidden'; found: string }
  /** the bytes are of an accepted type, but the name's extension says another */
  | { ok: false; reason: 'mismatch'; found: string };

/**
 * The type of an upload from its leading bytes (`head`, at most DETECT_BYTES; `complete` when that is
 * the whole file), never from the declared media type. The name only tells apart what the bytes cannot:
 * which text type, which old office format.
 */
export async function detectType(
  head: Uint8Array,
  complete: boolean,
  name: string,
  allowed: readonly string[],
): Promise<Detected> {
  const ext = extensionOf(name);
  const signature = await fileTypeFromBuffer(head);
  let found: FileType | undefined;
  let charset: 'utf-8' | 'gb18030' | null = null;
  if (signature?.ext === 'cfb') {
    found = typeByExtension(CFB_TYPES, ext);
    if (!found) return { ok: false, reason: 'forbidden', found: 'cfb' };
  } else if (signature) {
    found = Object.values(TYPES).find((t) => t.extensions[0] === signature.ext || t.id === signature.ext);
    if (!found) return { ok: false, reason: 'forbidden', found: signature.ext };
  } else {
    charset = textCharset(head, complete);
    if (!charset) return { ok: false, reason: 'forbidden', found: ext || 'bin' };
    found = typeByExtension(TEXT_TYPES, ext) ?? (ext ? undefined : TYPES.txt);
    if (!found) return { ok: false, reason: 'forbidden', found: ext };
  }
  if (!allowed.includes(found.id)) return { ok: false, reason: 'forbidden', found: found.id };
  if (ext && !found.extensions.includes(ext)) return { ok: false, reason: 'mismatch', found: found.id };
  return { ok: true, type: found, charset };
}

/** The media type stored for a detected upload (text carries its character set). */
export const storedContentType = (detected: { type: FileType; charset: string | null }) =>
  detected.charset ? `${detected.type.mime}; charset=${detected.charset}` : detected.type.mime;

/** The type of a stored file's media type, when it is one of ours. */
export function typeOfContentType(contentType: string): FileType | undefined {
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  return Object.values(TYPES).find((t) => t.mime === mime);
}

/** How a stored file previews, from its media type. */
export const previewKindOf = (contentType: string): PreviewKind =>
  typeOfContentType(contentType)?.preview ?? 'none';

/** The character set of a stored text file's media type. */
export const charsetOf = (contentType: string) =>
  /charset=([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase() ??
  (contentType.startsWith('text/') ? 'utf-8' : null);

/** The extension a name without one gets from its detected type. */
export const withExtension = (name: string, detected: FileType) =>
  extensionOf(name) ? name : `${name}.${detected.extensions[0]}`;

/** The types a purpose accepts, for the message that refuses another. */
export const allowedList = (purpose: UploadPurpose) => ALLOWED_TYPES[purpose].join(', ');
