import type { ColumnAudience, ColumnKind, LayoutItem, LayoutScope } from '@eip/contracts';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import * as t from '../db/schema.js';

/**
 * The portal home of every demo tenant: the column catalogue, the default layout (the first screen of
 * spec §1), a layout for the finance role, and the apps of the 'other portals' switcher.
 */
interface DemoColumn {
  alias: string;
  name: string;
  kind: ColumnKind;
  provider: string;
  moreUrl?: string;
  colHeight: number;
  audience?: ColumnAudience;
  params?: { name: string; value: string }[];
  html?: string;
  refreshSeconds?: number;
}

export const HOME_COLUMNS: DemoColumn[] = [
  {
    alias: 'todo',
    name: '待办',
    kind: 'list',
    provider: 'todoCard',
    moreUrl: '/matter/myTask',
    colHeight: 7,
    refreshSeconds: 60,
  },
  { alias: 'figures', name: '工作概览', kind: 'figures', provider: 'figures', colHeight: 3 },
  {
    alias: 'leaderTodo',
    name: '领导待办',
    kind: 'list',
    provider: 'leaderTodoCard',
    moreUrl: '/matter/leaderTask',
    colHeight: 4,
    audience: 'secretaries',
  },
  {
    alias: 'startFlow',
    name: '发起流程',
    kind: 'cards',
    provider: 'newProcessCard',
    moreUrl: '/matter/startProcess',
    colHeight: 5,
  },
  {
    alias: 'commonFlows',
    name: '常用流程',
    kind: 'cards',
    provider: 'commonFlows',
    moreUrl: '/matter/startProcess',
    colHeight: 5,
  },
  {
    alias: 'newsCarousel',
    name: '新闻',
    kind: 'carousel',
    provider: 'news',
    moreUrl: '/news/list',
    colHeight: 6,
  },
  {
    alias: 'notices',
    name: '通知公告',
    kind: 'list',
    provider: 'notices',
    moreUrl: '/news/notice',
    colHeight: 6,
  },
  {
    alias: 'meetings',
    name: '本周会议',
    kind: 'calendar',
    provider: 'meetings',
    moreUrl: '/news/meeting',
    colHeight: 5,
  },
  {
    alias: 'messages',
    name: '内部消息',
    kind: 'list',
    provider: 'innerMessages',
    moreUrl: '/personal/message',
    colHeight: 5,
  },
  {
    alias: 'myRequests',
    name: '我的请求',
    kind: 'list',
    provider: 'myRequest',
    moreUrl: '/matter/myRequest',
    colHeight: 5,
  },
  { alias: 'requestChart', name: '我的申请统计', kind: 'chart', provider: 'requestChart', colHeight: 5 },
  {
    alias: 'quickLinks',
    name: '快捷入口',
    kind: 'links',
    provider: 'links',
    colHeight: 3,
    params: [
      { name: '我的草稿', value: '/matter/myDraft' },
      { name: '我的传阅', value: '/matter/circulated' },
      { name: '代理设置', value: '/personal/agent' },
      { name: '常用语', value: '/personal/approvalItem' },
    ],
  },
  {
    alias: 'aboutUs',
    name: '公司简介',
    kind: 'html',
    provider: 'html',
    colHeight: 4,
    html:
      '<h3>关于我们</h3><p>本集团成立于 2006 年，下设行政中心、研发中心和市场中心，员工遍布全国 12 个城市。</p>' +
      '<p>我们的价值观：<strong>客户第一、诚信担当、开放协作</strong>。</p>',
  },
];

const item = (alias: string, x: number, y: number, w: number, h: number): LayoutItem => ({
  alias,
  x,
  y,
  w,
  h,
});

interface DemoLayout {
  alias: string;
  name: string;
  scope: LayoutScope;
  /** the role code of a role layout */
  role?: string;
  items: LayoutItem[];
}

export const HOME_LAYOUTS: DemoLayout[] = [
  {
    alias: 'home',
    name: '默认门户',
    scope: 'default',
    items: [
      item('todo', 0, 0, 8, 7),
      item('figures', 8, 0, 4, 3),
      item('leaderTodo', 8, 3, 4, 4),
      item('startFlow', 0, 7, 8, 5),
      item('commonFlows', 8, 7, 4, 5),
      item('newsCarousel', 0, 12, 6, 6),
      item('notices', 6, 12, 6, 6),
      item('meetings', 0, 18, 6, 5),
      item('messages', 6, 18, 6, 5),
      item('myRequests', 0, 23, 6, 5),
      item('requestChart', 6, 23, 6, 5),
    ],
  },
  {
    alias: 'financeHome',
    name: '财务工作台',
    scope: 'role',
    role: 'finance',
    items: [
      item('figures', 0, 0, 12, 3),
      item('todo', 0, 3, 8, 7),
      item('quickLinks', 8, 3, 4, 3),
      item('notices', 8, 6, 4, 4),
      item('requestChart', 0, 10, 6, 5),
      item('myRequests', 6, 10, 6, 5),
      item('startFlow', 0, 15, 12, 5),
    ],
  },
  {
    alias: 'financeApp',
    name: '财务系统',
    scope: 'app',
    items: [item('figures', 0, 0, 12, 3), item('requestChart', 0, 3, 7, 5), item('quickLinks', 7, 3, 5, 5)],
  },
  {
    alias: 'hrApp',
    name: '人事系统',
    scope: 'app',
    items: [item('notices', 0, 0, 6, 6), item('meetings', 6, 0, 6, 6), item('aboutUs', 0, 6, 12, 4)],
  },
];

interface DemoApp {
  alias: string;
  name: string;
  icon: string;
  kind: 'home' | 'layout';
  layoutAlias?: string;
  /** role codes of its audience; none: everyone */
  roles?: string[];
}

export const APPS: DemoApp[] = [
  { alias: 'portal', name: '门户', icon: 'HomeOutlined', kind: 'home' },
  {
    alias: 'finance',
    name: '财务系统',
    icon: 'AccountBookOutlined',
    kind: 'layout',
    layoutAlias: 'financeApp',
    roles: ['finance'],
  },
  {
    alias: 'hr',
    name: '人事系统',
    icon: 'TeamOutlined',
    kind: 'layout',
    layoutAlias: 'hrApp',
    roles: ['hr'],
  },
];

/**
 * Gives every tenant without a home one: the column catalogue, the default layout and the apps (the role
 * layouts and the apps of roles the tenant lacks are left out). Runs after every migration, so a database
 * made before the portal home gets it too; a tenant that has a default layout is left as it is.
 */
export async function seedHome(db: Db) {
  const tenants = await db
    .select({ id: t.tenants.id })
    .from(t.tenants)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(t.homeLayouts)
          .where(and(eq(t.homeLayouts.tenantId, t.tenants.id), eq(t.homeLayouts.scope, 'default'))),
      ),
    );
  for (const { id: tenantId } of tenants) {
    const roleIds = new Map(
      (await db.select().from(t.roles).where(eq(t.roles.tenantId, tenantId))).map((role) => [
        role.code,
        role.id,
      ]),
    );
    const ofKnownRoles = (roles: string[] = []) => roles.every((code) => roleIds.has(code));
    await db
      .insert(t.homeColumns)
      .values(
        HOME_COLUMNS.map((column, sn) => ({
          tenantId,
          id: newId(),
          alias: column.alias,
          name: column.name,
          kind: column.kind,
          dataMode: 'provider',
          dataFrom: column.provider,
          dataParam: column.params ?? [],
          templateHtml: column.html ?? null,
          moreUrl: column.moreUrl ?? null,
          colHeight: column.colHeight,
          refreshSeconds: column.refreshSeconds ?? null,
          audience: column.audience ?? 'all',
          sn,
        })),
      )
      .onConflictDoNothing();
    const apps = APPS.filter((app) => ofKnownRoles(app.roles));
    const layouts = HOME_LAYOUTS.filter(
      (layout) =>
        ofKnownRoles(layout.role ? [layout.role] : []) &&
        (layout.scope !== 'app' || apps.some((app) => app.layoutAlias === layout.alias)),
    );
    await db
      .insert(t.homeLayouts)
      .values(
        layouts.map((layout, sn) => ({
          tenantId,
          id: newId(),
          alias: layout.alias,
          name: layout.name,
          scope: layout.scope,
          scopeId: layout.role ? roleIds.get(layout.role)! : null,
          items: layout.items,
          sn,
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(t.sysApps)
      .values(
        apps.map((app, sn) => ({
          tenantId,
          id: newId(),
          alias: app.alias,
          name: app.name,
          icon: app.icon,
          kind: app.kind,
          layoutAlias: app.layoutAlias ?? null,
          audience: app.roles ? 'part' : 'all',
          audienceIds: app.roles ? { roleIds: app.roles.map((code) => roleIds.get(code)!) } : {},
          sn,
        })),
      )
      .onConflictDoNothing();
  }
}
