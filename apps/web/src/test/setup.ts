import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useErrorLog } from '../stores/errorLog';
import { useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';

// Ant Design reads media queries (responsive grid, breakpoints); jsdom has no matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null, currentPostId: null, permissions: [] });
  useTabs.setState({ tabs: [] });
  useErrorLog.setState({ entries: [] });
  sessionStorage.clear();
  localStorage.clear();
});
