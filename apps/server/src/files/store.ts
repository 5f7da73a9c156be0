import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Upload as S3Upload } from '@aws-sdk/lib-storage';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config, FileStoreConfig } from '../config.js';

/**
 * Where uploaded files keep their bytes, by tenant and file id: the local data directory (the default), or an
 * S3-compatible object store that every server process shares.
 */
export interface FileStore {
  /** Writes the bytes; answers how many were written. */
  put(tenantId: string, fileId: string, content: Readable): Promise<number>;
  /** The bytes; a missing file is a stream that fails (code ENOENT) before its first byte. */
  get(tenantId: string, fileId: string): Readable;
  /** Removes the bytes; nothing to remove is no error. */
  remove(tenantId: string, fileId: string): Promise<void>;
}

/** Ids are generated hex strings and tenant ids plain identifiers: neither can leave its directory or prefix. */
const SAFE = /^[A-Za-z0-9_-]+$/;

/** `<tenantId>/<fileId>`, once both are known safe. */
function keyOf(tenantId: string, fileId: string): string {
  if (!SAFE.test(tenantId) || !SAFE.test(fileId)) throw new Error('unsafe file path');
  return `${tenantId}/${fileId}`;
}

export function localFileStore(root: string): FileStore {
  const where = (tenantId: string, fileId: string) => path.join(root, keyOf(tenantId, fileId));
  return {
    async put(tenantId, fileId, content) {
      const file = where(tenantId, fileId);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(content, createWriteStream(file, { flags: 'wx' }));
      return (await stat(file)).size;
    },
    get: (tenantId, fileId) => createReadStream(where(tenantId, fileId)),
    async remove(tenantId, fileId) {
      await rm(where(tenantId, fileId), { force: true });
    },
  };
}

type S3Settings = Omit<Extract<FileStoreConfig, { kind: 's3' }>, 'kind'>;

/**
 * The objects `<tenantId>/<fileId>` of one bucket. An upload streams in parts of 5 MB (at most 4 in flight),
 * whatever its length; a download starts when the stream is first read and stops when it is destroyed.
 */
export function s3FileStore({
  bucket,
  endpoint,
  region,
  credentials,
  forcePathStyle,
}: S3Settings): FileStore {
  // the SDK takes half a second to load: only a server configured for S3 loads it, on its first file
  let loading: Promise<S3> | undefined;
  const s3 = () => (loading ??= connect({ endpoint, region, credentials, forcePathStyle }));
  async function* objectBytes(key: string) {
    const { sdk, client } = await s3();
    const object = await client
      .send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }))
      .catch((error: unknown) => {
        if (!(error instanceof sdk.NoSuchKey)) throw error;
        throw Object.assign(new Error(`ENOENT: no such object ${key}`), { code: 'ENOENT' });
      });
    yield* object.Body as Readable;
  }
  return {
    async put(tenantId, fileId, content) {
      const key = keyOf(tenantId, fileId);
      const { client, Upload } = await s3();
      let size = 0;
      async function* counted() {
        for await (const chunk of content as AsyncIterable<Buffer>) {
          size += chunk.length;
          yield chunk;
        }
      }
      const body = Readable.from(counted(), { objectMode: false });
      await new Upload({ client, params: { Bucket: bucket, Key: key, Body: body } }).done();
      return size;
    },
    get: (tenantId, fileId) => Readable.from(objectBytes(keyOf(tenantId, fileId)), { objectMode: false }),
    async remove(tenantId, fileId) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(tenantId, fileId) }));
    },
  };
}

interface S3 {
  sdk: typeof S3Sdk;
  Upload: typeof S3Upload;
  client: S3Sdk.S3Client;
}

async function connect({
  endpoint,
  region,
  credentials,
  forcePathStyle,
}: Omit<S3Settings, 'bucket'>): Promise<S3> {
  const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client = new sdk.S3Client({
    endpoint,
    region,
    credentials,
    forcePathStyle,
    // S3-compatible stores older than the SDK's default checksums (2025) refuse or mangle them
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, Upload, client };
}

/** The file store the configuration names: the `files` directory under DATA_DIR, or the S3 bucket. */
export const configuredFileStore = ({ fileStore, dataDir }: Config): FileStore =>
  fileStore.kind === 's3' ? s3FileStore(fileStore) : localFileStore(path.join(dataDir, 'files'));
