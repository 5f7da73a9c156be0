import { TOKEN_STORAGE_KEY } from '@eip/contracts/codes';
import { create } from 'zustand';

interface SessionState {
  /** The bearer token, kept in session storage under `eip-front` (spec §3); null when signed out. */
  token: string | null;
  signIn: (token: string) => void;
  signOut: () => void;
}

function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export const useSession = create<SessionState>()((set) => ({
  token: readToken(),
  signIn: (token) => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    set({ token });
  },
  signOut: () => {
    sessionStorage.removeItem(TOKEN_STORAGE_KEY);
    set({ token: null });
  },
}));
