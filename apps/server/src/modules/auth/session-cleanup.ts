import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessionActivity } from '../../db/schema.js';
import type { JobHandlers } from '../../jobs/runner.js';
import { forgetUsedCiphertexts } from '../../security/password-transport.js';
import { forgetExpiredHandshakes } from './sso.repository.js';

/** How often the tokens past their lifetime are forgotten. */
export const SESSION_CLEANUP_EVERY_MS = 60 * 60_000;

/**
 * Forgets the last use of every sign-in token past its lifetime (such a token is refused anyway), the
 * single sign-on handshakes past theirs, and the used password ciphertexts past their memory.
 */
export async function forgetExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessionActivity).where(lt(sessionActivity.expiresAt, new Date()));
  await forgetExpiredHandshakes(db);
  await forgetUsedCiphertexts(db);
}

export const sessionJobHandlers = (): JobHandlers => ({
  'session.cleanup': {
    everyMs: SESSION_CLEANUP_EVERY_MS,
    outside: forgetExpiredSessions,
    run: async () => undefined,
  },
});
