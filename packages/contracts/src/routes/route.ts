export const GROUPS = ['auth', 'uc', 'portal', 'bpm-model', 'bpm-runtime', 'form'] as const;
export type Group = (typeof GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * public: no token needed; optional: a token is read when present; user: a valid token is required.
 * audit: the action recorded in the audit trail for every call of this route (state-changing calls).
 */
export interface RouteInfo {
  method: HttpMethod;
  group: Group;
  path: string;
  access: 'public' | 'optional' | 'user';
  audit?: string;
  summary: string;
}

export const route = <const R extends RouteInfo>(r: R) => r;
