import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { newId } from '../db/ids.js';

/** Who is asking: read from a valid bearer token. */
export interface AuthContext {
  tenantId: string;
  tenantCode: string;
  userId: string;
  account: string;
  /** the token's id, for sign-out */
  jti: string;
  expiresAt: Date;
  passwordVersion: number;
  /** the caller's full name, read with their status when a request is authenticated */
  fullname?: string;
  /** the post chosen in this session (spec §7 setCookie?postId), read with the caller's status; see currentPostOf */
  postId?: string | null;
}

/**
 * A guest: whoever holds the guest token of a short link made for guests (spec §2). No user: only the
 * link's tenant and its long address, which is all the guest may see.
 */
export interface GuestContext {
  scope: 'guest';
  tenantId: string;
  /** the long address of the link */
  url: string;
  /** the user who made the link (null for links made by the system): a shared page is read as they see it */
  sharedBy: string | null;
  jti: string;
  expiresAt: Date;
}

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

export interface TokenService {
  issue(subject: Omit<AuthContext, 'jti' | 'expiresAt'>): Promise<IssuedToken>;
  /** the claims of a well-signed, unexpired user token, or null (a guest token is null too) */
  read(token: string): Promise<AuthContext | null>;
  /** a guest token limited to one address of a tenant, valid for `ttlSeconds` */
  issueGuest(
    scope: Pick<GuestContext, 'tenantId' | 'url' | 'sharedBy'>,
    ttlSeconds: number,
  ): Promise<IssuedToken>;
  /** the claims of a well-signed, unexpired guest token, or null (a user token is null too) */
  readGuest(token: string): Promise<GuestContext | null>;
}

const ISSUER = 'eip-portal';
/** Tokens whose signature was checked are remembered up to this many (the least recently used are forgotten first). */
const VERIFIED_LIMIT = 10_000;
/** The `scp` claim of guest tokens; user tokens have none. */
const GUEST_SCOPE = 'guest';

export function createTokenService(secret: Buffer, ttlSeconds: number): TokenService {
  // imported once: given the raw bytes, jose would import the key again for every token it checks
  const imported = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const sign = async (claims: Record<string, string | number>, subject: string, lifetimeSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setJti(newId())
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${lifetimeSeconds}s`)
      .sign(await imported);
  // A browser sends the same token with every call for hours: its signature is checked once, and later
  // calls with the very same string only check that it has not expired (sign-out is checked elsewhere,
  // against the database, on every call).
  const verified = new Map<string, JWTPayload>();
  const verify = async (token: string) => {
    const known = verified.get(token);
    if (known) {
      verified.delete(token);
      if (known.exp! * 1000 <= Date.now()) return null;
      verified.set(token, known); // the most recently used are forgotten last
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, await imported, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.exp !== 'number') return null;
      if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
      verified.set(token, payload);
      return payload;
    } catch {
      return null;
    }
  };

  return {
    async issue(subject) {
      const claims = {
        tid: subject.tenantId,
        tcd: subject.tenantCode,
        acc: subject.account,
        pwv: subject.passwordVersion,
      };
      return { token: await sign(claims, subject.userId, ttlSeconds), expiresIn: ttlSeconds };
    },
    async read(token) {
      const payload = await verify(token);
      if (!payload || payload.scp !== undefined) return null;
      const { sub, jti, exp, tid, tcd, acc, pwv } = payload;
      if (
        typeof sub !== 'string' ||
        typeof jti !== 'string' ||
        typeof exp !== 'number' ||
        typeof tid !== 'string' ||
        typeof tcd !== 'string' ||
        typeof acc !== 'string' ||
        typeof pwv !== 'number'
      ) {
        return null;
      }
      return {
        tenantId: tid,
        tenantCode: tcd,
        userId: sub,
        account: acc,
        jti,
        expiresAt: new Date(exp * 1000),
        passwordVersion: pwv,
      };
    },
    async issueGuest(scope, lifetimeSeconds) {
      const claims = { scp: GUEST_SCOPE, tid: scope.tenantId, url: scope.url, by: scope.sharedBy ?? '' };
      return { token: await sign(claims, GUEST_SCOPE, lifetimeSeconds), expiresIn: lifetimeSeconds };
    },
    async readGuest(token) {
      const payload = await verify(token);
      if (!payload || payload.scp !== GUEST_SCOPE) return null;
      const { jti, exp, tid, url, by } = payload;
      if (
        typeof jti !== 'string' ||
        typeof exp !== 'number' ||
        typeof tid !== 'string' ||
        typeof url !== 'string' ||
        typeof by !== 'string'
      ) {
        return null;
      }
      return {
        scope: GUEST_SCOPE,
        tenantId: tid,
        url,
        sharedBy: by || null,
        jti,
        expiresAt: new Date(exp * 1000),
      };
    },
  };
}
