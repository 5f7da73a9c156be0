import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3.js';
import { loadConfig } from '../config.js';
import { configuredFileStore, localFileStore, type FileStore } from './store.js';

const MB = 1024 * 1024;
let s3: S3Server;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'eip-store-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const s3Store = () => configuredFileStore(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
const readAll = async (content: Readable) => Buffer.concat((await content.toArray()) as Buffer[]);

/** `count` chunks of one MB, made as they are read, each filled with its own number. */
function megabytes(count: number): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) yield Buffer.alloc(MB, i);
    })(),
    { objectMode: false },
  );
}

const digest = async (content: AsyncIterable<Buffer>) => {
  const hash = createHash('sha256');
  for await (const chunk of content) hash.update(chunk);
  return hash.digest('hex');
};

describe.each([
  ['local', () => localFileStore(path.join(dataDir, 'files'))],
  ['s3', s3Store],
])('the %s file store', (_kind, make: () => FileStore) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });

  it('keeps bytes by tenant and file id, and removes them (twice is no error)', async () => {
    expect(await store.put('t1', 'f1', Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toBe(
      11,
    );
    expect(await store.put('t2', 'f1', Readable.from([Buffer.from('other tenant')]))).toBe(12);
    expect((await readAll(store.get('t1', 'f1'))).toString()).toBe('hello world');
    expect((await readAll(store.get('t2', 'f1'))).toString()).toBe('other tenant');
    await store.remove('t1', 'f1');
    await store.remove('t1', 'f1');
    await expect(readAll(store.get('t1', 'f1'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await readAll(store.get('t2', 'f1'))).toString()).toBe('other tenant');
  });

  it('keeps an empty file', async () => {
    expect(await store.put('t1', 'empty', Readable.from([]))).toBe(0);
    expect(await readAll(store.get('t1', 'empty'))).toEqual(Buffer.alloc(0));
  });

  it('answers a missing file with a stream that fails before its first byte', async () => {
    const content = store.get('t1', 'never-stored');
    const chunks: Buffer[] = [];
    content.on('data', (chunk: Buffer) => chunks.push(chunk));
    const error = await new Promise((resolve) => content.on('error', resolve));
    expect(error).toMatchObject({ code: 'ENOENT' });
    expect(chunks).toEqual([]);
  });

  it('refuses an id that could leave the tenant’s place', async () => {
    expect(() => store.get('t1', '../t2/f1')).toThrow('unsafe file path');
    expect(() => store.get('t1/..', 'f1')).toThrow('unsafe file path');
    await expect(store.put('t1', 'a/b', Readable.from([]))).rejects.toThrow('unsafe file path');
    await expect(store.remove('..', 'f1')).rejects.toThrow('unsafe file path');
  });

  it('streams 20 MB in and out unchanged', async () => {
    expect(await store.put('t1', 'large', megabytes(20))).toBe(20 * MB);
    expect(await digest(store.get('t1', 'large'))).toBe(await digest(megabytes(20)));
  });
});

describe('the s3 file store', () => {
  it('is one store for every process: what one client puts, another reads and removes', async () => {
    const [a, b] = [s3Store(), s3Store()];
    await a.put('t1', 'shared', Readable.from([Buffer.from('from a')]));
    expect((await readAll(b.get('t1', 'shared'))).toString()).toBe('from a');
    await b.remove('t1', 'shared');
    await expect(readAll(a.get('t1', 'shared'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps nothing of an upload whose source fails part way', async () => {
    const store = s3Store();
    const failing = Readable.from(
      (function* () {
        yield Buffer.alloc(6 * MB, 1);
        throw new Error('client went away');
      })(),
      { objectMode: false },
    );
    // (s3rver cannot abort a multipart upload: its refusal hides the source's error there, not on S3 itself)
    await expect(store.put('t1', 'broken', failing)).rejects.toThrow();
    await expect(readAll(store.get('t1', 'broken'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops a download that is destroyed part way', async () => {
    const store = s3Store();
    await store.put('t1', 'stopped', megabytes(8));
    const content = store.get('t1', 'stopped');
    for await (const chunk of content as AsyncIterable<Buffer>) {
      expect(chunk[0]).toBe(0);
      break;
    }
    expect(content.destroyed).toBe(true);
    expect(await digest(store.get('t1', 'stopped'))).toBe(await digest(megabytes(8)));
  });
});
