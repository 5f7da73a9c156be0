import { randomUUID } from 'node:crypto';
import { PUSH_LISTS, routeUrl } from '@eip/contracts';
import { sseParser, type SseEvent } from '@eip/contracts/sse';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { counts, openStream, type OpenStream } from '../../../test/sse.js';
import type { Db } from '../../db/client.js';
import { deriveKey, loadMasterSecret } from '../../security/secret.js';
import { createTokenService, type AuthContext } from '../../security/tokens.js';
import { createPushHub, type PushHub } from './push.hub.js';

/** Live push (issue 16) over real HTTP: the stream follows the database, whoever changes it. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let url: string;
const open: OpenStream[] = [];
beforeAll(async () => {
  t = await createTestApp({ PUSH_HEARTBEAT_SECONDS: '1' });
  f = flowSteps(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address}${routeUrl('pushStream')}`;
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

const stream = async (account: string, headers: Record<string, string> = {}) => {
  const opened = await openStream(url, await f.as(account), headers);
  open.push(opened);
  return opened;
};
const countsOf = async (account: string) => {
  const token = await f.as(account);
  const [messages, todo, leaderTodo, noticeToRead] = await Promise.all([
    t.call('getMsgbadge', { token }),
    t.call('getTodoCount', { token, body: {} }),
    t.call('getLeaderTodoCount', { token, body: {} }),
    t.call('getNoticeTodoReadCount', { token, body: {} }),
  ]);
  return {
    messages: messages.body.value,
    todo: todo.body.value,
    leaderTodo: leaderTodo.body.value,
    noticeToRead: noticeToRead.body.value,
  };
};

describe('live push stream', () => {
  it('refuses a caller without a token or with a forged one', async () => {
    const none = await openStream(url, undefined);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ state: false, code: 401 });
    const forged = await openStream(url, 'not-a-token');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 402 });
  });

  it('sends the counts at once, uncompressed, and heartbeats', async () => {
    const s = await stream('linxue', { 'accept-encoding': 'br, gzip' });
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['content-encoding']).toBeUndefined();
    const first = await s.next((e) => e.event === 'counts');
    expect(counts(first)).toEqual(await countsOf('linxue'));
    // a heartbeat is a comment line: the connection stays busy without an event
    const [events, received] = [s.events.length, s.received()];
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(s.events.length).toBe(events);
    expect(s.received()).toBeGreaterThan(received);
  });

  it('a task arriving brings a toast, the new counts and a refresh of the todo list; reading follows', async () => {
    const s = await stream('linxue');
    const start = counts(await s.next((e) => e.event === 'counts'));
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '推送' });
    const toast = await s.next((e) => e.event === 'message');
    const message = JSON.parse(toast.data);
    expect(message).toMatchObject({ type: 'task' });
    expect(message.link).toContain(instId);
    expect(toast.id).toMatch(/^\d+$/);
    const after = counts(await s.next((e) => e.event === 'counts'));
    expect(after).toMatchObject({ messages: start.messages + 1, todo: start.todo + 1 });
    expect(after).toEqual(await countsOf('linxue'));
    await s.next((e) => e.event === 'refresh' && JSON.parse(e.data).lists.includes('todo'));

    await t.call('markMessages', { token: await f.as('linxue'), query: { ids: message.id } });
    // a change of messages only: the unread count is read again, every other count is kept as it was
    const read = counts(await s.next((e) => e.event === 'counts'));
    expect(read).toEqual({ ...after, messages: start.messages });
    expect(read).toEqual(await countsOf('linxue'));
  });

  it('a stream resumed with Last-Event-ID is told what it missed', async () => {
    const s = await stream('linxue');
    await s.next((e) => e.event === 'counts');
    const lastId = s.events.at(-1)!.id!;
    s.close();
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '离线时' });
    const resumed = await stream('linxue', { 'last-event-id': lastId });
    const missed = JSON.parse((await resumed.next((e) => e.event === 'message')).data);
    expect(missed.link).toContain(instId);
    const refresh = await resumed.next((e) => e.event === 'refresh');
    expect(JSON.parse(refresh.data).lists).toEqual([...PUSH_LISTS]);
    // an id that is no cursor of ours is taken for none
    const odd = await stream('linxue', { 'last-event-id': '99999999999999999999' });
    await odd.next((e) => e.event === 'counts');
    // a fresh stream (no Last-Event-ID) toasts nothing old
    const fresh = await stream('linxue');
    await fresh.next((e) => e.event === 'counts');
    expect(fresh.events.some((e) => e.event === 'message')).toBe(false);
  });

  it('a secretary’s leader todo count follows the leader’s tasks; nobody else hears of them', async () => {
    const secretary = await stream('wangfang');
    const other = await stream('xiena');
    const start = counts(await secretary.next((e) => e.event === 'counts'));
    await other.next((e) => e.event === 'counts');
    await f.start('lina', 'leave_request', { days: 2, reason: '秘书推送' });
    const next = counts(await secretary.next((e) => e.event === 'counts'));
    expect(next.leaderTodo).toBe(start.leaderTodo + 1);
    await secretary.next((e) => e.event === 'refresh' && JSON.parse(e.data).lists.includes('leaderTodo'));
    expect(other.events.filter((e) => e.event !== 'counts')).toEqual([]);
  });

  it('signing out ends that session’s streams (told through the database, which every process hears); the user’s other sessions keep theirs', async () => {
    const token = await t.login('linxue');
    const other = await stream('linxue');
    const signedOut = await openStream(url, token);
    open.push(signedOut);
    await Promise.all([other, signedOut].map((s) => s.next((e) => e.event === 'counts')));
    const ended = vi.fn();
    void signedOut.ended.then(ended);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ended).not.toHaveBeenCalled();

    expect((await t.call('signout', { token })).body.state).toBe(true);
    await signedOut.ended;
    const [before, received] = [other.events.length, other.received()];
    await f.start('guoming', 'leave_request', { days: 1, reason: '登出后' });
    await other.next((e) => e.event === 'message');
    expect(other.events.length).toBeGreaterThan(before);
    expect(other.received()).toBeGreaterThan(received);
  });
});

/**
 * The database as a hub of the test's own sees it: every statement it sends is counted, and while the gate
 * is shut the answers of the statements sent are held back until it opens (a slow read, as under load).
 */
function watchedDatabase() {
  let sent = 0;
  let running = 0;
  let quietSince = Date.now();
  let shut: { opened: Promise<void>; open: () => void; held: number } | undefined;
  const execute = async (query: SQL) => {
    const gate = shut;
    sent++;
    running++;
    try {
      const result = await t.database.db.execute(query);
      if (gate) {
        gate.held++;
        await gate.opened;
      }
      return result;
    } finally {
      running--;
      quietSince = Date.now();
    }
  };
  const db = new Proxy(t.database.db, {
    get: (target, name) => (name === 'execute' ? execute : Reflect.get(target, name, target)),
  }) as Db;
  return {
    database: { db, listen: t.database.listen },
    sent: () => sent,
    /** waits until no statement has run for 200 ms */
    settled: () =>
      vi.waitFor(() => expect(running === 0 && Date.now() - quietSince >= 200).toBe(true), {
        timeout: 10_000,
      }),
    shut() {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      shut = { opened, open, held: 0 };
      return shut;
    },
    unshut: () => (shut = undefined),
  };
}

describe('live push of many users at once', () => {
  const hubs: PushHub[] = [];
  afterAll(() => Promise.all(hubs.map((hub) => hub.close())));
  const tokens = () =>
    createTokenService(
      deriveKey(loadMasterSecret(t.config.secretKey, t.config.dataDir), 'token'),
      t.config.tokenTtlSeconds,
    );
  /** a stream of the hub for the account, read as its events arrive */
  const openOn = async (hub: PushHub, account: string) => {
    const auth = (await tokens().read(await f.as(account))) as AuthContext;
    const parser = sseParser();
    const events: SseEvent[] = [];
    await hub.open(auth, undefined, { write: (chunk) => events.push(...parser.push(chunk)), end: () => {} });
    return { auth, events, lastCounts: () => counts(events.findLast((e) => e.event === 'counts')!) };
  };
  const insertMessage = (auth: AuthContext, subject: string) =>
    t.database.db.execute(sql`insert into inner_message (tenant_id, id, receiver_id, subject, content, type)
      values (${auth.tenantId}, ${randomUUID()}, ${auth.userId}, ${subject}, '推送测试', 'message')`);

  it('a change for many users is recounted with one statement per count, each user getting their own counts', async () => {
    const watched = watchedDatabase();
    const hub = await createPushHub(watched.database, 60_000);
    hubs.push(hub);
    const accounts = ['linxue', 'wangfang', 'xiena', 'guoming', 'lina'];
    const streams = await Promise.all(accounts.map((account) => openOn(hub, account)));
    await watched.settled();
    const before = streams.map((s) => s.lastCounts());
    const sent = watched.sent();
    // one transaction: user i gets i + 1 messages, and every user a hint of an unknown kind (every count)
    await t.database.db.transaction(async (tx) => {
      for (const [i, { auth }] of streams.entries()) {
        for (let n = 0; n <= i; n++)
          await tx.execute(sql`insert into inner_message (tenant_id, id, receiver_id, subject, content, type)
            values (${auth.tenantId}, ${randomUUID()}, ${auth.userId}, ${`批量 ${i} ${n}`}, '推送测试', 'message')`);
        await tx.execute(sql`select pg_notify('eip_push', ${`${auth.tenantId} ${auth.userId} everything`})`);
      }
    });
    await vi.waitFor(() =>
      streams.forEach((s, i) => expect(s.lastCounts().messages).toBe(before[i].messages + i + 1)),
    );
    await watched.settled();
    // the four counts and the new messages of the five users: five statements, not five per user
    expect(watched.sent() - sent).toBe(5);
    for (const [i, s] of streams.entries()) {
      expect(s.lastCounts()).toEqual(await countsOf(accounts[i]!));
      // messages of one transaction share their creation time, the cursor: one toast, from the user's own
      const toasts = s.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).subject);
      expect(toasts).toEqual([expect.stringMatching(new RegExp(`^批量 ${i} `))]);
    }
  });

  it('a recount that answers late never leaves its older counts on the stream last', async () => {
    const watched = watchedDatabase();
    const hub = await createPushHub(watched.database, 60_000);
    hubs.push(hub);
    const s = await openOn(hub, 'linxue');
    await watched.settled();
    const start = s.lastCounts();
    const gate = watched.shut();
    await insertMessage(s.auth, '迟到 1');
    // the recount of the first message has read the counts; its answer is held back
    await vi.waitFor(() => expect(gate.held).toBeGreaterThan(0));
    watched.unshut();
    await insertMessage(s.auth, '迟到 2');
    // a second recount, if one ran now, would have told the stream the newer counts by then
    await new Promise((resolve) => setTimeout(resolve, 300));
    gate.open();
    await vi.waitFor(() => expect(s.lastCounts().messages).toBe(start.messages + 2));
    await watched.settled();
    expect(s.lastCounts()).toEqual(await countsOf('linxue'));
    const toasts = s.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).subject);
    expect(toasts).toEqual(['迟到 1', '迟到 2']);
  });
});
