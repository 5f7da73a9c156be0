import { create } from 'zustand';
import { TABS_MAX } from '../config';

/** A page in the tab bar (spec §3 client state: visited routes). */
export interface VisitedTab {
  /** The route's path, the tab's identity. */
  path: string;
  /** Path and query, what clicking the tab opens. */
  fullPath: string;
  title: string;
  /** Pinned: cannot be closed (spec §2). */
  affix: boolean;
}

/** Adds a visit, or updates the tab of that path; beyond `max` tabs the oldest closable one goes. */
export function addTab(tabs: VisitedTab[], tab: VisitedTab, max = TABS_MAX): VisitedTab[] {
  const index = tabs.findIndex((existing) => existing.path === tab.path);
  if (index >= 0) {
    const next = [...tabs];
    next[index] = { ...tab, affix: tab.affix || tabs[index]!.affix };
    return next;
  }
  const next = [...tabs, tab];
  while (next.length > max) {
    const oldest = next.findIndex((t) => !t.affix && t.path !== tab.path);
    if (oldest < 0) break;
    next.splice(oldest, 1);
  }
  return next;
}

export type CloseCommand = 'this' | 'others' | 'left' | 'right' | 'all';

/** Closes tabs relative to `path`; pinned tabs always stay. */
export function closeTabs(tabs: VisitedTab[], path: string, command: CloseCommand): VisitedTab[] {
  const index = tabs.findIndex((tab) => tab.path === path);
  return tabs.filter((tab, i) => {
    if (tab.affix) return true;
    switch (command) {
      case 'this':
        return i !== index;
      case 'others':
        return i === index;
      case 'left':
        return index < 0 || i >= index;
      case 'right':
        return index < 0 || i <= index;
      case 'all':
        return false;
    }
  });
}

/** Which context-menu commands apply to the tab at `index` of `count` (spec §2: left/right off at the ends). */
export function closeCommandsEnabled(
  index: number,
  count: number,
): Record<Exclude<CloseCommand, 'this'>, boolean> {
  return { all: true, others: count > 1, left: index > 0, right: index < count - 1 };
}

interface TabsState {
  tabs: VisitedTab[];
  visit: (tab: VisitedTab) => void;
  close: (path: string, command: CloseCommand) => void;
  /** Pins the given tabs (the affixed routes) at the front. */
  pin: (tabs: VisitedTab[]) => void;
  reset: () => void;
}

export const useTabs = create<TabsState>()((set) => ({
  tabs: [],
  visit: (tab) => set(({ tabs }) => ({ tabs: addTab(tabs, tab) })),
  close: (path, command) => set(({ tabs }) => ({ tabs: closeTabs(tabs, path, command) })),
  pin: (pinned) =>
    set(({ tabs }) => ({
      tabs: [...pinned.filter((p) => !tabs.some((t) => t.path === p.path)), ...tabs],
    })),
  reset: () => set({ tabs: [] }),
}));
