import type pg from 'pg';

/** What a listener is told: a notification's payload, or that some may have been missed. */
export interface ListenHandlers {
  onNotify(payload: string): void;
  /** the listening connection was lost and is back: whatever was notified meanwhile is lost */
  onResync(): void;
}

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5_000;
/** A connection that answers nothing for this long is taken for dead (a half-open TCP connection). */
const PING_EVERY_MS = 20_000;

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection goes back to the pool (and a
 * transaction-mode pooler hands the server session to others between transactions), so only a dedicated
 * session keeps hearing the channel. When the connection is lost (the server restarted, a failover, a
 * network cut) it is opened again with a growing pause, and once it listens again `onResync` says that
 * notifications may have been missed meanwhile.
 */
export async function listenDirect(
  driver: typeof pg,
  url: string,
  channel: string,
  { onNotify, onResync }: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    clearInterval(ping);
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(true), delay);
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  };

  async function connect(again: boolean): Promise<void> {
    const client = new driver.Client({ connectionString: url, keepAlive: true });
    current = client;
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (!again) {
        stopped = true;
        current = undefined;
        await client.end().catch(() => {});
        throw error;
      }
      lost(client);
      return;
    }
    delay = FIRST_RETRY_MS;
    let answered = true;
    ping = setInterval(() => {
      if (!answered) return lost(client);
      answered = false;
      client.query('SELECT 1').then(
        () => (answered = true),
        () => lost(client),
      );
    }, PING_EVERY_MS).unref();
    if (again) onResync();
  }

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
