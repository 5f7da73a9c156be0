import type { Db } from '../../db/client.js';
import type { FileStore } from '../../files/store.js';
import type { JobHandlers } from '../../jobs/runner.js';
import { removeOrphans } from './file.repository.js';

/** How long an uploaded file may stay unattached before it is removed. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60_000;
/** How often the cleanup looks. */
export const CLEANUP_EVERY_MS = 60 * 60_000;
const BATCH = 200;

/**
 * Removes every file that nothing links to (sys_file_link) and that was uploaded before `before`: its row
 * and its renditions' rows in one transaction per batch, then its bytes from the store. Answers how many.
 * A process that stops between the two leaves bytes without a row, never a row without bytes.
 */
export async function removeOrphanFiles(db: Db, store: FileStore, before: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db.transaction((tx) => removeOrphans(tx, before, BATCH));
    for (const file of batch) {
      await store.remove(file.tenantId, file.id);
      for (const kind of file.renditions) await store.remove(file.tenantId, `${file.id}-${kind}`);
    }
    removed += batch.length;
    if (batch.length < BATCH) return removed;
  }
}

/**
 * The periodic cleanup of files uploaded and never attached (an opinion dialog closed, a news draft's
 * image removed): each hour, those older than a day. It talks to the file store, so it works outside the
 * job's transaction.
 */
export const fileJobHandlers = (store: FileStore): JobHandlers => ({
  'file.cleanup': {
    everyMs: CLEANUP_EVERY_MS,
    outside: (db) => removeOrphanFiles(db, store, new Date(Date.now() - ORPHAN_AFTER_MS)),
    run: async () => undefined,
  },
});
