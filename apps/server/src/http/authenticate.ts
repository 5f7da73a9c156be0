import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { revokedTokens, tenants, users } from '../db/schema.js';
import { invalidToken } from '../errors.js';
import type { AuthContext, GuestContext, TokenService } from '../security/tokens.js';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** A guest token's tenant must still be allowed in. */
async function admitGuest(db: Db, guest: GuestContext): Promise<GuestContext> {
  const [tenant] = await db
    .select({ enabled: tenants.enabled })
    .from(tenants)
    .where(eq(tenants.id, guest.tenantId));
  if (!tenant?.enabled) throw invalidToken();
  return guest;
}

/**
 * The caller behind the bearer token: null without a token; an invalid-token error (code 402) when the
 * token is forged, expired, signed out, from before a password change, or its user or tenant is no
 * longer allowed in. A guest token (spec §2 short links) is only taken where `acceptsGuest` says the
 * route allows it; everywhere else it is an invalid token. One indexed query per request.
 */
export async function authenticate(
  request: FastifyRequest,
  db: Db,
  tokens: TokenService,
  acceptsGuest: boolean,
): Promise<AuthContext | GuestContext | null> {
  const token = bearer(request);
  if (!token) return null;
  const claims = await tokens.read(token);
  if (!claims) {
    const guest = acceptsGuest ? await tokens.readGuest(token) : null;
    if (guest) return admitGuest(db, guest);
    throw invalidToken();
  }
  const [row] = await db
    .select({
      status: users.status,
      fullname: users.fullname,
      passwordVersion: users.passwordVersion,
      tenantEnabled: tenants.enabled,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${claims.jti})`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, claims.tenantId), eq(users.id, claims.userId)));
  if (
    !row ||
    row.status !== 1 ||
    !row.tenantEnabled ||
    row.revoked ||
    row.passwordVersion !== claims.passwordVersion
  ) {
    throw invalidToken();
  }
  return { ...claims, fullname: row.fullname };
}
