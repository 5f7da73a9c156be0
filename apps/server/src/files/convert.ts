import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Turns an office document into PDF for its preview. */
export interface OfficeConverter {
  /** The PDF of the document (`ext`: its type's extension, e.g. docx); throws ConversionError. */
  toPdf(document: Buffer, ext: string): Promise<Buffer>;
}

export class ConversionError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

export interface ConverterOptions {
  /** the LibreOffice program (soffice), a name on the PATH or a path */
  command: string;
  timeoutMs: number;
  /** conversions running at once in this process; more wait their turn */
  concurrency: number;
}

/** A counting semaphore: `run` waits for one of `size` slots and answers which one it had. */
function slots(size: number) {
  const free = Array.from({ length: size }, (_, i) => i);
  const waiting: ((slot: number) => void)[] = [];
  const take = () =>
    new Promise<number>((resolve) => {
      const slot = free.pop();
      if (slot === undefined) waiting.push(resolve);
      else resolve(slot);
    });
  const give = (slot: number) => {
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  };
  return async <T>(work: (slot: number) => Promise<T>) => {
    const slot = await take();
    try {
      return await work(slot);
    } finally {
      give(slot);
    }
  };
}

/** Runs the program; rejects when it fails or outlives the timeout (then it and its children are killed). */
function runProgram(command: string, args: string[], timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new ConversionError(`${command} took longer than ${timeoutMs} ms`, true));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ConversionError(`${command} could not be started: ${error.message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new ConversionError(`${command} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/**
 * LibreOffice headless as the converter. Each slot has its own LibreOffice profile (two instances on one
 * profile block each other), made on its first conversion and reused after; every conversion works in a
 * directory of its own that is removed afterwards.
 */
export function libreOfficeConverter(options: ConverterOptions): OfficeConverter {
  const run = slots(options.concurrency);
  const profiles = path.join(os.tmpdir(), `eip-office-${process.pid}`);
  return {
    toPdf: (document, ext) =>
      run(async (slot) => {
        const profile = path.join(profiles, String(slot));
        await mkdir(profile, { recursive: true });
        const work = await mkdtemp(path.join(os.tmpdir(), 'eip-convert-'));
        try {
          const source = path.join(work, `document.${ext}`);
          await writeFile(source, document);
          await runProgram(
            options.command,
            [
              `-env:UserInstallation=${pathToFileURL(profile).href}`,
              '--headless',
              '--norestore',
              '--nologo',
              '--nolockcheck',
              '--convert-to',
              'pdf',
              '--outdir',
              work,
              source,
            ],
            options.timeoutMs,
          );
          if (!(await readdir(work)).includes('document.pdf'))
            throw new ConversionError(`${options.command} made no PDF of a .${ext} document`);
          return await readFile(path.join(work, 'document.pdf'));
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      }),
  };
}
