import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newId } from '../db/ids.js';
import type { FileDownload } from '../http/register.js';

/**
 * A generated file of any size as a download: `write` fills a temporary file as its rows come, the answer
 * streams it with its length, and the file goes when the stream closes (or at once when writing fails).
 */
export async function tempFileDownload(
  name: string,
  contentType: string,
  write: (filename: string) => Promise<unknown>,
): Promise<FileDownload> {
  const filename = path.join(tmpdir(), `eip-download-${newId()}`);
  try {
    await write(filename);
    const { size } = await stat(filename);
    const content = createReadStream(filename);
    content.on('close', () => void rm(filename, { force: true }));
    return { name, contentType, size, content };
  } catch (error) {
    await rm(filename, { force: true });
    throw error;
  }
}
