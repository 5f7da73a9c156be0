export const GROUPS = ['auth', 'uc', 'portal', 'bpm-model', 'bpm-runtime', 'form'] as const;
export type Group = (typeof GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * public: no token needed; optional: a token is read when present; user: a valid token is required.
 * guest: the route also accepts the guest token of a short link made for guests (spec §2); every other
 * route refuses it as an invalid token (code 402).
 * audit: the action recorded in the audit trail for every call of this route (state-changing calls).
 * kind: see below.
 * What a route does is said beside its schemas (the server's documentation), not here: the browser loads
 * this table.
 */
export interface RouteInfo {
  method: HttpMethod;
  group: Group;
  path: string;
  access: 'public' | 'optional' | 'user';
  guest?: boolean;
  audit?: string;
  /**
   * upload: the body is multipart form data (one file); download: the answer is the file itself, not
   * wrapped in the envelope (spec §8: blob responses bypass the code checks); stream: a server-sent event
   * stream (text/event-stream) that stays open; redirect: the answer sends the browser on (302) to the
   * address the handler gives.
   */
  kind?: 'upload' | 'download' | 'stream' | 'redirect';
}

export const route = <const R extends RouteInfo>(r: R) => r;
