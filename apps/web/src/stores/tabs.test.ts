import { describe, expect, it } from 'vitest';
import { addTab, closeCommandsEnabled, closeTabs, type VisitedTab } from './tabs';

const tab = (path: string, affix = false): VisitedTab => ({ path, fullPath: path, title: path, affix });
const paths = (tabs: VisitedTab[]) => tabs.map((t) => t.path);
const five = [tab('/index', true), tab('/a'), tab('/b'), tab('/c'), tab('/d')];

describe('tab bar (spec §2)', () => {
  it('adds a visit once and updates its address', () => {
    const tabs = addTab(addTab([tab('/index', true)], tab('/a')), { ...tab('/a'), fullPath: '/a?x=1' });
    expect(paths(tabs)).toEqual(['/index', '/a']);
    expect(tabs[1]?.fullPath).toBe('/a?x=1');
  });

  it('spec §2: beyond the cap the oldest closable tab goes, pinned ones stay', () => {
    let tabs = [tab('/index', true)];
    for (const p of ['/a', '/b', '/c']) tabs = addTab(tabs, tab(p), 3);
    expect(paths(tabs)).toEqual(['/index', '/b', '/c']);
  });

  it('closes all / left / right / others around a tab, never a pinned one', () => {
    expect(paths(closeTabs(five, '/b', 'all'))).toEqual(['/index']);
    expect(paths(closeTabs(five, '/c', 'left'))).toEqual(['/index', '/c', '/d']);
    expect(paths(closeTabs(five, '/b', 'right'))).toEqual(['/index', '/a', '/b']);
    expect(paths(closeTabs(five, '/b', 'others'))).toEqual(['/index', '/b']);
    expect(paths(closeTabs(five, '/index', 'this'))).toEqual(paths(five));
    expect(paths(closeTabs(five, '/a', 'this'))).toEqual(['/index', '/b', '/c', '/d']);
  });

  it('disables close-left on the first tab and close-right on the last', () => {
    expect(closeCommandsEnabled(0, 5)).toEqual({ all: true, others: true, left: false, right: true });
    expect(closeCommandsEnabled(4, 5)).toEqual({ all: true, others: true, left: true, right: false });
    expect(closeCommandsEnabled(0, 1)).toEqual({ all: true, others: false, left: false, right: false });
  });
});
