import type { ColumnData, ColumnItem, ColumnProvider, Language } from '@eip/contracts';
import { readonlyFormPath, startFlowPath, taskFormPath } from '@eip/contracts/utils';
import type { Db } from '../../db/client.js';
import { translate, type MessageKey } from '../../i18n/messages.js';
import type { ImageLinks } from '../../security/file-links.js';
import type { AuthContext } from '../../security/tokens.js';
import * as lists from '../bpm/lists.repository.js';
import { commonStartable, countStartable, startableCards } from '../bpm-personal/start-flow.repository.js';
import { starterOf } from '../bpm-personal/start-flow.service.js';
import { readerOf } from '../content/content.service.js';
import {
  latestNewsColumn,
  latestNoticesColumn,
  meetingsThisWeekColumn,
} from '../content/content-columns.service.js';
import { queryMessages, unreadMessageCount } from '../portal/message.repository.js';
import type { ColumnRow } from './column.repository.js';
import { handledSince, requestsByMonth, requestsInFlight } from './figures.repository.js';

/**
 * What the columns of one call share, read once whichever columns ask: the caller as a reader of news
 * (their audience) and as a starter of flows (every key the start rights name), and their todo count.
 */
export function sharedFacts(db: Db, auth: AuthContext) {
  const loaded = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!loaded.has(key)) loaded.set(key, load());
    return loaded.get(key) as Promise<T>;
  };
  return {
    reader: () => once('reader', () => readerOf(db, auth, false)),
    starter: () => once('starter', () => starterOf(db, auth)),
    todoCount: () => once('todoCount', () => lists.todoCount(db, auth.tenantId, auth.userId)),
  };
}

/** What a provider answers for: who asks, in which language, for which column, at what time. */
export interface ProviderContext {
  db: Db;
  auth: AuthContext;
  lang: Language;
  column: ColumnRow;
  now: Date;
  facts: ReturnType<typeof sharedFacts>;
  imageLinks: ImageLinks;
}

/** The size of the carousel's pictures (a thumbnail of the cover). */
const COVER_THUMBNAIL = '1024' as const;

type Provider = (ctx: ProviderContext) => Promise<ColumnData>;

/** Default sizes (spec §9: todo card 21, leader todo card 6, new process card 11). */
const SIZES: Partial<Record<ColumnProvider, number>> = {
  todoCard: 21,
  leaderTodoCard: 6,
  newProcessCard: 11,
  myRequest: 8,
  news: 5,
  notices: 8,
  meetings: 20,
  innerMessages: 8,
};
const MAX_SIZE = 50;

/** The column's `size` parameter (1–50), else the provider's default. */
function sizeOf(ctx: ProviderContext, provider: ColumnProvider): number {
  const param = (ctx.column.dataParam as { name: string; value: string }[]).find((p) => p.name === 'size');
  const size = Number(param?.value);
  return Number.isInteger(size) && size >= 1 && size <= MAX_SIZE ? size : (SIZES[provider] ?? 10);
}

const page = (size: number) => ({ pageBean: { page: 1, pageSize: size, showTotal: false } });
const tr = (ctx: ProviderContext, key: MessageKey) => translate(ctx.lang, key);

/** The tasks of a todo list as column items: subject, node, arrival, urgency, read state. */
const taskItems = (rows: Awaited<ReturnType<typeof lists.todoList>>['rows']): ColumnItem[] =>
  rows.map((row) => ({
    id: row.taskId,
    title: row.subject,
    tag: row.name,
    time: row.createTime,
    link: taskFormPath(row.procInstId, row.taskId, row.leaderId),
    unread: !row.isRead,
    urgent: Boolean(row.urgentStateValue),
  }));

const flowItems = (rows: Awaited<ReturnType<typeof commonStartable>>): ColumnItem[] =>
  rows.map((flow) => ({
    id: flow.id,
    title: flow.name,
    ...(flow.flowTypeName ? { tag: flow.flowTypeName } : {}),
    link: startFlowPath(flow.id),
  }));

/** Month keys (YYYY-MM) of the last `count` months up to `now`, oldest first, in the server's time zone. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(now.getFullYear(), now.getMonth() - (count - 1 - i), 1);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
  });
}

/** How the chart groups a request's status. */
const CHART_SERIES: { key: string; label: MessageKey; statuses: string[] }[] = [
  { key: 'running', label: 'home.chart.running', statuses: ['running', 'back'] },
  { key: 'returned', label: 'home.chart.returned', statuses: ['backToStart', 'revokeToStart'] },
  { key: 'completed', label: 'home.chart.completed', statuses: ['end'] },
  { key: 'stopped', label: 'home.chart.stopped', statuses: ['manualend', 'revoke'] },
];
const CHART_MONTHS = 6;

const STATUS_LABELS: Record<string, MessageKey> = {
  running: 'home.status.running',
  back: 'home.status.back',
  backToStart: 'home.status.backToStart',
  revokeToStart: 'home.status.revokeToStart',
  end: 'home.status.end',
  manualend: 'home.status.manualend',
  revoke: 'home.status.revoke',
};

/** The named data sources of the home columns. */
export const PROVIDERS: Record<ColumnProvider, Provider> = {
  todoCard: async (ctx) => {
    const { db, auth } = ctx;
    const [list, total] = await Promise.all([
      lists.todoList(db, auth.tenantId, auth.userId, page(sizeOf(ctx, 'todoCard'))),
      ctx.facts.todoCount(),
    ]);
    return { items: taskItems(list.rows), total };
  },
  leaderTodoCard: async (ctx) => {
    const { db, auth } = ctx;
    const [list, total] = await Promise.all([
      lists.leaderTodoList(db, auth.tenantId, auth.userId, page(sizeOf(ctx, 'leaderTodoCard'))),
      lists.leaderTodoCount(db, auth.tenantId, auth.userId),
    ]);
    return { items: taskItems(list.rows), total };
  },
  newProcessCard: async (ctx) => {
    const starter = await ctx.facts.starter();
    const [cards, total] = await Promise.all([
      startableCards(ctx.db, starter, sizeOf(ctx, 'newProcessCard')),
      countStartable(ctx.db, starter),
    ]);
    return { items: flowItems(cards), total };
  },
  myRequest: async (ctx) => {
    const { db, auth } = ctx;
    const list = await lists.ownInstances(
      db,
      auth.tenantId,
      auth.userId,
      { pageBean: { page: 1, pageSize: sizeOf(ctx, 'myRequest'), showTotal: true } },
      'requests',
    );
    return {
      items: list.rows.map((row) => ({
        id: row.id,
        title: row.subject,
        tag: STATUS_LABELS[row.status] ? tr(ctx, STATUS_LABELS[row.status]!) : row.status,
        time: row.createTime,
        link: readonlyFormPath(row.id, 'request'),
      })),
      total: list.total,
    };
  },
  news: async (ctx) => {
    const items = await latestNewsColumn(ctx.db, await ctx.facts.reader(), sizeOf(ctx, 'news'));
    return {
      items: items.map((item) =>
        item.imageFileId
          ? { ...item, image: ctx.imageLinks.query(ctx.auth.tenantId, item.imageFileId, COVER_THUMBNAIL) }
          : item,
      ),
      total: items.length,
    };
  },
  notices: async (ctx) => {
    const items = await latestNoticesColumn(ctx.db, await ctx.facts.reader(), sizeOf(ctx, 'notices'));
    return { items, total: items.length };
  },
  meetings: async (ctx) => {
    const reader = await ctx.facts.reader();
    const items = await meetingsThisWeekColumn(ctx.db, reader, ctx.now, sizeOf(ctx, 'meetings'));
    return { items, total: items.length };
  },
  innerMessages: async (ctx) => {
    const { db, auth } = ctx;
    const [list, unread] = await Promise.all([
      queryMessages(db, auth.tenantId, auth.userId, page(sizeOf(ctx, 'innerMessages'))),
      unreadMessageCount(db, auth.tenantId, auth.userId),
    ]);
    return {
      items: list.rows.map((message) => ({
        id: message.id,
        title: message.subject,
        ...(message.content ? { summary: message.content } : {}),
        time: message.createTime,
        link: message.link ?? '/personal/message',
        unread: !message.isRead,
      })),
      total: unread,
    };
  },
  commonFlows: async (ctx) => {
    const rows = await commonStartable(ctx.db, await ctx.facts.starter());
    return { items: flowItems(rows), total: rows.length };
  },
  figures: async (ctx) => {
    const { db, auth, now } = ctx;
    const monthStart = new Date(now.getFullYear(), now.getMonth(), 1);
    const [todo, doneThisMonth, inFlight] = await Promise.all([
      ctx.facts.todoCount(),
      handledSince(db, auth.tenantId, auth.userId, monthStart),
      requestsInFlight(db, auth.tenantId, auth.userId),
    ]);
    return {
      figures: [
        { key: 'todo', label: tr(ctx, 'home.figure.todo'), value: todo, decimals: 0, link: '/matter/myTask' },
        {
          key: 'doneThisMonth',
          label: tr(ctx, 'home.figure.doneThisMonth'),
          value: doneThisMonth,
          decimals: 0,
          link: '/matter/doneList',
        },
        {
          key: 'inFlight',
          label: tr(ctx, 'home.figure.inFlight'),
          value: inFlight,
          decimals: 0,
          link: '/matter/myRequest',
        },
      ],
    };
  },
  requestChart: async (ctx) => {
    const { db, auth, now } = ctx;
    const months = lastMonths(now, CHART_MONTHS);
    const since = new Date(now.getFullYear(), now.getMonth() - (CHART_MONTHS - 1), 1);
    const counts = await requestsByMonth(db, auth.tenantId, auth.userId, since);
    return {
      chart: {
        categories: months,
        series: CHART_SERIES.map((series) => ({
          key: series.key,
          name: tr(ctx, series.label),
          data: months.map((month) =>
            counts
              .filter((c) => c.month === month && series.statuses.includes(c.status))
              .reduce((sum, c) => sum + c.n, 0),
          ),
        })),
      },
    };
  },
  links: async ({ column }) => {
    const params = column.dataParam as { name: string; value: string }[];
    return {
      items: params.map((param, i) => ({ id: String(i), title: param.name, link: param.value })),
      total: params.length,
    };
  },
  html: async ({ column }) => ({ html: column.templateHtml ?? '' }),
};
