import type { FileOwnerReader } from '../portal/file-access.js';
import { takesPartIn } from './lists.repository.js';

/** Opinion attachments are linked to their flow instance under this owner type. */
export const INSTANCE_FILES = 'flowInstance';

/** Those who take part in an instance read the files attached to it. */
export const readInstanceFiles: FileOwnerReader = async (db, auth, instanceIds) => {
  for (const instanceId of instanceIds) {
    if (await takesPartIn(db, auth.tenantId, instanceId, auth.userId)) return true;
  }
  return false;
};
