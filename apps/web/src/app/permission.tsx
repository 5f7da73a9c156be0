import type { ReactNode } from 'react';
import { useSession } from '../stores/session';

/**
 * Spec §6: whether the user holds at least one of the method permission codes (getCurrentUserMethodAuth, kept in
 * the session; an administrator's list holds every method). The server checks the same codes on its calls.
 */
export const useHasPermission = (...codes: string[]) =>
  useSession((state) => codes.some((code) => state.permissions.includes(code)));

/** Spec §6's permission directive: its children are left out unless the user holds one of `codes`. */
export function Permission({ codes, children }: { codes: string[]; children: ReactNode }) {
  return useHasPermission(...codes) ? children : null;
}
