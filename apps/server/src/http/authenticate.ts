import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { coalesce } from '../db/coalesce.js';
import type { Db } from '../db/client.js';
import { statement, value } from '../db/statements.js';
import { revokedTokens, sessionActivity, tenants, users } from '../db/schema.js';
import { invalidToken } from '../errors.js';
import type { AuthContext, GuestContext, TokenService } from '../security/tokens.js';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** What decides whether a signed-in user's token still lets them in. */
interface Standing {
  status: number;
  fullname: string;
  passwordVersion: number;
  tenantEnabled: boolean;
  revoked: boolean;
  /** when the token was last used; null before its first use */
  lastSeenAt: Date | null;
  /** the post chosen in this session, if any */
  postId: string | null;
}

/** A token's use is written down at most this often, so a busy user costs one write a minute. */
const ACTIVITY_EVERY_MS = 60_000;

/** The standing of the users behind many tokens, in one indexed query; `i` numbers them from 1. */
const standings = statement<
  { tenantIds: string[]; userIds: string[]; jtis: string[] },
  Standing & { i: number }
>(
  () => sql`
    select k.i::int as i, u.status, u.fullname, u.password_version as "passwordVersion",
           t.enabled as "tenantEnabled",
           exists (select 1 from ${revokedTokens} r where r.jti = k.jti) as revoked,
           a.last_seen_at as "lastSeenAt", a.post_id as "postId"
    from unnest(${value('tenantIds')}::text[], ${value('userIds')}::text[], ${value('jtis')}::text[])
         with ordinality as k(tenant_id, user_id, jti, i)
    join ${users} u on u.tenant_id = k.tenant_id and u.id = k.user_id
    join ${tenants} t on t.id = u.tenant_id
    left join ${sessionActivity} a on a.jti = k.jti`,
);

/**
 * Looks up the standing behind a token: the lookups of one event-loop turn share one query (coalesce),
 * so a busy server sends one lookup for many calls.
 */
function standingLookup(db: Db) {
  return coalesce(async (claims: AuthContext[]): Promise<(Standing | undefined)[]> => {
    const rows = await standings(db, {
      tenantIds: claims.map((c) => c.tenantId),
      userIds: claims.map((c) => c.userId),
      jtis: claims.map((c) => c.jti),
    });
    const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
    return claims.map((_, i) => byIndex.get(i + 1));
  });
}

export type Authenticate = (
  request: FastifyRequest,
  acceptsGuest: boolean,
) => Promise<AuthContext | GuestContext | null>;

/**
 * The caller behind the bearer token: null without a token; an invalid-token error (code 402) when the
 * token is forged, expired, unused for longer than the idle timeout, signed out, from before a password
 * change, or its user or tenant is no longer allowed in. A guest token (spec §2 short links) is only taken where `acceptsGuest` says the
 * route allows it; everywhere else it is an invalid token.
 */
export function createAuthenticate(db: Db, tokens: TokenService, idleMinutes?: number): Authenticate {
  const standingOf = standingLookup(db);
  const idleMs = idleMinutes === undefined ? Infinity : idleMinutes * 60_000;

  /** Writes down that the token was used now (issue 14's idle timeout), at most once a minute. */
  async function noteUse(claims: AuthContext, lastSeenAt: Date | null) {
    if (lastSeenAt && Date.now() - lastSeenAt.getTime() < ACTIVITY_EVERY_MS) return;
    await db
      .insert(sessionActivity)
      .values({ jti: claims.jti, lastSeenAt: new Date(), expiresAt: claims.expiresAt })
      .onConflictDoUpdate({ target: sessionActivity.jti, set: { lastSeenAt: sql`now()` } });
  }

  /** A guest token's tenant must still be allowed in. */
  async function admitGuest(guest: GuestContext): Promise<GuestContext> {
    const [tenant] = await db
      .select({ enabled: tenants.enabled })
      .from(tenants)
      .where(eq(tenants.id, guest.tenantId));
    if (!tenant?.enabled) throw invalidToken();
    return guest;
  }

  return async (request, acceptsGuest) => {
    const token = bearer(request);
    if (!token) return null;
    const claims = await tokens.read(token);
    if (!claims) {
      const guest = acceptsGuest ? await tokens.readGuest(token) : null;
      if (guest) return admitGuest(guest);
      throw invalidToken();
    }
    const standing = await standingOf(claims);
    if (
      !standing ||
      standing.status !== 1 ||
      !standing.tenantEnabled ||
      standing.revoked ||
      standing.passwordVersion !== claims.passwordVersion ||
      (standing.lastSeenAt && Date.now() - new Date(standing.lastSeenAt).getTime() > idleMs)
    ) {
      throw invalidToken();
    }
    await noteUse(claims, standing.lastSeenAt && new Date(standing.lastSeenAt));
    return { ...claims, fullname: standing.fullname, postId: standing.postId };
  };
}
