import type { Executor } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext, GuestContext } from '../../security/tokens.js';
import { findTenantById } from '../uc/tenant.repository.js';
import { findUserById } from '../uc/user.repository.js';

/** The app page a request is shared as (issue 17's 分享): its read-only approval form. */
export const SHARED_REQUEST_PAGE = '/matter/approvalForm';

/**
 * Who reads an instance, for which leader: a signed-in caller reads as themselves (a secretary for the leader
 * she names); the guest of a link shared for guests reads the one request its link names, as the person who
 * shared it sees it, for no leader (so a link never shows more than its maker may see, and nothing once they
 * leave). Any other guest, or a sharer no longer active, gets 404.
 */
export async function readerOf(
  db: Executor,
  caller: AuthContext | GuestContext,
  { instId, leaderId }: { instId: string; leaderId?: string },
): Promise<{ reader: AuthContext; leaderId?: string }> {
  if (!('scope' in caller)) return { reader: caller, leaderId };
  return { reader: await sharerOf(db, caller, instId) };
}

async function sharerOf(db: Executor, caller: GuestContext, instId: string): Promise<AuthContext> {
  // a link may hold any http(s) address, some of which URL cannot read: those share no request
  const link = URL.canParse(caller.url, 'http://link') ? new URL(caller.url, 'http://link') : null;
  const shared =
    link?.pathname === SHARED_REQUEST_PAGE && link.searchParams.get('instId') === instId && caller.sharedBy;
  const [tenant, sharer] = shared
    ? await Promise.all([findTenantById(db, caller.tenantId), findUserById(db, caller.tenantId, shared)])
    : [];
  if (!tenant || !sharer || sharer.status !== 1) throw notFound('flow.instanceNotFound', { id: instId });
  return {
    tenantId: tenant.id,
    tenantCode: tenant.code,
    userId: sharer.id,
    account: sharer.account,
    fullname: sharer.fullname,
    passwordVersion: sharer.passwordVersion,
    jti: caller.jti,
    expiresAt: caller.expiresAt,
  };
}
