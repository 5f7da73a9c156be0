import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { innerMessages } from '../../db/schema.js';

/** Inner messages (spec §7 "Mail and messages"): the receiver lists, reads, marks and deletes their own. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
});
afterAll(() => t.close());

const badge = async (account: string) =>
  (await t.call('getMsgbadge', { token: await f.as(account) })).body.value;

/** The receiver's messages about an instance, newest first. */
const messagesAbout = async (account: string, subject: string) => {
  const { body } = await t.call('listMessages', {
    token: await f.as(account),
    body: { querys: [{ property: 'subject', value: subject, operation: 'EQUAL' }] },
  });
  expect(body.state, body.message).toBe(true);
  return body.value.rows;
};

describe('inner messages', () => {
  it('a task arrival reaches the handler: listed unread with its link, read once opened', async () => {
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '看牙' });
    const { subject } = await f.instance(instId);
    const before = await badge('linxue');
    const [arrival] = await messagesAbout('linxue', subject);
    expect(arrival).toMatchObject({ type: 'task', isRead: false });
    expect(arrival!.link).toContain(instId);

    const { body } = await t.call('getMessage', { token: await f.as('linxue'), query: { id: arrival!.id } });
    expect(body.value).toMatchObject({ id: arrival!.id, subject, isRead: true });
    expect(await badge('linxue')).toBe(before - 1);
    const unread = await t.call('listMessages', {
      token: await f.as('linxue'),
      body: { querys: [{ property: 'isRead', value: false, operation: 'EQUAL' }] },
    });
    expect(unread.body.value.rows.map((m) => m.id)).not.toContain(arrival!.id);
  });

  it('marks several read and deletes them; the badge follows', async () => {
    await f.start('guoming', 'leave_request', { days: 1, reason: '一' });
    await f.start('guoming', 'leave_request', { days: 1, reason: '二' });
    const token = await f.as('linxue');
    const unread = (
      await t.call('listMessages', {
        token,
        body: { querys: [{ property: 'isRead', value: false, operation: 'EQUAL' }] },
      })
    ).body.value.rows;
    expect(unread.length).toBeGreaterThanOrEqual(2);
    const ids = unread.slice(0, 2).map((m) => m.id);
    const before = await badge('linxue');
    const marked = await t.call('markMessages', { token, query: { ids: ids.join(',') } });
    expect(marked.body.value).toBe(2);
    expect(await badge('linxue')).toBe(before - 2);
    expect((await t.call('markMessages', { token, query: { ids: ids.join(',') } })).body.value).toBe(0);

    const removed = await t.call('removeMessages', { token, query: { ids: ids.join(',') } });
    expect(removed.body.value).toBe(2);
    const missing = await t.call('getMessage', { token, query: { id: ids[0]! } });
    expect(missing.body).toMatchObject({ state: false, code: 404, message: `消息不存在：${ids[0]}` });
  });

  it('nobody else reads, marks or deletes a message, in this tenant or another', async () => {
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '别人的' });
    const [message] = await messagesAbout('linxue', (await f.instance(instId)).subject);
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
    for (const token of [await f.as('xiena'), await f.as('alice', acme)]) {
      expect((await t.call('getMessage', { token, query: { id: message!.id } })).body.code).toBe(404);
      expect((await t.call('markMessages', { token, query: { ids: message!.id } })).body.value).toBe(0);
      expect((await t.call('removeMessages', { token, query: { ids: message!.id } })).body.value).toBe(0);
      const seen = (await t.call('listMessages', { token, body: { pageBean: { pageSize: 1000 } } })).body
        .value;
      expect(seen.rows.map((m) => m.id)).not.toContain(message!.id);
    }
    const [row] = await t.database.db
      .select({ n: count() })
      .from(innerMessages)
      .where(and(eq(innerMessages.id, message!.id), eq(innerMessages.isRead, false)));
    expect(row!.n).toBe(1);
  });

  it('refuses a filter on a column it does not have, and an empty id list', async () => {
    const token = await f.as('linxue');
    const bad = await t.call('listMessages', {
      token,
      body: { querys: [{ property: 'receiverId', value: 'x', operation: 'EQUAL' }] },
    });
    expect(bad.body).toMatchObject({ state: false, code: 400 });
    expect((await t.call('markMessages', { token, query: { ids: '' } })).body.code).toBe(400);
  });
});
