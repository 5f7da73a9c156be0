import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from '../common.js';
import type { RouteSchemas } from './route-schemas.js';

/** The name of a system property (taskListFiledConf, …). */
const PropertyAlias = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' });

/** A system property as saved (its value is not repeated). */
export const SysProperty = Type.Object({
  alias: Type.String(),
  encrypted: Type.Boolean(),
  updateTime: DateTime,
});
export type SysProperty = Static<typeof SysProperty>;

export interface MenuItemShape {
  id: string;
  parentId: string | null;
  alias: string;
  code: string;
  name: string;
  sn: number;
  path: string;
  menuUrl: string | null;
  href: string | null;
  routeExtend: string | null;
  component: string;
  menuIcon: string | null;
  tabsStyle: string | null;
  activeTab: string | null;
  tenantId: string;
  meta: {
    title: string;
    href?: string;
    isChildren?: boolean;
    affix?: boolean;
    noKeepAlive?: boolean;
    alias: string;
  };
  children: MenuItemShape[];
}
export const MenuItem = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.String(),
      parentId: Type.Union([Type.String(), Type.Null()]),
      alias: Type.String(),
      code: Type.String(),
      name: Type.String(),
      sn: Type.Integer(),
      path: Type.String(),
      menuUrl: Type.Union([Type.String(), Type.Null()]),
      href: Type.Union([Type.String(), Type.Null()]),
      routeExtend: Type.Union([Type.String(), Type.Null()], {
        description: 'route extension, a JSON string',
      }),
      component: Type.String(),
      menuIcon: Type.Union([Type.String(), Type.Null()]),
      tabsStyle: Type.Union([Type.String(), Type.Null()]),
      activeTab: Type.Union([Type.String(), Type.Null()]),
      tenantId: Type.String(),
      meta: Type.Object({
        title: Type.String(),
        href: Type.Optional(Type.String()),
        isChildren: Type.Optional(Type.Boolean()),
        affix: Type.Optional(Type.Boolean()),
        noKeepAlive: Type.Optional(Type.Boolean()),
        alias: Type.String(),
      }),
      children: Type.Array(Self),
    }),
  { $id: 'MenuItem' },
);

export const MethodPermission = Type.Object({
  alias: Type.String(),
  name: Type.String(),
});

/** Schemas of the portal routes (spec §7). */
export const portalSchemas = {
  getCurrentUserMenu: {
    summary: 'The caller’s menu tree for a menu alias, filtered by role',
    query: Type.Object({ menuAlias: Type.String({ minLength: 1, maxLength: 64 }) }),
    value: Type.Array(MenuItem),
  },
  getMenusByUserId: {
    summary:
      'A user’s menu tree for a menu alias, filtered by their roles: the caller’s own, or any user’s of the tenant for an administrator (else 403; no such user in the tenant: 404)',
    query: Type.Object({
      userId: Type.String({ minLength: 1, maxLength: 64 }),
      menuAlias: Type.String({ minLength: 1, maxLength: 64 }),
    }),
    value: Type.Array(MenuItem),
  },
  getSubMenusByUserId: {
    summary:
      'The entries under one menu entry (by its alias) that a user may see, as trees; who may ask as getMenusByUserId (an entry the user cannot see: 404)',
    query: Type.Object({
      userId: Type.String({ minLength: 1, maxLength: 64 }),
      alias: Type.String({ minLength: 1, maxLength: 64, description: 'the alias of the parent menu entry' }),
    }),
    value: Type.Array(MenuItem),
  },
  getAllMethods: {
    summary: 'All method permission codes of the tenant',
    value: Type.Array(MethodPermission),
  },
  getCurrentUserMethods: {
    summary: 'The method permission codes the caller holds',
    value: Type.Array(Type.String()),
  },
  getMobileURL: {
    summary: 'The mobile portal’s address a phone is sent to, when the server has one (else null)',
    value: Type.Union([Type.String(), Type.Null()]),
  },
  getDecryptByAlias: {
    summary:
      'A system property of the caller’s tenant, decrypted when stored encrypted. Every user reads taskListFiledConf (the columns of the task lists: a JSON array of subject, name (the node), procDefName, creator, status, createTime, handleTime, endTime in their order; every column when the tenant has set none); the other properties only administrators (to anyone else they do not exist). A property never set: 404',
    query: Type.Object({ alias: PropertyAlias }),
    value: Type.String(),
  },
  saveSysProperty: {
    summary:
      'Administrators: set a system property of the tenant; `encrypted` keeps the value AES-256-GCM encrypted at rest. taskListFiledConf must be a JSON array of distinct column names',
    body: Type.Object({
      alias: PropertyAlias,
      value: Type.String({ maxLength: 4000 }),
      encrypted: Type.Optional(Type.Boolean({ default: false })),
    }),
    value: SysProperty,
  },
  pcToMobile: {
    summary:
      'The mobile address of a desktop address of this portal. The portal has one layout that turns to the mobile one below 992 px, so the mobile address is the same route with the flag mobile=1 (which forces the mobile layout on any screen), as a path of the app. A path of the app (/…) or an absolute address of this portal is accepted; an address of another site is refused (400), so the answer never sends anyone off the portal',
    query: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }) }),
    value: Type.String({
      description: 'a path of the app with mobile=1, e.g. /matter/approvalForm?instId=…&mobile=1',
    }),
  },
} as const satisfies Record<string, RouteSchemas>;
