import { Type } from '@sinclair/typebox';
import { Id } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

export const UploadedFile = Type.Object({
  fileId: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
});

/** Schemas of the file routes. */
export const fileSchemas = {
  uploadFile: {
    summary:
      'Upload one file (multipart form data, field `file`): an opinion attachment; answers its id and name',
    value: UploadedFile,
  },
  downloadFile: {
    summary:
      'Download a file: its uploader, an administrator, or whoever takes part in an instance whose opinions attach it',
    query: Type.Object({ fileId: Id }),
    value: Type.Unknown({ description: 'the file itself, not wrapped in the envelope' }),
  },
} as const satisfies Record<string, RouteSchemas>;
