import type { MenuItemShape } from '@eip/contracts';
import { describe, expect, it } from 'vitest';
import { withoutLeaderTodo } from './load';

const item = (alias: string, children: MenuItemShape[] = []): MenuItemShape => ({
  id: alias,
  parentId: null,
  alias,
  code: alias,
  name: alias,
  sn: 0,
  path: `/${alias}`,
  menuUrl: null,
  href: null,
  routeExtend: '{}',
  component: children.length ? 'Layout' : alias,
  menuIcon: null,
  tabsStyle: null,
  activeTab: null,
  tenantId: '-1',
  meta: { title: alias, alias },
  children,
});

describe('spec §6: the leader todo is for secretaries', () => {
  it('removes the v-leader child under v-flow and nothing else', () => {
    const menu = [
      item('v-index'),
      item('v-flow', [item('v-myTask'), item('v-leader'), item('v-done')]),
      item('v-leader'),
    ];
    const pruned = withoutLeaderTodo(menu);
    expect(pruned[1]?.children.map((c) => c.alias)).toEqual(['v-myTask', 'v-done']);
    expect(pruned.map((m) => m.alias)).toEqual(['v-index', 'v-flow', 'v-leader']);
    expect(menu[1]?.children).toHaveLength(3);
  });
});
