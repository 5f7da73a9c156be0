import http from 'node:http';
import { sseParser, type SseEvent } from '@eip/contracts/sse';

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the answer's body when it is not a stream (a refusal) */
  json(): Promise<unknown>;
  /** Waits for the next event (after those already taken) that passes `test`, and takes it. */
  next(test: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** every event received so far */
  events: SseEvent[];
  /** characters received so far, heartbeats included */
  received(): number;
  /** settles when the server ends the answer */
  ended: Promise<void>;
  close(): void;
}

export const counts = (event: SseEvent) => (event.event === 'counts' ? JSON.parse(event.data) : null);

/**
 * Opens a live push stream over real HTTP (the stream never ends, so inject cannot read it), on a
 * connection of its own that closing the stream closes.
 */
export async function openStream(
  url: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(
        url,
        {
          agent: false,
          headers: {
            accept: 'text/event-stream',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
        },
        resolve,
      )
      .on('error', reject);
  });
  response.setEncoding('utf8');
  const events: SseEvent[] = [];
  const wake = new Set<() => void>();
  let taken = 0;
  let received = 0;
  let text = '';
  const parser = sseParser();
  const streaming = response.statusCode === 200;
  response.on('data', (chunk: string) => {
    received += chunk.length;
    if (!streaming) text += chunk;
    else events.push(...parser.push(chunk));
    for (const w of wake) w();
  });
  response.on('error', () => {});
  const ended = new Promise<void>((resolve) => response.on('end', resolve));

  const next: OpenStream['next'] = (test, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const look = () => {
        const index = events.findIndex((event, i) => i >= taken && test(event));
        if (index < 0) return false;
        taken = index + 1;
        wake.delete(look);
        clearTimeout(timer);
        resolve(events[index]!);
        return true;
      };
      const timer = setTimeout(() => {
        wake.delete(look);
        reject(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(taken))}`));
      }, timeoutMs);
      if (!look()) wake.add(look);
    });
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    json: async () => {
      await ended;
      return JSON.parse(text);
    },
    next,
    events,
    received: () => received,
    ended,
    close: () => response.destroy(),
  };
}
