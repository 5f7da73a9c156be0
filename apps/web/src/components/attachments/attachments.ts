import type { OpinionFile, UploadPurpose } from '@eip/contracts';
import { callBlob, callUpload } from '../../api/client';

/**
 * Uploads a file for a purpose (which decides the types the server accepts), answered as attachments are
 * stored ({name, response: {fileId, fileName}}).
 */
export async function uploadAttachment(file: File, purpose: UploadPurpose): Promise<OpinionFile> {
  const { fileId, fileName } = await callUpload('uploadFile', file, { query: { purpose } });
  return { name: fileName, response: { fileId, fileName } };
}

/** Hands a downloaded file to the browser to save under its name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads a file and hands it to the browser to save under its name. */
export async function downloadFileById(fileId: string, name: string): Promise<void> {
  saveBlob(await callBlob('downloadFile', { query: { fileId } }), name);
}

/** Downloads an attachment and hands it to the browser to save under its name. */
export const downloadAttachment = (file: OpinionFile) => downloadFileById(file.response.fileId, file.name);
