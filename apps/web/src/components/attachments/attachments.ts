import type { OpinionFile } from '@eip/contracts';
import { callBlob, callUpload } from '../../api/client';

/** Uploads a file for an opinion: as the opinion stores it ({name, response: {fileId, fileName}}). */
export async function uploadAttachment(file: File): Promise<OpinionFile> {
  const { fileId, fileName } = await callUpload('uploadFile', file);
  return { name: fileName, response: { fileId, fileName } };
}

/** Downloads an attachment and hands it to the browser to save under its name. */
export async function downloadAttachment(file: OpinionFile): Promise<void> {
  const blob = await callBlob('downloadFile', { query: { fileId: file.response.fileId } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
