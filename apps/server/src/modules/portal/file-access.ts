import type { Executor } from '../../db/client.js';
import type { AuthContext } from '../../security/tokens.js';

/**
 * Whether the caller may read at least one of these owners (all of one owner type). A file linked to an
 * owner (sys_file_link) may be read by whoever may read that owner: each area that attaches files
 * answers for its own kind of owner.
 */
export type FileOwnerReader = (db: Executor, auth: AuthContext, ownerIds: string[]) => Promise<boolean>;

/** The readers by owner type, put together where the app is built. */
export type FileOwnerReaders = Record<string, FileOwnerReader>;

/** What a file is attached to: opinion attachments belong to their flow instance. */
export interface FileOwner {
  type: string;
  id: string;
}
