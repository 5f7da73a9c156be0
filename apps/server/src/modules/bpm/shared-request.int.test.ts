import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { startLeave } from '../../../test/fixtures.js';
import { shortUrls, users } from '../../db/schema.js';

let t: TestApp;
let zhuting: string;
let instId: string;

beforeAll(async () => {
  t = await createTestApp();
  zhuting = await t.login('zhuting');
  instId = await startLeave(t, zhuting);
});
afterAll(() => t.close());

const pageOf = (id: string) => `/matter/approvalForm?instId=${id}&isReadonly=true`;

/** 分享 as the request's reader would: a link for guests, opened by someone signed out. */
async function guestOf(token: string, url: string) {
  const made = await t.call('getShortUrlByLong', { token, body: { url, guest: true } });
  expect(made.status).toBe(200);
  const opened = await t.call('getLongUrlByShortUrl', { query: { shortUrl: made.body.value.shortUrl } });
  return { code: made.body.value.shortUrl, guest: opened.body.value.guestToken! };
}

describe('分享 a request (issue 17): its guest link reads that request, as its sharer sees it', () => {
  it('the guest reads the form, the opinions and the watermark of the shared request', async () => {
    const { guest } = await guestOf(zhuting, pageOf(instId));
    const asSharer = await t.call('getInstFormAndBO', { token: zhuting, query: { instId } });
    const asGuest = await t.call('getInstFormAndBO', { token: guest, query: { instId } });
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.value).toEqual(asSharer.body.value);
    const opinions = await t.call('instanceFlowOpinions', { token: guest, query: { instId } });
    expect(opinions.status).toBe(200);
    expect(opinions.body.value).toEqual(
      (await t.call('instanceFlowOpinions', { token: zhuting, query: { instId } })).body.value,
    );
    expect((await t.call('getWatermark', { token: guest, query: { instId } })).status).toBe(200);
  });

  it('the guest reads nothing else: another request is 404, any other call an invalid token', async () => {
    const { guest } = await guestOf(zhuting, pageOf(instId));
    const other = await startLeave(t, zhuting, 3);
    const refused = await t.call('getInstFormAndBO', { token: guest, query: { instId: other } });
    expect(refused.status).toBe(404);
    expect((await t.call('instanceFlowOpinions', { token: guest, query: { instId: other } })).status).toBe(
      404,
    );
    const elsewhere = await t.call('getInstanceByInstId', { token: guest, query: { instId } });
    expect(elsewhere.body).toMatchObject({ state: false, code: 402 });
    // a guest link to another page of the app opens no request
    const { guest: homeGuest } = await guestOf(zhuting, `/index?instId=${instId}`);
    expect((await t.call('getInstFormAndBO', { token: homeGuest, query: { instId } })).status).toBe(404);
  });

  it('a link shows no more than its maker may see, and each maker gets a link of their own', async () => {
    const outsider = await t.login('luobin');
    expect((await t.call('getInstFormAndBO', { token: outsider, query: { instId } })).status).toBe(404);
    const theirs = await guestOf(outsider, pageOf(instId));
    expect((await t.call('getInstFormAndBO', { token: theirs.guest, query: { instId } })).status).toBe(404);
    const mine = await guestOf(zhuting, pageOf(instId));
    expect(mine.code).not.toBe(theirs.code);
  });

  it('a shared link opens for 7 days, not for ever', async () => {
    const { code } = await guestOf(zhuting, pageOf(instId));
    const [link] = await t.database.db.select().from(shortUrls).where(eq(shortUrls.code, code));
    const daysLeft = ((link?.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.9);
    expect(daysLeft).toBeLessThanOrEqual(7);
  });

  it('the link stops reading once its maker is disabled', async () => {
    const { guest } = await guestOf(zhuting, pageOf(instId));
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.account, 'zhuting'));
    try {
      expect((await t.call('getInstFormAndBO', { token: guest, query: { instId } })).status).toBe(404);
    } finally {
      await t.database.db.update(users).set({ status: 1 }).where(eq(users.account, 'zhuting'));
    }
  });
});
