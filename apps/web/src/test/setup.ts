import { cleanup } from '@testing-library/react';
import { message } from 'antd';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, afterEach, vi } from 'vitest';
import { useErrorLog } from '../stores/errorLog';
import { useSession } from '../stores/session';
import { useSignInMode } from '../stores/signInMode';
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

// Ant Design's tabs, menus and overflow lists watch their size; jsdom lays nothing out, so nothing changes.
class StillResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: StillResizeObserver });

// Tests start as the app does once the server has said how users sign in: with passwords, unless they say otherwise.
const passwordSignIn = () =>
  useSignInMode.setState({ mode: 'password', ssoUrl: '', logoutUrl: '', endingSso: false });
passwordSignIn();

afterEach(() => {
  cleanup();
  passwordSignIn();
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null, currentPostId: null, permissions: [], guestUrl: null });
  useTabs.setState({ tabs: [] });
  useErrorLog.setState({ entries: [] });
  sessionStorage.clear();
  localStorage.clear();
});

// A toast shown late in a file (its code loads on first use) renders into Ant Design's own React root,
// outside the tested tree: clear it and let React finish before jsdom's window goes away. A cleared toast
// leaves with an animation that jsdom never ends, so it goes only when rc-motion's deadline passes; React
// then renders in slices of a few milliseconds, one per turn, and on a busy machine that takes many turns.
const TOASTS_GONE_WITHIN_MS = 5_000;
afterAll(async () => {
  await import('../app/toastHost');
  await nextTurn();
  message.destroy();
  const deadline = Date.now() + TOASTS_GONE_WITHIN_MS;
  while (document.querySelector('.ant-message-notice') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (let slice = 0; slice < 5; slice += 1) {
    for (let turn = 0; turn < 10; turn += 1) await nextTurn();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
