import { Type, type Static } from '@sinclair/typebox';
import { FileBytes } from '../common.js';
import { Id, Nullable } from './bpm.js';
import { PrintFormatSchema } from './bpm-personal.js';
import type { RouteSchemas } from './route-schemas.js';

/**
 * What an upload is for: each purpose accepts its own list of file types (detected from the bytes).
 * opinion: an approval opinion's attachment; newsAttachment: an attachment of a news item, notice or
 * meeting; newsCover: a news item's cover picture; newsImage: a picture inside a rich-text body;
 * signature: a handwritten signature (我的签章); seal: a seal's image; mailAttachment: an attachment of a
 * personal mail being written.
 */
export const UPLOAD_PURPOSES = [
  'opinion',
  'newsAttachment',
  'newsCover',
  'newsImage',
  'signature',
  'seal',
  'mailAttachment',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** How the browser previews a file: as an image, a PDF, plain text, an office document (as PDF), or not. */
export const PREVIEW_KINDS = ['image', 'pdf', 'text', 'office', 'none'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** The sizes (longest side, pixels) an image can be downloaded at as a thumbnail. */
export const THUMBNAIL_SIZES = ['128', '256', '512', '1024'] as const;

const Purpose = Type.Union(
  UPLOAD_PURPOSES.map((p) => Type.Literal(p)),
  { description: 'what the file is for: it decides which file types are accepted' },
);
const FileName = Type.String({ minLength: 1, maxLength: 255 });
const Description = Type.String({ maxLength: 500 });

export const UploadedFile = Type.Object({
  fileId: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
});

/** A file's metadata as its readers see it. */
export const FileInfo = Type.Object({
  fileId: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  contentType: Type.String({ description: 'the type detected from the bytes at upload' }),
  purpose: Nullable(Type.String()),
  description: Nullable(Type.String()),
  creatorId: Type.String(),
  creatorName: Nullable(Type.String()),
  createTime: Type.String(),
  previewKind: Type.Union(PREVIEW_KINDS.map((k) => Type.Literal(k))),
  /** the uploader (or an administrator) may change its name and description */
  canEdit: Type.Boolean(),
});
export type FileInfo = Static<typeof FileInfo>;

export const FilePreview = Type.Object({
  file: FileInfo,
  kind: Type.Union(PREVIEW_KINDS.map((k) => Type.Literal(k))),
  /** office documents: whether a converter to PDF is configured on the server */
  converter: Type.Boolean(),
  /** text files: the character set of the bytes */
  charset: Nullable(Type.String()),
  /** spec §9: the watermark over the preview, the viewer's account and the time */
  watermark: Type.Object({ account: Type.String(), time: Type.String() }),
});
export type FilePreview = Static<typeof FilePreview>;

const FileIdQuery = Type.Object({ fileId: Id });

/** The query of an image download by the signed address the server gave out (no bearer token). */
export const SignedImage = Type.Object({
  fileId: Type.String(),
  thumbnail: Type.Union(THUMBNAIL_SIZES.map((size) => Type.Literal(size))),
  t: Type.String(),
  exp: Type.String(),
  sig: Type.String(),
});
export type SignedImage = Static<typeof SignedImage>;

/** Schemas of the file routes. */
export const fileSchemas = {
  uploadFile: {
    summary:
      'Upload one file (multipart form data, field `file`) for a purpose: its type is detected from the bytes and must be one the purpose accepts; the size limit and the uploader’s quota apply; answers its id and cleaned name',
    query: Type.Object({ purpose: Purpose }),
    value: UploadedFile,
  },
  wordPrint: {
    summary:
      'Print a request the caller may read (as its detail page: participants, administrators, a secretary with leaderId): the print template filled with its subject, initiator, dates, the form fields the caller may see, the opinion table and the handwritten signatures, as a Word document or a PDF; the download is recorded as a print record (bpmPrintRecord)',
    body: Type.Object({
      instId: Id,
      format: PrintFormatSchema,
      leaderId: Type.Optional(Id),
    }),
    value: FileBytes,
  },
  downloadFile: {
    summary:
      'Download a file: its uploader, an administrator, or whoever may read what it is attached to (an instance, a news item)',
    query: FileIdQuery,
    value: FileBytes,
  },
  getFileInfo: {
    summary:
      'A file’s metadata (name, size, type, uploader, description, how it previews) for those who may read it',
    params: Type.Object({ id: Id }),
    value: FileInfo,
  },
  previewFile: {
    summary:
      'How to preview a file in the browser: its kind (image, pdf, text, office document shown as PDF, none), whether a converter is configured, and the watermark (viewer’s account and time)',
    query: FileIdQuery,
    value: FilePreview,
  },
  getPreviewContent: {
    summary:
      'The bytes the online previewer shows, inline: an image, PDF or text as stored; an office document converted to PDF (converted once, then cached)',
    params: Type.Object({ id: Id }),
    value: FileBytes,
  },
  updateFileExtraProp: {
    summary:
      'Change the display name and description of files the caller uploaded (administrators: any file); all or nothing; answers the files as they are now',
    body: Type.Array(
      Type.Object({ fileId: Id, fileName: Type.Optional(FileName), description: Type.Optional(Description) }),
      { minItems: 1, maxItems: 100 },
    ),
    value: Type.Array(FileInfo),
  },
  downloadImage: {
    summary:
      'An image file shown inline: as stored, or with `thumbnail` a WebP no larger than that many pixels on its longest side. With the bearer token: a file the caller may read. Without one: the signed address the server gave out (t, exp, sig; a home column’s cover), good for one file at one size until exp',
    query: Type.Object({
      fileId: Id,
      thumbnail: Type.Optional(Type.Union(THUMBNAIL_SIZES.map((s) => Type.Literal(s)))),
      t: Type.Optional(
        Type.String({ minLength: 1, maxLength: 64, description: 'signed address: the tenant' }),
      ),
      exp: Type.Optional(
        Type.String({ pattern: '^[0-9]{1,12}$', description: 'signed address: good until (epoch seconds)' }),
      ),
      sig: Type.Optional(
        Type.String({ minLength: 1, maxLength: 100, description: 'signed address: the server’s signature' }),
      ),
    }),
    value: FileBytes,
  },
} as const satisfies Record<string, RouteSchemas>;
