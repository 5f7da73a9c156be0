import { jwtVerify, SignJWT } from 'jose';
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
}

export interface TokenService {
  issue(subject: Omit<AuthContext, 'jti' | 'expiresAt'>): Promise<{ token: string; expiresIn: number }>;
  /** the claims of a well-signed, unexpired token, or null */
  read(token: string): Promise<AuthContext | null>;
}

const ISSUER = 'eip-portal';

export function createTokenService(key: Buffer, ttlSeconds: number): TokenService {
  return {
    async issue(subject) {
      const token = await new SignJWT({
        tid: subject.tenantId,
        tcd: subject.tenantCode,
        acc: subject.account,
        pwv: subject.passwordVersion,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject.userId)
        .setJti(newId())
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
      return { token, expiresIn: ttlSeconds };
    },
    async read(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
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
      } catch {
        return null;
      }
    },
  };
}
