import { GROUPS, type Group } from '@eip/contracts/routes';

/**
 * The base URL of each API group (ARCHITECTURE §2): the same origin under `/{group}` by default.
 * Point a group elsewhere here when it is served by its own process.
 */
export const apiBase: Record<Group, string> = Object.fromEntries(
  GROUPS.map((group) => [group, `/${group}`]),
) as Record<Group, string>;

/** Request timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The page the app opens after sign-in and for `/` (spec §9: default open /index). */
export const LANDING_PATH = '/index';
