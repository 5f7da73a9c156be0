import type { UploadPurpose } from '@eip/contracts';
import type { TestApp } from './app.js';

export interface Uploaded {
  fileId: string;
  fileName: string;
  size: number;
  contentType: string;
}

/**
 * Uploads one file for a purpose as a browser's FormData sends it (multipart, field `file`, the declared
 * type `type`); answers the envelope.
 */
export async function uploadFile(
  t: TestApp,
  token: string,
  name: string,
  content: Buffer | string,
  type = 'text/plain',
  purpose: UploadPurpose = 'opinion',
) {
  const boundary = '----eip-upload-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/portal/system/file/upload?purpose=${purpose}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as { state: boolean; code: number; message: string; value: Uploaded },
  };
}
