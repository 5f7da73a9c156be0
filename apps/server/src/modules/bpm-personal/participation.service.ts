import type { Executor } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { isAdmin } from './access.js';
import { findInstance } from './participation.repository.js';

/**
 * The instance, when the caller takes part in it (or, with `administrators`, administers the tenant);
 * 404 otherwise, so that nobody learns which ids exist.
 */
export async function instanceOf(
  db: Executor,
  auth: AuthContext,
  instId: string,
  options: { administrators: boolean } = { administrators: false },
) {
  const everyone = options.administrators && (await isAdmin(db, auth));
  const instance = await findInstance(db, auth.tenantId, instId, everyone ? undefined : auth.userId);
  if (!instance) throw notFound('flow.instanceNotFound', { id: instId });
  return instance;
}
