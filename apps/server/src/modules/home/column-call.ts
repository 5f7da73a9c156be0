import {
  GROUPS,
  portalHomeRoutes,
  routes,
  routeUrl,
  type ColumnData,
  type ColumnItem,
  type Group,
  type RouteName,
} from '@eip/contracts';
import { parseRequestHeaderText } from '@eip/contracts/utils';
import { badRequest } from '../../errors.js';

/**
 * A column that calls one of the portal's own calls (dataMode call): the call is named as `${group}/path`
 * (or `/group/path`) and must be a read of the route table — never an address outside the portal, never
 * code kept in the settings. It runs as the viewer, through the same route as any client's call.
 */

/** The group placeholders of the original product (reference "Portal home"). */
const PLACEHOLDERS: Record<string, Group> = {
  portal: 'portal',
  bpmRunTime: 'bpm-runtime',
  bpmModel: 'bpm-model',
  uc: 'uc',
  form: 'form',
  auth: 'auth',
};

const isGroup = (name: string): name is Group => (GROUPS as readonly string[]).includes(name);

/** Whether a route may feed a column: a read (not audited), answered in the envelope, with a fixed path. */
function feedsColumns(name: RouteName): boolean {
  const info = routes[name];
  return (
    !('audit' in info) &&
    !('kind' in info) &&
    !info.path.includes('{') &&
    (info.method === 'GET' || info.method === 'POST') &&
    !Object.hasOwn(portalHomeRoutes, name)
  );
}

/** The route a call column names with its method, or a 400 that names the dataFrom. */
export function callRoute(dataFrom: string, method: 'GET' | 'POST'): RouteName {
  const match = /^(?:\$\{(\w+)\}|\/([\w-]+))\/([\w/.-]+)$/.exec(dataFrom.trim());
  const group = match?.[1] ? PLACEHOLDERS[match[1]] : match?.[2];
  const path = match?.[3];
  const name =
    group && isGroup(group) && path
      ? (Object.keys(routes) as RouteName[]).find(
          (candidate) =>
            routes[candidate].group === group &&
            routes[candidate].path.replace(/^\//, '') === path &&
            routes[candidate].method === method,
        )
      : undefined;
  if (!name || !feedsColumns(name)) throw badRequest('home.callUnknown', { dataFrom, method });
  return name;
}

/** Headers a column may not set: who is asking, what is sent, and how the connection goes are not its to say. */
const RESERVED_HEADERS = new Set([
  'authorization',
  'cookie',
  'host',
  'content-type',
  'content-length',
  'accept-language',
  'accept-encoding',
  'connection',
  'transfer-encoding',
  'origin',
  'referer',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]);

/**
 * The request headers of a call column: text that is not a JSON object of text values is refused with
 * spec §5's 请求头部不是有效的JSON格式; a reserved header is refused by name. Blank text means none.
 */
export function parseRequestHeader(text: string | null | undefined): Record<string, string> {
  const parsed = parseRequestHeaderText(text);
  if (!parsed) throw badRequest('home.headerNotJson');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw badRequest('home.headerReserved', { name });
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

/** A parameter's value as sent: JSON when it reads as JSON (numbers, objects, lists), else the text itself. */
function paramValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface CallRequest {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  payload?: Record<string, unknown>;
  headers: Record<string, string>;
}

/** What a call column sends: its parameters as the query (GET) or the body (POST), its headers, the viewer's own. */
export function callRequest(
  name: RouteName,
  params: { name: string; value: string }[],
  headerText: string | null,
  viewerHeaders: Record<string, string>,
): CallRequest {
  const method = routes[name].method as 'GET' | 'POST';
  const headers = { ...parseRequestHeader(headerText), ...viewerHeaders };
  return method === 'GET'
    ? {
        method,
        url: routeUrl(name),
        query: Object.fromEntries(params.map((p) => [p.name, p.value])),
        headers,
      }
    : {
        method,
        url: routeUrl(name),
        payload: Object.fromEntries(params.map((p) => [p.name, paramValue(p.value)])),
        headers,
      };
}

const TITLE_FIELDS = ['subject', 'title', 'name', 'fullname', 'procDefName', 'alias'];
const TIME_FIELDS = ['createTime', 'publishTime', 'startTime', 'updateTime'];

const firstText = (row: Record<string, unknown>, fields: string[]) => {
  for (const field of fields) {
    const value = row[field];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
};

function toItem(row: unknown, index: number): ColumnItem {
  if (!row || typeof row !== 'object') return { id: String(index), title: String(row) };
  const record = row as Record<string, unknown>;
  const id = record.id ?? record.taskId;
  const time = firstText(record, TIME_FIELDS);
  return {
    id: typeof id === 'string' || typeof id === 'number' ? String(id) : String(index),
    title: firstText(record, TITLE_FIELDS) ?? JSON.stringify(record).slice(0, 200),
    ...(time ? { time } : {}),
  };
}

/**
 * A call's value as a column shows it: a number is one figure (named as the column), a list or a page of
 * rows are items (titled by their subject, title or name); anything else cannot be shown (null).
 */
export function callData(value: unknown, label: string, size: number): ColumnData | null {
  if (typeof value === 'number') return { figures: [{ key: 'value', label, value, decimals: 0 }] };
  if (Array.isArray(value)) return { items: value.slice(0, size).map(toItem), total: value.length };
  if (value && typeof value === 'object' && Array.isArray((value as { rows?: unknown }).rows)) {
    const page = value as { rows: unknown[]; total?: unknown };
    return {
      items: page.rows.slice(0, size).map(toItem),
      ...(typeof page.total === 'number' ? { total: page.total } : {}),
    };
  }
  return null;
}
