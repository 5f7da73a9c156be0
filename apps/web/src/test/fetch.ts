import { vi } from 'vitest';

export interface EnvelopeOptions {
  code?: number | string;
  message?: string;
  status?: number;
}

/** A JSON response in the server's envelope. */
export function envelope(value: unknown, { code = 200, message = '', status = 200 }: EnvelopeOptions = {}) {
  const state = code === 200 || code === 0 || code === '200' || code === '0';
  return new Response(JSON.stringify({ state, code, message, value }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces `fetch` for one test; every request is recorded and answered by the handler. */
export function stubFetch(handler: (request: SentRequest) => Response | Promise<Response>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SentRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}
