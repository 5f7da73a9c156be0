import { PUSH_LISTS, routeUrl } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { counts, openStream, type OpenStream } from '../../../test/sse.js';

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
