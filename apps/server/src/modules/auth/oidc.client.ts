import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { AppError } from '../../errors.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/** How long the provider may take to answer (discovery, token, userinfo), in seconds. */
const PROVIDER_TIMEOUT_S = 10;

/** The provider's metadata by issuer: read once per process (it is not user state) and again after a failure. */
const discovered = new Map<string, oidc.Configuration>();

async function providerOf(settings: OidcSettings, log: FastifyBaseLogger): Promise<oidc.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  const known = discovered.get(key);
  if (known) return known;
  try {
    const config = await oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret ?? undefined,
      settings.clientSecret ? undefined : oidc.None(),
      {
        timeout: PROVIDER_TIMEOUT_S,
        // config.ts allows http:// only outside production
        execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      },
    );
    discovered.set(key, config);
    return config;
  } catch (error) {
    log.warn({ err: error, issuer: settings.issuer }, 'the OpenID Connect provider could not be discovered');
    throw new AppError(502, 'sso.unreachable');
  }
}

/** What an authorization started with and must end with: kept server-side, used once. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization address for a code that comes back to `redirectUri`, and its checks. */
export async function startAuthorization(
  settings: OidcSettings,
  redirectUri: string,
  log: FastifyBaseLogger,
): Promise<{ url: string; checks: AuthorizationChecks }> {
  const config = await providerOf(settings, log);
  const checks = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, checks };
}

/**
 * Redeems the code that came back to `redirectUri` (its query: code, state, iss) with its checks, and answers
 * the claims of the ID token completed by the userinfo answer. The provider refusing is `sso.rejected`; not
 * reaching it is `sso.unreachable`.
 */
export async function finishAuthorization(
  settings: OidcSettings,
  redirectUri: string,
  returned: Record<string, string>,
  checks: AuthorizationChecks,
  log: FastifyBaseLogger,
): Promise<Record<string, unknown>> {
  const config = await providerOf(settings, log);
  const currentUrl = new URL(redirectUri);
  for (const [name, value] of Object.entries(returned)) currentUrl.searchParams.set(name, value);
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    return { ...userinfo, ...idClaims };
  } catch (error) {
    // the library's own checks and the provider's error answers carry an OAUTH_ code; a failed fetch does not
    const refused = error instanceof Error && 'code' in error && String(error.code).startsWith('OAUTH_');
    log.warn({ err: error }, refused ? 'the provider refused a code' : 'the provider could not be reached');
    throw new AppError(refused ? 400 : 502, refused ? 'sso.rejected' : 'sso.unreachable');
  }
}

/**
 * Where the provider ends its session and sends the browser on to `postLogoutUri` (RP-initiated logout); a
 * provider without an end_session_endpoint has no session to end from here: straight to `postLogoutUri`.
 */
export async function endSessionUrl(
  settings: OidcSettings,
  postLogoutUri: string,
  log: FastifyBaseLogger,
): Promise<string> {
  const config = await providerOf(settings, log);
  if (!config.serverMetadata().end_session_endpoint) return postLogoutUri;
  return oidc.buildEndSessionUrl(config, {
    client_id: settings.clientId,
    post_logout_redirect_uri: postLogoutUri,
  }).href;
}
