import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files keep their bytes, by tenant and file id. The local directory is the default;
 * several server processes need a shared one (or an object store behind this same interface).
 */
export interface FileStore {
  /** Writes the bytes; answers how many were written. */
  put(tenantId: string, fileId: string, content: Readable): Promise<number>;
  get(tenantId: string, fileId: string): Readable;
  remove(tenantId: string, fileId: string): Promise<void>;
}

/** Ids are generated hex strings and tenant ids plain identifiers: neither can leave the directory. */
const SAFE = /^[A-Za-z0-9_-]+$/;

export function localFileStore(root: string): FileStore {
  const where = (tenantId: string, fileId: string) => {
    if (!SAFE.test(tenantId) || !SAFE.test(fileId)) throw new Error('unsafe file path');
    return path.join(root, tenantId, fileId);
  };
  return {
    async put(tenantId, fileId, content) {
      const file = where(tenantId, fileId);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(content, createWriteStream(file, { flags: 'wx' }));
      return (await stat(file)).size;
    },
    get: (tenantId, fileId) => createReadStream(where(tenantId, fileId)),
    remove: (tenantId, fileId) => rm(where(tenantId, fileId), { force: true }),
  };
}

/** The file store the configuration names: today the `files` directory under DATA_DIR. */
export const configuredFileStore = (config: Config): FileStore =>
  localFileStore(path.join(config.dataDir, 'files'));
