import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { users } from '../../db/schema.js';
import { fillMissingPinyin } from './user.repository.js';

/** The company directory's searches (组织架构): pinyin initials, an org's subtree, its leader. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('zhuting');
});
afterAll(() => t.close());

const people = async (querys: object[], groupRelation?: 'AND' | 'OR') =>
  (
    await t.call('queryUserWithMainOrgPost', {
      token,
      body: { querys, pageBean: { page: 1, pageSize: 100 }, ...(groupRelation ? { groupRelation } : {}) },
    })
  ).body.value.rows;

describe('directory search', () => {
  it('finds colleagues by pinyin initials or full pinyin, as a database query', async () => {
    const byInitials = await people([{ property: 'pinyinInitials', value: 'zw', operation: 'RIGHT_LIKE' }]);
    expect(byInitials.map((u) => u.fullname)).toEqual(['张伟']);
    const byPinyin = await people([{ property: 'pinyin', value: 'zhu', operation: 'RIGHT_LIKE' }]);
    expect(byPinyin.map((u) => u.fullname)).toEqual(['朱婷']);
    expect(byPinyin[0]).toMatchObject({
      orgName: '前端开发部',
      orgPathName: '演示集团总部/研发中心/前端开发部',
    });
  });

  it('lists an org’s subtree by its path, and finds its leader', async () => {
    const orgs = (
      await t.call('getOrgPage', { token, body: { querys: [{ property: 'name', value: '研发中心' }] } })
    ).body.value.rows;
    const rd = orgs[0]!;
    expect(rd.path).toMatch(/\.$/);
    const subtree = await people([
      { property: 'orgPath', value: rd.path, operation: 'RIGHT_LIKE' },
      { property: 'status', value: 1 },
    ]);
    const orgNames = new Set(subtree.map((u) => u.orgName));
    expect([...orgNames].sort()).toEqual(['前端开发部', '后端开发部', '测试部', '研发中心'].sort());
    const leader = await people([
      { property: 'orgId', value: rd.id },
      { property: 'isCharge', value: true },
    ]);
    expect(leader.map((u) => [u.fullname, u.isCharge])).toEqual([['孙浩', true]]);
  });

  it('fills the pinyin of users who have none (a database from before it was kept)', async () => {
    await t.database.db
      .update(users)
      .set({ pinyin: null, pinyinInitials: null })
      .where(eq(users.account, 'lina'));
    expect(await fillMissingPinyin(t.database.db)).toBe(1);
    const [lina] = await t.database.db.select().from(users).where(eq(users.account, 'lina'));
    expect(lina).toMatchObject({ pinyin: 'lina', pinyinInitials: 'ln' });
    expect(await fillMissingPinyin(t.database.db)).toBe(0);
  });
});
