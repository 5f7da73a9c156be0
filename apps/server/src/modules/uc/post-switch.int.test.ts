import type { RouteQuery } from '@eip/contracts';
import { PLATFORM_TENANT_ID } from '@eip/contracts/codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { orgs, orgUsers, posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  acmeTenantId,
  deployRestrictedFlow,
  expectRefused,
  startLeave,
  userIdOf,
} from '../../../test/fixtures.js';
import { flowSteps } from '../../../test/flow.js';

/** Spec §7 setCookie?postId with §6 start rights: the current post of a session decides what the user may start. */
let t: TestApp;
let admin: string;
/** gaofeng: 前端开发部职员 (main) and 测试部职员 (a second post added here) */
let gaofeng: string;
let frontendPost: string;
let qaPost: string;

const postId = async (code: string) =>
  (
    await t.database.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.tenantId, PLATFORM_TENANT_ID), eq(posts.code, code)))
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  gaofeng = await t.login('gaofeng');
  [frontendPost, qaPost] = await Promise.all([postId('frontend_staff'), postId('qa_staff')]);
  const [qa] = await t.database.db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.tenantId, PLATFORM_TENANT_ID), eq(orgs.code, 'qa')));
  await t.database.db.insert(orgUsers).values({
    tenantId: PLATFORM_TENANT_ID,
    id: newId(),
    orgId: qa!.id,
    userId: await userIdOf(t, admin, 'gaofeng'),
    postId: qaPost,
    isMaster: false,
    isCharge: false,
  });
  await deployRestrictedFlow(t, admin, {
    key: 'frontend_only',
    name: '前端岗位流程',
    startRights: [{ type: 'post', ids: ['frontend_staff'] }],
  });
  await deployRestrictedFlow(t, admin, {
    key: 'ceo_only',
    name: '总经理岗位流程',
    startRights: [{ type: 'post', ids: ['hq_ceo'] }],
  });
  await deployRestrictedFlow(t, admin, {
    key: 'qa_only',
    name: '测试岗位流程',
    startRights: [{ type: 'post', ids: [qaPost] }],
  });
});
afterAll(() => t.close());

const OWN_FLOWS = ['frontend_only', 'qa_only'];
/** The post-restricted flows the session may start, by both lists of spec §7. */
async function startable(token: string) {
  const body = { pageBean: { page: 1, pageSize: 100 } };
  const [listed, authorised] = await Promise.all([
    t.call('newProcess', { token, body }),
    t.call('getHasAuthFlowList', { token, body }),
  ]);
  const keys = listed.body.value.rows.map((f) => f.defKey).filter((key) => OWN_FLOWS.includes(key));
  expect(authorised.body.value.rows.map((f) => f.defKey).filter((key) => OWN_FLOWS.includes(key))).toEqual(
    keys,
  );
  return keys;
}
const currentPost = async (token: string) =>
  (await t.call('getDetailByAccountOrId', { token, body: {} })).body.value.currentPostId;

describe('switching post (spec §7 setCookie?postId, §6 start rights)', () => {
  it('a user with two posts may start the flows of the main post until they switch, then those of the chosen one', async () => {
    expect(await currentPost(gaofeng)).toBe(frontendPost);
    expect(await startable(gaofeng)).toEqual(['frontend_only']);

    const switched = await t.call('setPostCookie', { token: gaofeng, query: { postId: qaPost } });
    expect(switched.status, switched.body.message).toBe(200);
    expect(switched.response.headers['set-cookie']).toBeUndefined();
    expect(await currentPost(gaofeng)).toBe(qaPost);
    expect(await startable(gaofeng)).toEqual(['qa_only']);

    const refused = await t.call('startInstance', {
      token: gaofeng,
      body: { flowKey: 'frontend_only', data: { days: 1, reason: '测试' } },
    });
    expectRefused(refused, 403);
    const started = await t.call('startInstance', {
      token: gaofeng,
      body: { flowKey: 'qa_only', data: { days: 1, reason: '测试' } },
    });
    expect(started.body.state, started.body.message).toBe(true);

    // Another sign-in of the same user is another session: it acts in the main post.
    const other = await t.login('gaofeng');
    expect(await currentPost(other)).toBe(frontendPost);
    expect(await startable(other)).toEqual(['frontend_only']);

    expect((await t.call('setPostCookie', { token: gaofeng, query: { postId: frontendPost } })).status).toBe(
      200,
    );
    expect(await startable(gaofeng)).toEqual(['frontend_only']);
  });

  it('a post the user does not hold is refused (400) and the current post stays', async () => {
    const ceoPost = await postId('hq_ceo');
    const before = await startable(gaofeng);
    const refused = await t.call('setPostCookie', { token: gaofeng, query: { postId: ceoPost } });
    expectRefused(refused, 400);
    expect(refused.body.message).toBe(`该岗位不属于当前用户：${ceoPost}`);
    const unknown = await t.call('setPostCookie', { token: gaofeng, query: { postId: 'no-such-post' } });
    expectRefused(unknown, 400);
    expect(await currentPost(gaofeng)).toBe(frontendPost);
    expect(await startable(gaofeng)).toEqual(before);
  });

  it('the initiator’s leader and department are those of the post the request was started in', async () => {
    const { todoOf } = flowSteps(t);
    const leaveIn = async (post: string) => {
      await t.call('setPostCookie', { token: gaofeng, query: { postId: post } });
      const instId = await startLeave(t, gaofeng);
      const related = await t.call('getRelatedInformationById', { token: gaofeng, query: { id: instId } });
      return {
        frontendHead: await todoOf('hujun', instId),
        qaHead: await todoOf('mali', instId),
        dept: related.body.value.deptName,
      };
    };
    const inFrontend = await leaveIn(frontendPost);
    expect([inFrontend.frontendHead.length, inFrontend.qaHead.length]).toEqual([1, 0]);
    expect(inFrontend.dept).toMatch(/前端开发部$/);
    const inQa = await leaveIn(qaPost);
    expect([inQa.frontendHead.length, inQa.qaHead.length]).toEqual([0, 1]);
    expect(inQa.dept).toMatch(/测试部$/);
    await t.call('setPostCookie', { token: gaofeng, query: { postId: frontendPost } });
  });

  it('spec §6 start rights by userId + defId + leadId: the caller’s current post, a user’s main post, a leader’s rights', async () => {
    const may = async (token: string, query: RouteQuery<'flowHasStartRights'>) => {
      const { status, body } = await t.call('flowHasStartRights', { token, query });
      expect(status, body.message).toBe(200);
      return body.value;
    };
    const qaOnly = (await t.call('getMainByDefIdOrKey', { token: admin, query: { defKey: 'qa_only' } })).body
      .value.id;
    const [gaofengId, zhangweiId] = [
      await userIdOf(t, admin, 'gaofeng'),
      await userIdOf(t, admin, 'zhangwei'),
    ];
    expect(await may(gaofeng, { defId: qaOnly })).toBe(false);
    await t.call('setPostCookie', { token: gaofeng, query: { postId: qaPost } });
    expect(await may(gaofeng, { defId: qaOnly })).toBe(true);
    expect(await may(gaofeng, { defId: qaOnly, userId: gaofengId })).toBe(true);
    // an administrator asks about the user in their main post
    expect(await may(admin, { defId: qaOnly, userId: gaofengId })).toBe(false);
    expect(await may(admin, { defKey: 'frontend_only', userId: gaofengId })).toBe(true);
    await t.call('setPostCookie', { token: gaofeng, query: { postId: frontendPost } });

    const wangfang = await t.login('wangfang');
    expect(await may(wangfang, { defKey: 'ceo_only' })).toBe(false);
    expect(await may(wangfang, { defKey: 'ceo_only', leadId: zhangweiId })).toBe(true);
    expect(await may(gaofeng, { defKey: 'ceo_only', leadId: zhangweiId })).toBe(false);

    expectRefused(
      await t.call('flowHasStartRights', { token: wangfang, query: { defId: qaOnly, userId: gaofengId } }),
      403,
    );
    const acme = await acmeTenantId(t);
    const alice = await userIdOf(t, await t.login('alice', undefined, acme), 'alice');
    expectRefused(
      await t.call('flowHasStartRights', { token: admin, query: { defId: qaOnly, userId: alice } }),
      404,
    );
    expectRefused(await t.call('flowHasStartRights', { token: admin, query: { userId: gaofengId } }), 400);
  });
});
