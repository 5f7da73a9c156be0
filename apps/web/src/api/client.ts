import type { RouteBody, RouteQuery, RouteValue } from '@eip/contracts';
import { INVALID_TOKEN_CODE, NO_PERMISSION_CODE, isSuccessCode } from '@eip/contracts/codes';
import { routes, routeUrl, type RouteName } from '@eip/contracts/routes';
import { apiBase, REQUEST_TIMEOUT_MS } from '../config';
import { currentLanguage, i18n } from '../i18n';
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

type QueryArg<N extends RouteName> =
  RouteQuery<N> extends undefined ? { query?: never } : { query: RouteQuery<N> };
type BodyArg<N extends RouteName> =
  RouteBody<N> extends undefined ? { body?: never } : { body: RouteBody<N> };
export type CallArgs<N extends RouteName> = QueryArg<N> & BodyArg<N>;

interface Envelope {
  state?: boolean;
  code?: number | string;
  message?: string;
  value?: unknown;
}

function buildUrl(name: RouteName, query: unknown): string {
  const url = routeUrl(name, apiBase[routes[name].group]);
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

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(i18n.t('api.timeout'), 'TIMEOUT');
    }
    throw new ApiError(i18n.t('api.network'), 'NETWORK');
  }
}

/**
 * Calls a route of the contract table: `{group base}/{path}` with the query string, a JSON body, the bearer
 * token when signed in and the language. Resolves with the envelope's `value` when the code is 200 or 0
 * (spec §8); rejects with an ApiError otherwise. Code 401 or 402 on a signed-in call ends the session, and
 * the route guard then sends the user to the login page.
 */
export async function call<N extends RouteName>(
  name: N,
  ...[args]: object extends CallArgs<N> ? [CallArgs<N>?] : [CallArgs<N>]
): Promise<RouteValue<N>> {
  const { token } = useSession.getState();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: routes[name].method, headers };
  if (args?.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(args.body);
  }

  const response = await send(buildUrl(name, args?.query), init);
  const envelope = await readEnvelope(response);
  if (!envelope) {
    throw new ApiError(
      response.ok ? i18n.t('api.unknown') : i18n.t('api.status', { status: response.status }),
      response.status,
      response.status,
    );
  }
  if (isSuccessCode(envelope.code)) return envelope.value as RouteValue<N>;

  const code = Number(envelope.code);
  if (token && (code === NO_PERMISSION_CODE || code === INVALID_TOKEN_CODE)) useSession.getState().signOut();
  throw new ApiError(
    envelope.message || i18n.t('api.code', { code: envelope.code }),
    envelope.code ?? response.status,
    response.status,
  );
}
