import { Type } from '@sinclair/typebox';
import type { RouteSchemas } from './route-schemas.js';

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
} as const satisfies Record<string, RouteSchemas>;
