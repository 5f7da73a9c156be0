import type { ColumnData, ColumnProvider, ColumnResult, Language } from '@eip/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import type { ImageLinks } from '../../security/file-links.js';
import type { AuthContext } from '../../security/tokens.js';
import { callData, callRequest, callRoute, type CallRequest } from './column-call.js';
import type { ColumnRow } from './column.repository.js';
import { columnsFor } from './column.service.js';
import { PROVIDERS, sharedFacts, type ProviderContext } from './providers.js';
import type { Viewer } from './viewer.js';

/** Runs one of the portal's own routes as a client would (the app's inject): status and envelope. */
export type InvokeRoute = (request: CallRequest) => Promise<{ statusCode: number; json: () => unknown }>;

/** Who asks for the column data, as the routes a call column runs must see them. */
export interface ColumnCaller {
  db: Db;
  auth: AuthContext;
  viewer: Viewer;
  lang: Language;
  /** the caller's authorization, language and post cookie, passed on to a call column's route */
  headers: Record<string, string>;
  invoke: InvokeRoute;
  log: FastifyBaseLogger;
  imageLinks: ImageLinks;
}

const CALL_ITEMS = 20;

/** A call column's data: its route answered as the viewer, shown as items or a figure. */
async function callColumn(caller: ColumnCaller, column: ColumnRow): Promise<ColumnData> {
  const name = callRoute(column.dataFrom, column.requestType as 'GET' | 'POST');
  const params = column.dataParam as { name: string; value: string }[];
  const response = await caller.invoke(callRequest(name, params, column.requestHeader, caller.headers));
  const envelope = response.json() as { state?: boolean; message?: string; value?: unknown };
  if (response.statusCode !== 200 || !envelope.state)
    throw new AppError(response.statusCode, 'home.callFailed', { message: envelope.message ?? '' });
  const data = callData(envelope.value, column.name, CALL_ITEMS);
  if (!data) throw new AppError(400, 'home.callUnshowable');
  return data;
}

/** A provider column's data; a provider this server does not know (a column saved by a newer one) fails. */
function providerData(context: ProviderContext): Promise<ColumnData> {
  const provider = Object.hasOwn(PROVIDERS, context.column.dataFrom)
    ? PROVIDERS[context.column.dataFrom as ColumnProvider]
    : undefined;
  if (!provider) throw new AppError(400, 'home.providerUnknown', { dataFrom: context.column.dataFrom });
  return provider(context);
}

/** One column's answer; a failure is its own (state false with the reason) and never the others'. */
async function columnResult(
  caller: ColumnCaller,
  column: ColumnRow,
  now: Date,
  facts: ProviderContext['facts'],
): Promise<ColumnResult> {
  try {
    const data =
      column.dataMode === 'call'
        ? await callColumn(caller, column)
        : await providerData({
            db: caller.db,
            auth: caller.auth,
            lang: caller.lang,
            column,
            now,
            facts,
            imageLinks: caller.imageLinks,
          });
    return { state: true, message: '', data };
  } catch (error) {
    if (error instanceof AppError)
      return { state: false, message: translate(caller.lang, error.key, error.params), data: null };
    caller.log.error({ err: error, column: column.alias }, 'home column failed');
    return { state: false, message: translate(caller.lang, 'home.columnFailed'), data: null };
  }
}

/**
 * The data of many columns at once (getDatasByAlias), keyed by alias. Every alias must be a column the
 * viewer may see (404 unknown, 403 not theirs); each column then answers for itself.
 */
export async function columnDatas(
  caller: ColumnCaller,
  aliases: string[],
): Promise<Record<string, ColumnResult>> {
  const columns = await columnsFor(caller.db, caller.viewer, aliases);
  const now = new Date();
  const facts = sharedFacts(caller.db, caller.auth);
  const results = await Promise.all(
    columns.map(async (column) => [column.alias, await columnResult(caller, column, now, facts)] as const),
  );
  return Object.fromEntries(results);
}
