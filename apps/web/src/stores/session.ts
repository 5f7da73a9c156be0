import { TOKEN_STORAGE_KEY } from '@eip/contracts/codes';
import { create } from 'zustand';

/** Session-storage keys next to the token (spec §3 client state, §4 switching post, §6 method permissions). */
export const USER_STORAGE_KEY = 'eip-front-user';
export const POST_STORAGE_KEY = 'eip-front-post';
export const PERMISSIONS_STORAGE_KEY = 'eip-front-permissions';
export const GUEST_STORAGE_KEY = 'eip-front-guest';

/** Who is signed in, as the login answer tells it. */
export interface SessionUser {
  account: string;
  userId: string;
  username: string;
  tenantCode: string;
}

interface SessionState {
  /** The bearer token, kept in session storage under `eip-front` (spec §3); null when signed out. */
  token: string | null;
  user: SessionUser | null;
  /** The post chosen by a switch (spec §4). */
  currentPostId: string | null;
  /** Method permission codes the user holds (spec §6). */
  permissions: string[];
  /** Spec §2: a guest of a short link may only see this address; null for a signed-in user. */
  guestUrl: string | null;
  signIn: (token: string, user: SessionUser) => void;
  /** Spec §2: a short link made for guests opens its address with the link's guest token. */
  enterAsGuest: (token: string, url: string) => void;
  /** Spec §4: clears token, user name and current post; the routes store resets with it. */
  signOut: () => void;
  setCurrentPost: (postId: string) => void;
  setPermissions: (codes: string[]) => void;
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

function readJson<T>(key: string, fallback: T): T {
  const text = read(key);
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * One channel object per page: a message never reaches the object that sent it, so this tab does not hear
 * its own announcements.
 */
let tokenChannel: BroadcastChannel | null | undefined;
const channel = () =>
  (tokenChannel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('eip-front-token'));

/** Tells the app's other tabs that the token changed here (session storage raises no event across tabs). */
const announceTokenChange = () => channel()?.postMessage(TOKEN_STORAGE_KEY);

export const useSession = create<SessionState>()((set) => ({
  token: read(TOKEN_STORAGE_KEY),
  user: readJson<SessionUser | null>(USER_STORAGE_KEY, null),
  currentPostId: read(POST_STORAGE_KEY),
  permissions: readJson<string[]>(PERMISSIONS_STORAGE_KEY, []),
  guestUrl: read(GUEST_STORAGE_KEY),
  signIn: (token, user) => {
    sessionStorage.removeItem(GUEST_STORAGE_KEY);
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    sessionStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    set({ token, user, guestUrl: null });
    announceTokenChange();
  },
  enterAsGuest: (token, url) => {
    for (const key of [USER_STORAGE_KEY, POST_STORAGE_KEY, PERMISSIONS_STORAGE_KEY]) {
      sessionStorage.removeItem(key);
    }
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    sessionStorage.setItem(GUEST_STORAGE_KEY, url);
    set({ token, user: null, currentPostId: null, permissions: [], guestUrl: url });
    announceTokenChange();
  },
  signOut: () => {
    for (const key of [
      TOKEN_STORAGE_KEY,
      USER_STORAGE_KEY,
      POST_STORAGE_KEY,
      PERMISSIONS_STORAGE_KEY,
      GUEST_STORAGE_KEY,
    ]) {
      sessionStorage.removeItem(key);
    }
    set({ token: null, user: null, currentPostId: null, permissions: [], guestUrl: null });
    announceTokenChange();
  },
  setCurrentPost: (postId) => {
    sessionStorage.setItem(POST_STORAGE_KEY, postId);
    set({ currentPostId: postId });
  },
  setPermissions: (codes) => {
    sessionStorage.setItem(PERMISSIONS_STORAGE_KEY, JSON.stringify(codes));
    set({ permissions: codes });
  },
}));

/**
 * Spec §2: another browser tab that changes or clears the stored token makes this page reload. Listens to
 * storage events on the token key (a `clear()` has key null) and to the other tabs' announcements.
 * Answers the function that stops listening.
 */
export function onTokenChangedElsewhere(reload: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) reload();
  };
  window.addEventListener('storage', onStorage);
  const tokens = channel();
  tokens?.addEventListener('message', reload);
  return () => {
    window.removeEventListener('storage', onStorage);
    tokens?.removeEventListener('message', reload);
  };
}
