import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversionError, libreOfficeConverter } from './convert.js';

/**
 * The converter's handling of its program — the timeout, a failure, the concurrency limit — with small
 * programs in its place; the real LibreOffice converts in file-preview.int.test.ts.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'eip-convert-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function program(name: string, body: string) {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

const log = path.join(dir, 'log');
/** Writes the PDF where LibreOffice would (after --outdir), noting when it starts and ends. */
const fakeOffice = program(
  'office',
  `while [ "$1" != "--outdir" ]; do shift; done
echo start >> ${log}; sleep 0.3; echo end >> ${log}
printf '%%PDF-1.4 made' > "$2/document.pdf"`,
);

describe('the office converter', () => {
  it('answers the PDF the program wrote, one conversion at a time under concurrency 1', async () => {
    const converter = libreOfficeConverter({ command: fakeOffice, timeoutMs: 10_000, concurrency: 1 });
    const pdfs = await Promise.all([
      converter.toPdf(Buffer.from('a'), 'docx'),
      converter.toPdf(Buffer.from('b'), 'xlsx'),
    ]);
    expect(pdfs.map((pdf) => pdf.toString())).toEqual(['%PDF-1.4 made', '%PDF-1.4 made']);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['start', 'end', 'start', 'end']);
  });

  it('kills a program that outlives the timeout', async () => {
    const slow = program('slow', 'sleep 30');
    const converter = libreOfficeConverter({ command: slow, timeoutMs: 300, concurrency: 1 });
    const started = Date.now();
    const error = await converter.toPdf(Buffer.from('a'), 'docx').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('fails clearly when the program fails, writes no PDF, or is missing', async () => {
    const failing = libreOfficeConverter({
      command: program('fails', 'echo broken >&2; exit 3'),
      timeoutMs: 5000,
      concurrency: 1,
    });
    await expect(failing.toPdf(Buffer.from('a'), 'doc')).rejects.toThrow(/exited with 3: broken/);
    const silent = libreOfficeConverter({
      command: program('silent', 'exit 0'),
      timeoutMs: 5000,
      concurrency: 1,
    });
    await expect(silent.toPdf(Buffer.from('a'), 'doc')).rejects.toThrow(/made no PDF of a \.doc document/);
    const missing = libreOfficeConverter({
      command: path.join(dir, 'nothing'),
      timeoutMs: 5000,
      concurrency: 1,
    });
    await expect(missing.toPdf(Buffer.from('a'), 'doc')).rejects.toThrow(ConversionError);
  });
});
