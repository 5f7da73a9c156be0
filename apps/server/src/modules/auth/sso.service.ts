import type { FastifyBaseLogger } from 'fastify';
import { routeUrl, type LoginResult, type SsoConfig as PublicSsoConfig } from '@eip/contracts';
import { createHash } from 'node:crypto';
import type { SsoConfig } from '../../config.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import type { AuditNote } from '../../http/register.js';
import type { Services } from '../../services.js';
import { resolveTenant } from '../uc/tenant.service.js';
import { findUserByAccount } from '../uc/user.repository.js';
import { refuseUnlessActive, startSession } from './auth.service.js';
import { validateCasTicket } from './cas.client.js';
import { endSessionUrl, finishAuthorization, startAuthorization } from './oidc.client.js';
import {
  openAuthorizationsFrom,
  rememberAuthorization,
  takeAuthorization,
  useTicketOnce,
} from './sso.repository.js';

/** How many oauth sign-ons one client address may have open (each is kept ten minutes, or until used). */
export const SSO_STARTS_PER_ADDRESS = 1_000;

/** Spec §2: how the web app sends users to sign in, learnt at its start. */
export function publicSsoConfig(sso: SsoConfig | null): PublicSsoConfig {
  if (!sso) return { mode: 'password', ssoUrl: null, logoutUrl: null };
  return {
    mode: sso.mode,
    ssoUrl: sso.mode === 'cas' ? `${sso.casUrl}/login` : routeUrl('ssoAuthorize'),
    logoutUrl: routeUrl('ssoLogout'),
  };
}

function ssoOn(services: Services): SsoConfig {
  if (!services.config.sso) throw notFound('sso.off');
  return services.config.sso;
}

/** The page a sign-in comes back to must be one of this portal's (PUBLIC_URL): nothing is sent elsewhere. */
function checkService(services: Services, service: string): void {
  const { publicUrl } = services.config;
  if (!service.startsWith(`${publicUrl}/`) || !URL.canParse(service)) throw badRequest('sso.badService');
}

/** oauth: the redirect address registered with the provider is the page itself, without its query. */
const redirectUriOf = (service: string) => {
  const url = new URL(service);
  url.search = '';
  url.hash = '';
  return url.href;
};

/**
 * oauth: starts an authorization code sign-in (PKCE, state and nonce kept here) and answers where to go, with the
 * state: the browser keeps it too (a cookie), so a code can only finish the sign-in in the browser that began it.
 */
export async function authorizeSso(
  services: Services,
  service: string,
  address: string,
  log: FastifyBaseLogger,
): Promise<{ url: string; state: string }> {
  const sso = ssoOn(services);
  if (sso.mode !== 'oauth') throw notFound('sso.off');
  checkService(services, service);
  // each start keeps a handshake until used or expired: one address may keep only so many open (staff behind
  // one proxy share it, so the limit is generous)
  if ((await openAuthorizationsFrom(services.db, address)) >= SSO_STARTS_PER_ADDRESS)
    throw new AppError(429, 'sso.tooManyStarts');
  const redirectUri = redirectUriOf(service);
  const { url, checks } = await startAuthorization(sso, redirectUri, log);
  await rememberAuthorization(services.db, { ...checks, service: redirectUri, address });
  return { url, state: checks.state };
}

/** After sign-out here: where the single sign-on session ends too (CAS 3.0 /logout, OIDC end session), then `service`. */
export async function logoutSso(
  services: Services,
  service: string,
  log: FastifyBaseLogger,
): Promise<string> {
  const sso = ssoOn(services);
  checkService(services, service);
  if (sso.mode === 'cas') return `${sso.casUrl}/logout?service=${encodeURIComponent(service)}`;
  return endSessionUrl(sso, service, log);
}

export interface SsoReturn {
  service: string;
  ticket?: string;
  code?: string;
  state?: string;
  iss?: string;
  /** oauth: the state the browser kept when it was sent to the provider (its cookie) */
  browserState?: string;
}

/** cas: the account the validated ticket names (the CAS user, or the attribute SSO_ACCOUNT_CLAIM names). */
async function casAccount(
  services: Services,
  sso: SsoConfig & { mode: 'cas' },
  input: SsoReturn,
  log: FastifyBaseLogger,
) {
  if (!input.ticket) throw badRequest('sso.noCredential', { name: 'ticket' });
  const ticketHash = createHash('sha256').update(input.ticket).digest('hex');
  if (!(await useTicketOnce(services.db, ticketHash, input.service))) throw badRequest('sso.rejected');
  const principal = await validateCasTicket(sso.casUrl, input.service, input.ticket, log);
  return sso.accountClaim === 'user' ? principal.user : principal.attributes[sso.accountClaim]?.[0];
}

/** oauth: the account the provider's claims name, once the code is redeemed with the checks of its state. */
async function oauthAccount(
  services: Services,
  sso: SsoConfig & { mode: 'oauth' },
  input: SsoReturn,
  log: FastifyBaseLogger,
) {
  if (!input.code) throw badRequest('sso.noCredential', { name: 'code' });
  if (!input.state) throw badRequest('sso.noCredential', { name: 'state' });
  // a code brought by a link from someone else's sign-in would sign this browser in as them
  if (input.browserState !== input.state) throw badRequest('sso.rejected');
  const started = await takeAuthorization(services.db, input.state);
  if (!started || started.service !== redirectUriOf(input.service)) throw badRequest('sso.rejected');
  const returned = { code: input.code, state: input.state, ...(input.iss ? { iss: input.iss } : {}) };
  const claims = await finishAuthorization(
    sso,
    started.service,
    returned,
    { state: input.state, nonce: started.nonce, codeVerifier: started.codeVerifier },
    log,
  );
  const value = claims[sso.accountClaim];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * Spec §7 GET sso/auth: a cas ticket or an oauth code, each used once, names an account of the tenant; an
 * active account gets the session of a password sign-in. Unknown and inactive accounts are refused with the
 * messages of spec §4.
 */
export async function ssoSignIn(
  services: Services,
  input: SsoReturn,
  audit: AuditNote,
  log: FastifyBaseLogger,
): Promise<LoginResult> {
  const sso = ssoOn(services);
  audit.target = `sso=${sso.mode}`;
  checkService(services, input.service);
  // one provider serves the deployment: its accounts are those of the default tenant, never of one the caller names
  const tenant = await resolveTenant(services.db, undefined);
  audit.tenantId = tenant.id;
  const account =
    sso.mode === 'cas'
      ? await casAccount(services, sso, input, log)
      : await oauthAccount(services, sso, input, log);
  if (!account) throw new AppError(502, 'sso.noAccount', { claim: sso.accountClaim });
  audit.account = account;
  const user = await findUserByAccount(services.db, tenant.id, account);
  if (!user) throw forbidden('sso.unknownAccount', { account });
  audit.userId = user.id;
  refuseUnlessActive(user);
  return startSession(services, tenant, user);
}
