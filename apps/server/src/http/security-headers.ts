import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The API documentation brings its own policy (@fastify/swagger-ui's staticCSP). */
const DOCS_PREFIX = '/docs';

/**
 * The hashes of the inline scripts of the web app's index.html (the old-IE warning of spec §1), so the policy
 * lets exactly those run and no other inline script. Data blocks (type="application/json") are not scripts.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  const scripts = indexHtml.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/giu);
  return [...scripts]
    .filter(([, attributes = '']) => !/\bsrc=|type="application\/json"/iu.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * The policy: only our own scripts (and the hashed inline ones); styles inline too, since antd writes its
 * CSS-in-JS into style elements and bpmn-js styles its diagram in attributes; images also from data:, blob:
 * (previews) and https: (pictures in news bodies); no plugins; nobody may frame the portal.
 * 'unsafe-eval' remains for one reason: the approval forms validate in the browser with Ajv (rjsf's
 * validator), which compiles each form's schema to a function.
 */
export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, "'unsafe-eval'"].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Browser security headers on every answer: the content security policy (no other site may frame the portal,
 * no inline script runs), no MIME sniffing, the referrer only to our own origin, no powerful features, and HSTS
 * when the portal is reached over https (directly or, with TRUST_PROXY, behind a proxy that says so).
 */
export function registerSecurityHeaders(app: FastifyInstance, webDistDir: string): void {
  const indexPath = path.join(webDistDir, 'index.html');
  let hashes: string[] = [];
  try {
    hashes = inlineScriptHashes(readFileSync(indexPath, 'utf8'));
  } catch {
    // no built web app (API only): no inline script to allow
  }
  const policy = contentSecurityPolicy(hashes);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(DOCS_PREFIX)) reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
