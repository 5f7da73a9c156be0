import { create } from 'zustand';
import { fetchSignInMode } from '../api/auth';
import type { AuthMode } from '../app/guardDecision';

interface SignInModeState {
  /**
   * How users sign in (spec §2): `password` (the login page), or single sign-on — `cas` or `oauth` — at
   * `ssoUrl`; null until the server has said.
   */
  mode: AuthMode | null;
  ssoUrl: string;
  /** where sign-out also ends the single sign-on session; empty for password */
  logoutUrl: string;
  /** the browser is on its way there: no page is shown or left for meanwhile */
  endingSso: boolean;
}

/** The sign-in mode the server runs with, learnt once at the app's start (not a build setting). */
export const useSignInMode = create<SignInModeState>()(() => ({
  mode: null,
  ssoUrl: '',
  logoutUrl: '',
  endingSso: false,
}));

let learning: Promise<void> | null = null;

/**
 * Asks the server once how users sign in. A server that cannot say leaves the password sign-in: the login page
 * works with every mode (administrators keep their password).
 */
export function learnSignInMode(): Promise<void> {
  if (useSignInMode.getState().mode !== null) return Promise.resolve();
  learning ??= fetchSignInMode()
    .then(
      ({ mode, ssoUrl, logoutUrl }) =>
        useSignInMode.setState({ mode, ssoUrl: ssoUrl ?? '', logoutUrl: logoutUrl ?? '' }),
      () => useSignInMode.setState({ mode: 'password', ssoUrl: '', logoutUrl: '' }),
    )
    .finally(() => {
      learning = null;
    });
  return learning;
}
