import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Everything the server creates from now on (the embedded database, uploads, the generated secret) is the
 * server user's alone: files 0600, directories 0700. Process-wide, so only the server's entry point calls it.
 */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/**
 * The data directory and its direct entries that others may read or write (from before this version, or
 * copied in with looser modes), for a warning at start: chmod -R go-rwx fixes them.
 */
export function looselyProtected(dataDir: string): string[] {
  const loose = (entry: string) => {
    try {
      return (statSync(entry).mode & 0o077) !== 0;
    } catch {
      return false;
    }
  };
  let entries: string[] = [];
  try {
    entries = readdirSync(dataDir).map((name) => path.join(dataDir, name));
  } catch {
    return [];
  }
  return [dataDir, ...entries].filter(loose);
}
