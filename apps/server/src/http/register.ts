import {
  Envelope,
  routes,
  schemas,
  type Language,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteInfo,
  type RouteSchemas,
  type RouteValue,
} from '@eip/contracts';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { withCommitHook, type Db, type Tx } from '../db/client.js';
import type { AuditChain, AuditEntry } from '../modules/audit/audit-chain.js';
import { AppError, badRequest, noToken } from '../errors.js';
import { translate } from '../i18n/messages.js';
import type { AuthContext, GuestContext, TokenService } from '../security/tokens.js';
import { createAuthenticate, type Authenticate } from './authenticate.js';

type CallerOf<N extends RouteName> = (typeof routes)[N] extends { guest: true }
  ? AuthContext | GuestContext
  : AuthContext;
type AuthOf<N extends RouteName> = (typeof routes)[N]['access'] extends 'user'
  ? CallerOf<N>
  : CallerOf<N> | null;

/**
 * What an audited call adds about itself: who (when the token does not say), what it acted on, and how
 * many records it changed (a removal that changed none is recorded as `noop`, not `success`).
 */
export interface AuditNote {
  tenantId?: string;
  userId?: string;
  account?: string;
  target?: string;
  changed?: number;
}

/** Notes in the audit record how many records the call changed (a count, or whether it changed one); answers it. */
export function changed<T extends number | boolean>(audit: AuditNote, count: T): T {
  audit.changed = Number(count);
  return count;
}

export interface HandlerContext<A> {
  auth: A;
  lang: Language;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
  audit: AuditNote;
}

export type Handler<N extends RouteName> = (
  input: { params: RouteParams<N>; query: RouteQuery<N>; body: RouteBody<N> },
  ctx: HandlerContext<AuthOf<N>>,
) => Promise<RouteValue<N>>;

export type Handlers = { [N in RouteName]: Handler<N> };

/** A module's handlers, keyed by route name; the app checks that together they cover the table. */
export const defineHandlers = <K extends RouteName>(handlers: { [N in K]: Handler<N> }) => handlers;

/** The first field holding a NUL character, which no text column can store: the call is refused. */
function fieldWithNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = fieldWithNul(inner, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

const withoutNul = (text: string | null) => (text === null ? null : text.replaceAll('\u0000', ''));

/** The fields of a call's path, query or body that name what it acts on: the audit record's target. */
const TARGET_KEYS = [
  'id',
  'ids',
  'taskId',
  'taskIds',
  'instId',
  'procInstId',
  'defId',
  'defKey',
  'defKeys',
  'flowKey',
  'draftId',
  'nodeId',
  'fileId',
  'fileIds',
  'sealId',
  'dishId',
  'importId',
  'layoutId',
  'targetId',
  'alias',
  'boAlias',
  'templateKey',
  'templateAlias',
  'formKey',
  'leaderId',
  'agentId',
  'secretaryId',
  'account',
  'username',
  'accountOrId',
  'groupId',
  'postId',
  'firstId',
  'secondId',
  'userId',
  'userIds',
];
const TARGET_LENGTH = 1000;

/** The ids a call names in its path, query or body (or the records of a body that is a list), e.g. `ids=a,b groupId=c`. */
function namedTarget(request: FastifyRequest): string[] {
  const body: unknown[] = Array.isArray(request.body) ? request.body : [request.body];
  const named = new Map<string, unknown[]>();
  for (const source of [request.params, request.query, ...body]) {
    if (!source || typeof source !== 'object') continue;
    for (const key of TARGET_KEYS) {
      const value = (source as Record<string, unknown>)[key];
      if (typeof value === 'string' || typeof value === 'number' || Array.isArray(value))
        named.set(key, [...(named.get(key) ?? []), value]);
    }
  }
  return [...named].map(([key, values]) => `${key}=${values.join(',')}`);
}

/**
 * The ids in a call's answer (or in its transaction's, see commandAudit) that name what it made or changed: a
 * new record, instance or file, or whose lock an administrator broke.
 */
const ANSWERED_KEYS = ['id', 'instId', 'fileId', 'overrode'];

function answeredTarget(value: unknown): string[] {
  const records = (Array.isArray(value) ? value : [value]).filter(
    (item): item is Record<string, unknown> => !!item && typeof item === 'object',
  );
  return ANSWERED_KEYS.flatMap((key) => {
    const ids = records.map((record) => record[key]).filter((id) => typeof id === 'string');
    return ids.length ? [`${key}=${ids.join(',')}`] : [];
  });
}

/** The audit record's target: the ids the call named, then those of what it answers having made. */
function describeTarget(request: FastifyRequest, value?: unknown): string | null {
  const named = namedTarget(request);
  const target = [...named, ...answeredTarget(value).filter((part) => !named.includes(part))].join(' ');
  return target ? target.slice(0, TARGET_LENGTH) : null;
}

interface RegisterDeps {
  db: Db;
  tokens: TokenService;
  /** a sign-in token unused this long is refused; unset: only the token's lifetime counts */
  sessionIdleMinutes?: number;
  /** where audit records are appended */
  auditChain: AuditChain;
}

/** What every route of an app shares: who is asking, and where audit records go. */
export interface RouteGate {
  authenticate: Authenticate;
  /** appends an audit record in a transaction of its own */
  audit: (entry: AuditEntry) => Promise<void>;
  /** appends an audit record in transaction tx (a command's own) if tx has written something; answers whether */
  auditIn: (tx: Tx, entry: AuditEntry) => Promise<boolean>;
  /** whether a refused read of this caller on this route is recorded now (at most one a minute) */
  recordsRefusedRead: (key: string) => boolean;
}

/** A caller refused on one route is recorded at most once this often: probing ids cannot flood the trail. */
const REFUSED_READ_INTERVAL_MS = 60_000;
/** Callers remembered at most (the memory is cleared past it: at worst some refusals are recorded again). */
const REFUSED_READ_CALLERS = 10_000;

function refusedReadThrottle() {
  const lastRecorded = new Map<string, number>();
  return (key: string) => {
    const now = Date.now();
    if (now - (lastRecorded.get(key) ?? -Infinity) < REFUSED_READ_INTERVAL_MS) return false;
    if (lastRecorded.size >= REFUSED_READ_CALLERS) lastRecorded.clear();
    lastRecorded.set(key, now);
    return true;
  };
}

export const routeGate = (deps: RegisterDeps): RouteGate => ({
  authenticate: createAuthenticate(deps.db, deps.tokens, deps.sessionIdleMinutes),
  audit: async (entry) => {
    await deps.db.transaction((own) => deps.auditChain.append(own, entry));
  },
  auditIn: (tx, entry) => deps.auditChain.append(tx, entry, 'ifWritten'),
  recordsRefusedRead: refusedReadThrottle(),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller, set before validation; null for public calls without a token; a guest only where the route allows guests */
    auth: AuthContext | GuestContext | null;
    /** what an audited call adds about itself, set before validation */
    audit: AuditNote | null;
  }
}

/** What a download route's handler answers: the file, sent as it is (spec §8: blobs bypass the envelope). */
export interface FileDownload {
  name: string;
  contentType: string;
  size: number;
  content: Readable;
  /**
   * shown in the page (a preview, an image) rather than saved; it may run nothing even when opened on its
   * own (a sandbox with no sources)
   */
  inline?: boolean;
  /** default `private, no-store` */
  cacheControl?: string;
}

/**
 * Sends a file once its bytes can be read: bytes gone from the store (a stream that fails before its first
 * byte) answer the error envelope, not headers that announce a file and then no body.
 */
async function sendFile(reply: FastifyReply, file: FileDownload) {
  try {
    if (file.content.readableLength === 0 && !file.content.readableEnded)
      await once(file.content, 'readable');
  } catch (error) {
    reply.log.error({ err: error, file: file.name }, 'the bytes of a stored file are missing');
    throw new AppError(500, 'file.contentMissing', { requestId: reply.request.id });
  }
  if (file.inline) reply.header('content-security-policy', "default-src 'none'; sandbox");
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header(
      'content-disposition',
      `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('cache-control', file.cacheControl ?? 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}

/** A handler as the registration calls it, whatever its route. */
type AnyHandler = (
  input: { params: unknown; query: unknown; body: unknown },
  ctx: HandlerContext<AuthContext | GuestContext | null>,
) => Promise<unknown>;

/** One route to register: its entry in the contract table, its schemas and its handler. */
export interface RouteDefinition {
  info: RouteInfo;
  schemas: RouteSchemas;
  handler: AnyHandler;
}

/**
 * Registers every route of the contract table: its schemas validate the input and serialize the
 * envelope; the access level is enforced before the handler runs; audited routes leave one
 * append-only record per call (success, noop or failure) naming its target; a read of a named object
 * refused with 403 or 404 leaves a `read.refused` record.
 */
export function registerRoutes(app: FastifyInstance, handlers: Handlers, deps: RegisterDeps) {
  const gate = routeGate(deps);
  for (const name of Object.keys(routes) as RouteName[]) {
    registerRoute(
      app,
      { info: routes[name], schemas: schemas[name], handler: handlers[name] as unknown as AnyHandler },
      gate,
    );
  }
}

/** Registers one route as `registerRoutes` does for each route of the table. */
export function registerRoute(app: FastifyInstance, definition: RouteDefinition, gate: RouteGate) {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
  if (!app.hasRequestDecorator('audit')) app.decorateRequest('audit', null);
  const { info, schemas: routeSchemas, handler } = definition;
  const acceptsGuest = info.guest === true;
  const audited = info.audit;

  const options: RouteOptions = {
    method: info.method,
    url: `/${info.group}/${info.path.replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1')}`,
    schema: {
      summary: routeSchemas.summary,
      tags: [info.group],
      ...(routeSchemas.params ? { params: routeSchemas.params } : {}),
      ...(routeSchemas.query ? { querystring: routeSchemas.query } : {}),
      ...(routeSchemas.body ? { body: routeSchemas.body } : {}),
      ...(info.kind === 'download' || info.kind === 'stream' || info.kind === 'redirect'
        ? {}
        : { response: { 200: Envelope(routeSchemas.value as never) } }),
      ...(info.kind === 'stream' ? { produces: ['text/event-stream'] } : {}),
      ...(info.kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
      ...(info.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    // Who is asking is settled before the body is even read: a stranger learns nothing from validation.
    onRequest: async (request) => {
      request.audit = {};
      if (info.access === 'public') return;
      request.auth = await gate.authenticate(request, acceptsGuest).catch((error: unknown) => {
        if (info.access === 'optional' && error instanceof AppError) return null;
        throw error;
      });
      if (!request.auth && info.access === 'user') throw noToken();
    },
    preValidation: async (request) => {
      if (info.method !== 'GET' && routeSchemas.body && request.body == null) request.body = {};
      const field =
        fieldWithNul(request.params, 'params') ??
        fieldWithNul(request.query, 'query') ??
        fieldWithNul(request.body, 'body');
      if (field)
        throw badRequest('error.invalidInput', {
          field,
          reason: translate(request.lang, 'reason.invalid'),
        });
    },
    handler: async (request, reply) => {
      const run = () =>
        handler(
          { params: request.params, query: request.query, body: request.body },
          {
            auth: request.auth,
            lang: request.lang,
            ip: request.ip,
            request,
            reply,
            audit: (request.audit ??= {}),
          },
        );
      let value: unknown;
      if (audited) {
        const command = commandAudit(gate, request, audited);
        try {
          value = await withCommitHook(command, run);
        } finally {
          command.close();
        }
        if (!command.recorded())
          await record(gate, request, audited, outcomeOf(request), describeTarget(request, value));
      } else value = await run();
      if (info.kind === 'download') return sendFile(reply, value as FileDownload);
      if (info.kind === 'redirect')
        return reply.header('cache-control', 'no-store').redirect(value as string);
      // the handler has started the stream itself
      if (info.kind === 'stream') return reply;
      return {
        state: true,
        code: 200,
        message: audited ? translate(request.lang, 'ok') : '',
        value: value ?? null,
      };
    },
    ...(audited
      ? {
          onError: async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
            await record(gate, request, audited, `failure:${errorCode(error)}`, describeTarget(request));
          },
        }
      : info.method === 'GET'
        ? {
            onError: async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
              const named = namedTarget(request);
              if (!request.auth || !named.length || !REFUSED_READ.has(errorCode(error))) return;
              const route = `${info.group}/${info.path}`;
              const caller = 'userId' in request.auth ? request.auth.userId : request.auth.jti;
              if (!gate.recordsRefusedRead(`${request.auth.tenantId} ${caller} ${route}`)) return;
              const target = [route, ...named].join(' ').slice(0, TARGET_LENGTH);
              await record(gate, request, READ_REFUSED, `failure:${errorCode(error)}`, target);
            },
          }
        : {}),
  };
  app.route(options);
}

/** A read of a named object refused for access (403) or as not found (404, also another user's or tenant's). */
const REFUSED_READ = new Set([403, 404]);
/** The action of the audit record of a refused read; other reads leave none. */
export const READ_REFUSED = 'read.refused';

const errorCode = (error: Error) =>
  error instanceof AppError ? error.code : ((error as { statusCode?: number }).statusCode ?? 500);

/** The record of a call as the caller and its note say it. */
function auditEntry(
  request: FastifyRequest,
  action: string,
  result: string,
  target: string | null,
): AuditEntry {
  const auth = request.auth;
  const user = auth && !('scope' in auth) ? auth : null;
  const note = request.audit ?? {};
  return {
    tenantId: auth?.tenantId ?? note.tenantId ?? null,
    userId: user?.userId ?? note.userId ?? null,
    account: withoutNul(user?.account ?? note.account ?? null),
    action,
    target: withoutNul(note.target ?? target),
    clientIp: request.ip,
    result,
    requestId: request.id,
  };
}

/** A call that succeeded changed something, unless it noted that it changed nothing. */
const outcomeOf = (request: FastifyRequest) => (request.audit?.changed === 0 ? 'noop' : 'success');

/**
 * The record of an audited command goes into the command's own transaction: the first top-level transaction of
 * the call that has written something commits it, so that a command is committed with its record or not at all
 * (a later failure of the call adds a failure record). Its target names the ids the call was given and those of
 * what the transaction answers having made. A call that wrote in no transaction is recorded once it has
 * answered (`recorded()` is then false).
 */
function commandAudit(gate: RouteGate, request: FastifyRequest, action: string) {
  let state: 'open' | 'writing' | 'recorded' | 'closed' = 'open';
  /** the transaction the record is being written in: one at a time, so that a call leaves one record */
  let writer: Tx | null = null;
  return {
    async beforeCommit(tx: Tx, answer: unknown) {
      if (state !== 'open') return;
      state = 'writing';
      writer = tx;
      const entry = auditEntry(request, action, outcomeOf(request), describeTarget(request, answer));
      if (!(await gate.auditIn(tx, entry))) {
        state = 'open';
        writer = null;
      }
    },
    ended(tx: Tx, committed: boolean) {
      if (tx !== writer) return;
      writer = null;
      state = committed ? 'recorded' : 'open';
    },
    recorded: () => state === 'recorded',
    /** work the call left running (a message sent afterwards) adds nothing to the record */
    close() {
      if (state === 'open') state = 'closed';
    },
  };
}

async function record(
  gate: RouteGate,
  request: FastifyRequest,
  action: string,
  result: string,
  target: string | null,
) {
  try {
    await gate.audit(auditEntry(request, action, result, target));
  } catch (error) {
    request.log.error({ err: error, action }, 'audit record could not be written');
    throw error;
  }
}
