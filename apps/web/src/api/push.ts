import type { PushCounts, PushMessage, PushRefresh } from '@eip/contracts';
import { routes } from '@eip/contracts/routes';
import { sseParser, type SseEvent } from '@eip/contracts/sse';
import { apiBase } from '../config';

export type PushEvent =
  | { event: 'counts'; data: PushCounts }
  | { event: 'message'; data: PushMessage }
  | { event: 'refresh'; data: PushRefresh };

const STREAM_URL = `${apiBase[routes.pushStream.group]}/${routes.pushStream.path}`;
/** No byte for this long (the server's heartbeat comes every 15 s): the connection is taken for dead. */
const SILENCE_MS = 40_000;
/** After the page wakes (shown again, back online), a stream silent for this long is replaced at once. */
const STALE_AFTER_WAKE_MS = 20_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 8_000;

const EVENTS = new Set(['counts', 'message', 'refresh']);
const toPushEvent = ({ event, data }: SseEvent): PushEvent | null =>
  EVENTS.has(event) ? ({ event, data: JSON.parse(data) } as PushEvent) : null;

/**
 * The live push stream of this tab: fetch, not EventSource, so the token goes in the Authorization header
 * and never in an address (logs, history, Referer). A lost stream is opened again with Last-Event-ID, so
 * the server says what was missed; a silent one (a sleeping laptop, a dead proxy) is dropped and replaced.
 * A refusal (401: the token is no longer valid) ends it; the app's next call deals with the session.
 */
export function connectPush(token: string, onEvent: (event: PushEvent) => void): () => void {
  let stopped = false;
  let lastEventId: string | undefined;
  let controller: AbortController | undefined;
  let lastByteAt = Date.now();
  let delay = FIRST_RETRY_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function run() {
    retry = undefined;
    if (stopped) return;
    const current = new AbortController();
    controller = current;
    lastByteAt = Date.now();
    try {
      const response = await fetch(STREAM_URL, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        cache: 'no-store',
        signal: current.signal,
      });
      if (response.status === 401) stopped = true;
      if (response.ok && response.body) {
        delay = FIRST_RETRY_MS;
        const parser = sseParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          lastByteAt = Date.now();
          for (const event of parser.push(value)) {
            if (event.id !== undefined) lastEventId = event.id;
            const pushed = toPushEvent(event);
            if (pushed) onEvent(pushed);
          }
        }
      }
    } catch {
      // the network or an abort: opened again below
    }
    if (controller === current) controller = undefined;
    if (stopped) return;
    retry = setTimeout(() => void run(), delay * (0.75 + Math.random() / 2));
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  }

  const reopen = () => {
    delay = FIRST_RETRY_MS;
    if (controller) controller.abort();
    else if (retry) {
      clearTimeout(retry);
      void run();
    }
  };
  const watchdog = setInterval(() => {
    if (controller && Date.now() - lastByteAt > SILENCE_MS) controller.abort();
  }, 5_000);
  const wake = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastByteAt > STALE_AFTER_WAKE_MS) reopen();
  };
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', reopen);
  void run();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(watchdog);
    document.removeEventListener('visibilitychange', wake);
    window.removeEventListener('online', reopen);
    controller?.abort();
  };
}

type ChannelMessage = { kind: 'event'; event: PushEvent } | { kind: 'ask' };

/**
 * One stream per browser and user, shared by the tabs: the tab that holds the Web Lock of the user opens
 * it and passes every event on a BroadcastChannel; when that tab closes the lock goes to another tab,
 * which opens the stream. A tab that joins asks for the counts, which the leader repeats. Without Web
 * Locks (an old browser) each tab has its own stream.
 */
export function sharedPush(key: string, token: string, onEvent: (event: PushEvent) => void): () => void {
  if (typeof navigator === 'undefined' || !navigator.locks || typeof BroadcastChannel === 'undefined') {
    return connectPush(token, onEvent);
  }
  const channel = new BroadcastChannel(`eip-push:${key}`);
  const release = new AbortController();
  let leading = false;
  let lastCounts: PushEvent | undefined;
  channel.onmessage = ({ data }: MessageEvent<ChannelMessage>) => {
    if (data.kind === 'event') {
      if (data.event.event === 'counts') lastCounts = data.event;
      onEvent(data.event);
    } else if (leading && lastCounts) {
      channel.postMessage({ kind: 'event', event: lastCounts } satisfies ChannelMessage);
    }
  };
  navigator.locks
    .request(`eip-push:${key}`, { signal: release.signal }, () => {
      leading = true;
      const stop = connectPush(token, (event) => {
        if (event.event === 'counts') lastCounts = event;
        onEvent(event);
        channel.postMessage({ kind: 'event', event } satisfies ChannelMessage);
      });
      return new Promise<void>((resolve) =>
        release.signal.addEventListener('abort', () => {
          stop();
          resolve();
        }),
      );
    })
    .catch(() => {
      // released before it was granted
    });
  channel.postMessage({ kind: 'ask' } satisfies ChannelMessage);
  return () => {
    release.abort();
    channel.close();
  };
}
