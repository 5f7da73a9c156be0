import type { RouteBody, RouteParams, RouteQuery, RouteValue } from '@eip/contracts';
import { INVALID_TOKEN_CODE, NO_PERMISSION_CODE, isSuccessCode } from '@eip/contracts/codes';
import { routes, type Group, type HttpMethod, type RouteName } from '@eip/contracts/routes';
import { toast } from '../app/feedback';
import { currentAppPath, loginPath, navigateTo, page } from '../app/navigation';
import {
  apiBase,
  LANDING_PATH,
  LOADING_OVERLAY_URL_PART,
  LOGIN_INTERCEPTION,
  REQUEST_TIMEOUT_MS,
} from '../config';
import { currentLanguage, i18n } from '../i18n';
import { withLoadingOverlay } from '../stores/loadingOverlay';
import { useSession } from '../stores/session';

/** A call that did not succeed: the envelope's code and message, or a transport failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** The envelope code; for transport failures 'NETWORK', 'TIMEOUT' or the HTTP status. */
    readonly code: number | string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Per-call choices beside query and body. */
interface CallOptions {
  /**
   * The caller shows the failure itself: no toast. The session rules of codes 401 and 402 still apply, and
   * code 402 always toasts (spec §8).
   */
  silent?: boolean;
  /** The caller handles codes 401 and 402 too: the session is left as it is (checking a new token). */
  keepSession?: boolean;
  /** The bearer token to send instead of the session's: a new token is checked before it is kept. */
  token?: string;
}

type QueryArg<N extends RouteName> =
  RouteQuery<N> extends undefined ? { query?: never } : { query: RouteQuery<N> };
type BodyArg<N extends RouteName> =
  RouteBody<N> extends undefined ? { body?: never } : { body: RouteBody<N> };
type ParamsArg<N extends RouteName> =
  RouteParams<N> extends undefined ? { params?: never } : { params: RouteParams<N> };
export type CallArgs<N extends RouteName> = ParamsArg<N> & QueryArg<N> & BodyArg<N> & CallOptions;

interface Envelope {
  state?: boolean;
  code?: number | string;
  message?: string;
  value?: unknown;
}

/** Where a call goes: the contract's route, or one the server does not offer yet (see `callOptional`). */
interface Target {
  method: HttpMethod;
  group: Group;
  path: string;
}

interface RequestArgs extends CallOptions {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** The address of a call: the group's base, the path with its `{name}` segments filled, the query. */
function buildUrl(target: Target, args: RequestArgs | undefined): string {
  const path = target.path.replace(/^\//, '').replace(/\{(\w+)\}/g, (whole, key: string) => {
    const params = (args?.params ?? {}) as Record<string, unknown>;
    return params[key] === undefined ? whole : encodeURIComponent(String(params[key]));
  });
  const url = `${apiBase[target.group]}/${path}`;
  const query = args?.query;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  try {
    const data: unknown = await response.json();
    return data !== null && typeof data === 'object' && 'code' in data ? (data as Envelope) : null;
  } catch {
    return null;
  }
}

/** Spec §8: the catalogue of failures — a toast unless the caller shows it, then the rejection. */
function fail(error: ApiError, silent: boolean | undefined): never {
  if (!silent) toast.error(error.message);
  throw error;
}

async function send(url: string, init: RequestInit, silent: boolean | undefined): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      fail(new ApiError(i18n.t('api.timeout'), 'TIMEOUT'), silent);
    }
    return fail(new ApiError(i18n.t('api.network'), 'NETWORK'), silent);
  }
}

/**
 * Spec §8, codes that end the session. 402 (invalid token): toast — even for a silent call — reset the
 * token, reload when login interception is on. 401 (no permission): with a token sign out and go to /login
 * with `redirect`; without one go to /login.
 */
function endSession(code: number, message: string, hadToken: boolean, silent: boolean | undefined) {
  const session = useSession.getState();
  if (code === INVALID_TOKEN_CODE) {
    toast.error(message);
    if (hadToken) session.signOut();
    if (LOGIN_INTERCEPTION) page.reload();
    return;
  }
  const from = currentAppPath();
  if (hadToken) session.signOut();
  if (!silent) toast.error(message);
  if (!from.startsWith('/login'))
    navigateTo(loginPath(hadToken ? from : null, LANDING_PATH), { replace: true });
}

/** A successful answer: the envelope's value and message (a Blob for downloads). */
interface Answer {
  value: unknown;
  message: string;
}

/** Spec §9: a call whose address contains doEdit shows the full-page loading overlay while it runs. */
function request(target: Target, args: RequestArgs | undefined, blob: boolean): Promise<Answer> {
  const url = buildUrl(target, args);
  return url.includes(LOADING_OVERLAY_URL_PART)
    ? withLoadingOverlay(() => exchange(url, target, args, blob))
    : exchange(url, target, args, blob);
}

async function exchange(
  url: string,
  target: Target,
  args: RequestArgs | undefined,
  blob: boolean,
): Promise<Answer> {
  const token = args?.token ?? useSession.getState().token;
  const headers: Record<string, string> = {
    Accept: blob ? '*/*' : 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: target.method, headers };
  if (args?.body instanceof FormData) {
    init.body = args.body;
  } else if (args?.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(args.body);
  }

  const response = await send(url, init, args?.silent);
  // Spec §8: blob and attachment responses bypass the code checks.
  if (blob && response.ok && !response.headers.get('content-type')?.includes('json')) {
    return { value: await response.blob(), message: '' };
  }

  const envelope = await readEnvelope(response);
  if (!envelope) {
    const message = response.ok ? i18n.t('api.unknown') : i18n.t('api.status', { status: response.status });
    return fail(new ApiError(message, response.status, response.status), args?.silent);
  }
  if (isSuccessCode(envelope.code)) return { value: envelope.value, message: envelope.message ?? '' };

  const code = Number(envelope.code);
  const message = envelope.message || i18n.t('api.code', { code: envelope.code });
  const error = new ApiError(message, envelope.code ?? response.status, response.status);
  if ((code === INVALID_TOKEN_CODE || code === NO_PERMISSION_CODE) && !args?.keepSession) {
    endSession(code, message, Boolean(token), args?.silent);
    throw error;
  }
  return fail(error, args?.silent);
}

/**
 * Calls a route of the contract table: `{group base}/{path}` with the query string, a JSON body, the bearer
 * token when signed in and the language. Resolves with the envelope's `value` when the code is 200 or 0
 * (spec §8); otherwise shows the failure of the catalogue and rejects with an ApiError.
 */
export function call<N extends RouteName>(
  name: N,
  ...[args]: object extends CallArgs<N> ? [CallArgs<N>?] : [CallArgs<N>]
): Promise<RouteValue<N>> {
  return request(routes[name], args, false).then((answer) => answer.value as RouteValue<N>);
}

/** Like `call`, also answering the server's message (shown after a change, e.g. a new password). */
export function callWithMessage<N extends RouteName>(
  name: N,
  ...[args]: object extends CallArgs<N> ? [CallArgs<N>?] : [CallArgs<N>]
): Promise<{ value: RouteValue<N>; message: string }> {
  return request(routes[name], args, false) as Promise<{ value: RouteValue<N>; message: string }>;
}

/** A download: the body as a Blob, without the envelope checks (spec §8); failures answered in JSON still count. */
export function callBlob<N extends RouteName>(
  name: N,
  ...[args]: object extends CallArgs<N> ? [CallArgs<N>?] : [CallArgs<N>]
): Promise<Blob> {
  return request(routes[name], args, true).then((answer) => answer.value as Blob);
}

/**
 * Calls the server does not offer yet, by the name they will have in the contract table. Once the table has
 * the name its method and path are used; until then `fallback` is. When the server answers 404 (no such
 * route) the call resolves with `undefined`, silently, so the page shows nothing rather than an error.
 */
export async function callOptional<T>(
  name: string,
  fallback: Target,
  args?: RequestArgs,
): Promise<T | undefined> {
  const target: Target = (routes as Record<string, Target>)[name] ?? fallback;
  try {
    return (await request(target, { ...args, silent: true }, false)).value as T;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || Number(error.code) === 404)) return undefined;
    if (error instanceof ApiError && !args?.silent) toast.error(error.message);
    throw error;
  }
}

/** The address of a GET route with its query, for the browser to load itself (an image, an icon). */
export const routeAddress = <N extends RouteName>(name: N, query: RouteQuery<N>): string =>
  buildUrl(routes[name], { query });

/**
 * Uploads one file (a route of kind upload, multipart form data, field `file`) with the route's query (an
 * upload's purpose); resolves with the value.
 */
export function callUpload<N extends RouteName>(
  name: N,
  file: File,
  ...[args]: RouteQuery<N> extends undefined ? [] : [{ query: RouteQuery<N>; silent?: boolean }]
): Promise<RouteValue<N>> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request(routes[name], { ...args, body }, false).then((answer) => answer.value as RouteValue<N>);
}
