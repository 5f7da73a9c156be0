import type { OpinionFile } from '@eip/contracts';
import { callBlob, callUpload } from '../../api/client';

/** Uploads a file for an opinion: as the opinion stores it ({name, response: {fileId, fileName}}). */
export async function uploadAttachment(file: File): Promise<OpinionFile> {
  const { fileId, fileName } = await callUpload('uploadFile', file);
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

/** Downloads an attachment and hands it to the browser to save under its name. */
export async function downloadAttachment(file: OpinionFile): Promise<void> {
  saveBlob(await callBlob('downloadFile', { query: { fileId: file.response.fileId } }), file.name);
}
