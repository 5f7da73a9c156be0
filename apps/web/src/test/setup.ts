import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useSession } from '../stores/session';

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
  useSession.setState({ token: null });
  sessionStorage.clear();
  localStorage.clear();
});
