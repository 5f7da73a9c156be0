import {
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  ClusterOutlined,
  HomeOutlined,
  MailOutlined,
  ReadOutlined,
  SettingOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { Badge, Tag, Tooltip, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import type { MenuRoute } from '../app/routes/build';
import { BADGE_MAX } from '../config';
import { useMenuCount } from './menuCounts';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The icons menu entries may name (menuIcon); others show a generic one. Named so only these are bundled. */
const icons: Record<string, ReactNode> = {
  HomeOutlined: <HomeOutlined />,
  AuditOutlined: <AuditOutlined />,
  MailOutlined: <MailOutlined />,
  BellOutlined: <BellOutlined />,
  TableOutlined: <TableOutlined />,
  ReadOutlined: <ReadOutlined />,
  SettingOutlined: <SettingOutlined />,
  ClusterOutlined: <ClusterOutlined />,
};

export const menuIcon = (route: MenuRoute): ReactNode =>
  (route.meta.icon && icons[route.meta.icon]) || <AppstoreOutlined />;

interface LabelOptions {
  /** Titles longer than this get a tooltip (spec §2: 8 in the top bar, 5 in submenus); 0 for none. */
  tooltipAt: number;
  newTag: string;
}

/** A menu title, with the 新 tag and the tooltip of spec §2, and the count of an approval list (issue 5). */
export function MenuLabel({ route, tooltipAt, newTag }: { route: MenuRoute } & LabelOptions) {
  const title = route.meta.title;
  const count = useMenuCount(route.view.kind === 'page' ? route.view.page : undefined);
  const label = (
    <span>
      {title}
      {route.meta.isNew && (
        <Tag color="error" style={{ marginInlineStart: 6, lineHeight: '16px', paddingInline: 4 }}>
          {newTag}
        </Tag>
      )}
      {Boolean(count) && (
        <Badge
          count={count}
          overflowCount={BADGE_MAX}
          size="small"
          color="var(--eip-primary)"
          style={{ marginInlineStart: 6 }}
          data-menu-count={count}
        />
      )}
    </span>
  );
  return tooltipAt > 0 && [...title].length > tooltipAt ? (
    <Tooltip title={title} placement="right">
      {label}
    </Tooltip>
  ) : (
    label
  );
}

/** Ant Design menu items for menu routes; keys are paths. Hidden entries are left out. */
export function toMenuItems(
  routes: MenuRoute[],
  options: { topTooltipAt: number; subTooltipAt: number; newTag: string },
  depth = 0,
): MenuItem[] {
  return routes
    .filter((route) => !route.meta.hidden)
    .map((route) => {
      const label = (
        <MenuLabel
          route={route}
          tooltipAt={depth === 0 ? options.topTooltipAt : options.subTooltipAt}
          newTag={options.newTag}
        />
      );
      return route.catalog
        ? {
            key: route.path,
            icon: depth === 0 ? menuIcon(route) : undefined,
            label,
            children: toMenuItems(route.children, options, depth + 1),
          }
        : { key: route.path, icon: depth === 0 ? menuIcon(route) : undefined, label };
    });
}

/** Every page entry by path, to open a clicked menu key. */
export function pagesByPath(
  routes: MenuRoute[],
  into = new Map<string, MenuRoute>(),
): Map<string, MenuRoute> {
  for (const route of routes) {
    if (!route.catalog) into.set(route.path, route);
    pagesByPath(route.children, into);
  }
  return into;
}
