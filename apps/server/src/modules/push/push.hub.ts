import { PUSH_LISTS, type PushCounts, type PushList } from '@eip/contracts';
import type { Database, Db } from '../../db/client.js';
import type { AuthContext } from '../../security/tokens.js';
import {
  ALL_COUNTS,
  countOfUsers,
  latestCursor,
  leadersServedBy,
  messagesAfter,
  messagesAfterEach,
  PUSH_CHANNEL,
  pushCounts,
  sessionRevoked,
  SIGNOUT,
  type CountName,
  type CursoredMessage,
} from './push.repository.js';

/** Notifications within this long are answered with one recount of all the users they name. */
const GATHER_MS = 20;
/** Users recounted together (per tenant): one statement per count reads them all. */
const BATCH_USERS = 1_000;
/** Batches recounted at once: a resync of every stream must not take the whole connection pool. */
const RECOUNT_CONCURRENCY = 2;
/** New messages toasted at most per recount (the badge counts the rest). */
const TOASTS_AT_MOST = 5;
/** Streams of one user at once (tabs share one; this bounds a misbehaving client). */
const STREAMS_PER_USER = 8;
/** A client that lost its stream tries again after this long (the SSE `retry` field). */
const RETRY_MS = 2_000;
/** setTimeout's longest delay; a token that lives longer is checked again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const KIND_LISTS: Record<string, PushList[]> = {
  message: ['messages'],
  notice: ['notices'],
  task: ['todo'],
  mail: ['mail'],
};
const ALL_LISTS: PushList[] = [...PUSH_LISTS];
/**
 * The counts a change to a list can move: only those are read again (a message to 5,000 people reads 2 of 5).
 * A task also rereads the leader todo count: who is whose secretary changes without a notification.
 */
const LIST_COUNTS: Record<PushList, CountName[]> = {
  messages: ['messages'],
  todo: ['todo', 'leaderTodo'],
  leaderTodo: ['leaderTodo'],
  notices: ['noticeToRead'],
  mail: [],
};
const countsOf = (lists: PushList[]) => lists.flatMap((list) => LIST_COUNTS[list]);

/** What a user's streams are to be told: the lists to hint at and the counts to read again. */
interface Marked {
  lists: Set<PushList>;
  counts: Set<CountName>;
}

/** Users of one tenant recounted together. */
interface Batch {
  tenantId: string;
  users: { key: string; userId: string; lists: PushList[]; counts: CountName[] }[];
}

/** Where a stream's text goes (the HTTP answer). */
export interface PushSink {
  write(chunk: string): void;
  end(): void;
}

interface Stream {
  tenantId: string;
  userId: string;
  /** the session (token id) it was opened with */
  jti: string;
  /** the newest message this stream has been told of (the SSE event id) */
  cursor: string;
  /** the counts it was sent last */
  counts: PushCounts | null;
  leaderKeys: string[];
  sink: PushSink;
  expiry: NodeJS.Timeout;
}

export interface PushHub {
  /** Opens a stream for the caller: the counts at once, and what they missed after `lastEventId`. */
  open(auth: AuthContext, lastEventId: string | undefined, sink: PushSink): Promise<() => void>;
  /** Streams open in this process. */
  size(): number;
  close(): Promise<void>;
}

const keyOf = (tenantId: string, userId: string) => `${tenantId} ${userId}`;
const event = (name: string, data: unknown, id?: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const later = (a: string, b: string) => BigInt(a) > BigInt(b);

/**
 * The live push of one server process. The database is the truth and a notification only a hint: a
 * notification names a user, and the user's streams in this process are told the counts and the new
 * messages as read from the database, so a lost or repeated notification costs nothing but a recount.
 * Every process listens to the same channel, so a change made through any process reaches a stream on
 * any other. When the listening connection comes back after a loss, every stream is recounted.
 */
export async function createPushHub(
  database: Pick<Database, 'db' | 'listen'>,
  heartbeatMs: number,
): Promise<PushHub> {
  const db: Db = database.db;
  const byUser = new Map<string, Set<Stream>>();
  /** a leader's key → the keys of the secretaries with an open stream, counted per stream */
  const secretariesOf = new Map<string, Map<string, number>>();
  /** by user: the lists to hint at and the counts to read again */
  const pending = new Map<string, Marked>();
  /**
   * The users whose recount is in flight. A user marked meanwhile stays pending until it ends and is then
   * recounted once more, so that an older reading never reaches a stream after a newer one.
   */
  const recounting = new Set<string>();
  let gather: NodeJS.Timeout | undefined;
  let closed = false;

  const mark = (key: string, lists: PushList[], counts = countsOf(lists)) => {
    if (!byUser.has(key)) return;
    const marked: Marked = pending.get(key) ?? { lists: new Set(), counts: new Set() };
    for (const list of lists) marked.lists.add(list);
    for (const name of counts) marked.counts.add(name);
    pending.set(key, marked);
    gather ??= setTimeout(flush, GATHER_MS);
  };

  const onNotify = (payload: string) => {
    const [tenantId, userId, kind, jti] = payload.split(' ');
    if (!tenantId || !userId || !kind) return;
    const key = keyOf(tenantId, userId);
    if (kind === SIGNOUT) {
      for (const stream of [...(byUser.get(key) ?? [])]) if (stream.jti === jti) remove(stream);
      return;
    }
    mark(key, KIND_LISTS[kind] ?? ALL_LISTS);
    if (kind === 'task') {
      for (const secretary of secretariesOf.get(key)?.keys() ?? []) mark(secretary, ['leaderTodo']);
    }
  };
  const onResync = () => {
    for (const key of byUser.keys()) mark(key, ALL_LISTS);
  };

  /**
   * Recounts the pending users, except those whose recount is still in flight: the users of a tenant in
   * batches of BATCH_USERS, RECOUNT_CONCURRENCY batches at a time.
   */
  function flush() {
    gather = undefined;
    const batches: Batch[] = [];
    const filling = new Map<string, Batch>();
    for (const [key, marked] of pending) {
      if (recounting.has(key)) continue;
      pending.delete(key);
      const first = byUser.get(key)?.values().next().value;
      if (!first) continue;
      let batch = filling.get(first.tenantId);
      if (!batch || batch.users.length >= BATCH_USERS) {
        batch = { tenantId: first.tenantId, users: [] };
        filling.set(first.tenantId, batch);
        batches.push(batch);
      }
      batch.users.push({ key, userId: first.userId, lists: [...marked.lists], counts: [...marked.counts] });
      recounting.add(key);
    }
    const next = async (): Promise<void> => {
      const batch = batches.shift();
      if (!batch || closed) return;
      await recount(batch);
      return next();
    };
    for (let i = 0; i < RECOUNT_CONCURRENCY; i++) void next();
  }

  /**
   * Tells the streams of a batch's users the counts that may have moved, the new messages (when the messages
   * may have changed) and which lists changed: one statement per count for all the users that need it, and
   * one for the new messages. A user marked again meanwhile is recounted once more afterwards.
   */
  async function recount({ tenantId, users }: Batch) {
    try {
      const usersCounting = (name: CountName) =>
        users.filter((u) => u.counts.includes(name)).map((u) => u.userId);
      const cursors = new Map<string, string>();
      for (const user of users) {
        if (!user.counts.includes('messages')) continue;
        const [first, ...others] = byUser.get(user.key) ?? [];
        if (!first) continue;
        cursors.set(
          user.userId,
          others.reduce((oldest, s) => (later(oldest, s.cursor) ? s.cursor : oldest), first.cursor),
        );
      }
      const [counted, messages] = await Promise.all([
        Promise.all(ALL_COUNTS.map((name) => countOfUsers(db, tenantId, name, usersCounting(name)))),
        messagesAfterEach(db, tenantId, cursors, TOASTS_AT_MOST),
      ]);
      for (const user of users) {
        const counts: Partial<PushCounts> = {};
        for (const name of user.counts)
          counts[name] = counted[ALL_COUNTS.indexOf(name)]!.get(user.userId) ?? 0;
        const toasts = messages.get(user.userId) ?? [];
        for (const stream of byUser.get(user.key) ?? []) send(stream, counts, toasts, user.lists);
      }
    } catch {
      for (const user of users) mark(user.key, user.lists, user.counts);
    } finally {
      for (const user of users) recounting.delete(user.key);
      if (!closed && users.some((user) => pending.has(user.key))) gather ??= setTimeout(flush, GATHER_MS);
    }
  }

  function send(stream: Stream, counts: Partial<PushCounts>, messages: CursoredMessage[], lists: PushList[]) {
    let text = '';
    for (const { cursor, ...message } of messages) {
      if (!later(cursor, stream.cursor)) continue;
      stream.cursor = cursor;
      text += event('message', message, cursor);
    }
    // a stream is first sent every count (on opening); after that, the ones read again replace theirs
    const merged = { ...stream.counts, ...counts } as PushCounts;
    if (JSON.stringify(merged) !== JSON.stringify(stream.counts)) {
      stream.counts = merged;
      text += event('counts', merged, stream.cursor);
    }
    if (lists.length) text += event('refresh', { lists });
    if (text) stream.sink.write(text);
  }

  const stopListening = await database.listen(PUSH_CHANNEL, { onNotify, onResync });
  const heartbeat = setInterval(() => {
    for (const streams of byUser.values()) for (const stream of streams) stream.sink.write(': \n\n');
  }, heartbeatMs);
  heartbeat.unref();

  function remove(stream: Stream) {
    const streams = byUser.get(keyOf(stream.tenantId, stream.userId));
    if (!streams?.delete(stream)) return;
    clearTimeout(stream.expiry);
    if (!streams.size) byUser.delete(keyOf(stream.tenantId, stream.userId));
    for (const leaderKey of stream.leaderKeys) {
      const secretaries = secretariesOf.get(leaderKey);
      const key = keyOf(stream.tenantId, stream.userId);
      const left = (secretaries?.get(key) ?? 1) - 1;
      if (left > 0) secretaries?.set(key, left);
      else secretaries?.delete(key);
      if (secretaries && !secretaries.size) secretariesOf.delete(leaderKey);
    }
    stream.sink.end();
  }

  return {
    async open(auth, lastEventId, sink) {
      if (closed) throw new Error('the push hub is closed');
      const { tenantId, userId } = auth;
      const key = keyOf(tenantId, userId);
      const resumed = lastEventId !== undefined && /^\d{1,17}$/.test(lastEventId);
      const [leaders, counts, cursor] = await Promise.all([
        leadersServedBy(db, tenantId, userId),
        pushCounts(db, tenantId, userId),
        resumed ? lastEventId : latestCursor(db, tenantId, userId),
      ]);
      const messages = resumed ? await messagesAfter(db, tenantId, userId, cursor, TOASTS_AT_MOST) : [];
      const stream: Stream = {
        tenantId,
        userId,
        jti: auth.jti,
        cursor,
        counts: null,
        leaderKeys: leaders.map((leader) => keyOf(tenantId, leader.userId)),
        sink,
        expiry: setTimeout(
          () => remove(stream),
          Math.min(Math.max(auth.expiresAt.getTime() - Date.now(), 0), LONGEST_TIMER_MS),
        ),
      };
      const streams = byUser.get(key) ?? new Set<Stream>();
      byUser.set(key, streams);
      streams.add(stream);
      if (streams.size > STREAMS_PER_USER) remove(streams.values().next().value!);
      for (const leaderKey of stream.leaderKeys) {
        const secretaries = secretariesOf.get(leaderKey) ?? new Map<string, number>();
        secretaries.set(key, (secretaries.get(key) ?? 0) + 1);
        secretariesOf.set(leaderKey, secretaries);
      }
      sink.write(`retry: ${RETRY_MS}\n\n`);
      // a resumed stream may have missed any change: every list is to be asked for again
      send(stream, counts, messages, resumed ? ALL_LISTS : []);
      // what changed between reading the counts and joining the map is recounted
      mark(key, [], [...ALL_COUNTS]);
      // a sign-out told before the stream joined the map found nothing to end
      if (await sessionRevoked(db, auth.jti)) remove(stream);
      return () => remove(stream);
    },
    size: () => [...byUser.values()].reduce((n, streams) => n + streams.size, 0),
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(gather);
      for (const streams of [...byUser.values()]) for (const stream of [...streams]) remove(stream);
      await stopListening();
    },
  };
}
