import type { FileOwnerReader } from '../portal/file-access.js';
import { findReadable } from './content.repository.js';
import { readerOf } from './content.service.js';

/**
 * Who reads the files of an entry (cover, inline images, attachments): whoever may read the entry — its
 * audience once it is published, a meeting's people, and editors always.
 */
export const readContentFiles: FileOwnerReader = async (db, auth, newsIds) => {
  const reader = await readerOf(db, auth);
  for (const id of newsIds) if (await findReadable(db, reader, id)) return true;
  return false;
};
