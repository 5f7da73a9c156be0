import { type QUERY_OPERATIONS, type QueryFilter } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
let admin: string;
let ceo: string;
let employee: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, ceo, employee] = await Promise.all([t.login('admin'), t.login('zhangwei'), t.login('zhuting')]);
});
afterAll(() => t.close());

const users = (filter: QueryFilter, token = admin) => t.call('queryUsersByType', { token, body: filter });

describe('users', () => {
  it('pages the platform tenant’s users with the total (32 demo staff)', async () => {
    const { body } = await users({ pageBean: { page: 2, pageSize: 10, showTotal: true } });
    expect(body.value).toMatchObject({ total: 32, page: 2, pageSize: 10 });
    expect(body.value.rows).toHaveLength(10);
    expect(body.value.rows[0]).not.toHaveProperty('passwordHash');
  });

  const cases: Record<
    (typeof QUERY_OPERATIONS)[number],
    [QueryFilter['querys'], (rows: { account: string; status: number }[]) => void]
  > = {
    EQUAL: [
      [{ property: 'account', value: 'lina', operation: 'EQUAL' }],
      (r) => expect(r.map((u) => u.account)).toEqual(['lina']),
    ],
    EQUAL_IGNORE_CASE: [
      [{ property: 'account', value: 'LINA', operation: 'EQUAL_IGNORE_CASE' }],
      (r) => expect(r).toHaveLength(1),
    ],
    LESS: [
      [{ property: 'status', value: 0, operation: 'LESS' }],
      (r) => expect(r.map((u) => u.account)).toEqual(['xiaoyu']),
    ],
    GREAT: [
      [{ property: 'status', value: 1, operation: 'GREAT' }],
      (r) => expect(r.map((u) => u.account)).toEqual(['caiwen']),
    ],
    LESS_EQUAL: [
      [{ property: 'status', value: 0, operation: 'LESS_EQUAL' }],
      (r) => expect(r.map((u) => u.account).sort()).toEqual(['dongjie', 'xiaoyu']),
    ],
    GREAT_EQUAL: [
      [{ property: 'status', value: 2, operation: 'GREAT_EQUAL' }],
      (r) => expect(r).toHaveLength(1),
    ],
    NOT_EQUAL: [[{ property: 'status', value: 1, operation: 'NOT_EQUAL' }], (r) => expect(r).toHaveLength(3)],
    LIKE: [
      [{ property: 'fullname', value: '丽', operation: 'LIKE' }],
      (r) => expect(r.map((u) => u.account).sort()).toEqual(['mali', 'yangli']),
    ],
    LEFT_LIKE: [
      [{ property: 'account', value: 'ang', operation: 'LEFT_LIKE' }],
      (r) => expect(r.map((u) => u.account).sort()).toEqual(['liuyang', 'wangfang', 'zhouqiang']),
    ],
    RIGHT_LIKE: [
      [{ property: 'account', value: 'zh', operation: 'RIGHT_LIKE' }],
      (r) =>
        expect(r.map((u) => u.account).sort()).toEqual([
          'zhangwei',
          'zhaolei',
          'zhengkai',
          'zhouqiang',
          'zhuting',
        ]),
    ],
    IS_NULL: [
      [{ property: 'sex', operation: 'IS_NULL' }],
      (r) => expect(r.map((u) => u.account).sort()).toEqual(['admin', 'newbie']),
    ],
    NOTNULL: [[{ property: 'sex', operation: 'NOTNULL' }], (r) => expect(r).toHaveLength(30)],
    IN: [
      [{ property: 'account', value: ['lina', 'heyu', 'nobody'], operation: 'IN' }],
      (r) => expect(r).toHaveLength(2),
    ],
    BETWEEN: [
      [{ property: 'status', value: [-1, 0], operation: 'BETWEEN' }],
      (r) => expect(r).toHaveLength(2),
    ],
  };
  it.each(Object.entries(cases))('QueryFilter %s runs on the real database', async (_op, [querys, check]) => {
    const { status, body } = await users({ querys, pageBean: { pageSize: 100 } });
    expect(status).toBe(200);
    check(body.value.rows);
  });

  it('joins conditions in a group by their relation and groups by groupRelation', async () => {
    const { body } = await users({
      querys: [
        { property: 'account', value: 'lina', group: 'a' },
        { property: 'account', value: 'heyu', relation: 'OR', group: 'a' },
        { property: 'status', value: 1, group: 'b' },
      ],
      groupRelation: 'AND',
      sorter: [{ property: 'account', direction: 'DESC' }],
    });
    expect(body.value.rows.map((u) => u.account)).toEqual(['lina', 'heyu']);
  });

  it.each([
    [{ querys: [{ property: 'passwordHash', value: 'x' }] }, '不支持的查询字段：passwordHash'],
    [{ querys: [{ property: 'account', value: 'x', operation: 'REGEX' }] }, '不支持的查询操作：REGEX'],
    [
      { sorter: [{ property: 'account; drop table uc_user' }] },
      '不支持的查询字段：account; drop table uc_user',
    ],
  ])('refuses a filter that names what it may not: %j', async (filter, message) => {
    const { status, body } = await users(filter as QueryFilter);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('a value with SQL in it is only a value', async () => {
    const { body } = await users({
      querys: [{ property: 'account', value: "x' or '1'='1", operation: 'EQUAL' }],
    });
    expect(body.value.total).toBe(0);
    expect((await users({})).body.value.total).toBe(32);
  });

  it('lists users with their main org and post', async () => {
    const { body } = await t.call('queryUserWithMainOrgPost', {
      token: employee,
      body: { querys: [{ property: 'orgName', value: '财务部' }] },
    });
    expect(body.value.rows.map((u) => u.account).sort()).toEqual(['huangmin', 'zhaolei', 'zhouqiang']);
    expect(body.value.rows.find((u) => u.account === 'zhaolei')).toMatchObject({ postName: '财务部经理' });
  });

  it('getByAccount answers the caller, or another user of the tenant', async () => {
    expect((await t.call('getByAccount', { token: employee, body: {} })).body.value.fullname).toBe('朱婷');
    expect(
      (await t.call('getByAccount', { token: employee, body: { account: 'LINA' } })).body.value.fullname,
    ).toBe('李娜');
    const missing = await t.call('getByAccount', { token: employee, body: { account: 'ghost' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('用户不存在：ghost');
  });

  it('user detail has every field of spec §3: roles joined by |, posts, orgs and the strategy', async () => {
    const { body } = await t.call('getDetailByAccountOrId', {
      token: employee,
      body: { accountOrId: 'liuyang' },
    });
    expect(body.value).toMatchObject({
      user: {
        account: 'liuyang',
        fullname: '刘洋',
        status: 1,
        email: 'liuyang@platform.example.com',
        sex: '男',
      },
      tenantCode: 'platform',
      role: '部门负责人|普通员工|人事专员',
      postList: [
        { postName: '人力资源部经理', orgName: '人力资源部', pathName: '演示集团总部/行政中心/人力资源部' },
      ],
      orgList: [{ orgName: '人力资源部', isCharge: true }],
      pwdStrategy: { enable: 1, pwdRule: 3, pwdLength: 8 },
    });
    expect(body.value.user.mobile).toMatch(/^1\d{10}$/);
  });

  it('the right map gives roles, posts, orgs, and only the caller’s own contact groups, per user id', async () => {
    const lina = (await t.call('getByAccount', { token: admin, body: { account: 'lina' } })).body.value.id;
    const sunhao = (await t.call('getByAccount', { token: admin, body: { account: 'sunhao' } })).body.value
      .id;
    const query = { ids: `${lina},${sunhao},nobody` };
    const { body } = await t.call('getUserRightMapByIds', { token: ceo, query });
    expect(Object.keys(body.value).sort()).toEqual([lina, sunhao].sort());
    expect(body.value[lina]).toMatchObject({ orgs: [{ name: '行政中心' }], groups: [{ name: '管理层' }] });
    const seenByOthers = (await t.call('getUserRightMapByIds', { token: employee, query })).body.value;
    expect(seenByOthers[lina]?.groups).toEqual([]);
    expect(seenByOthers[lina]?.roles.length).toBeGreaterThan(0);
  });
});

describe('orgs, dimensions, roles, jobs, posts', () => {
  it('walks the org tree three levels deep by parent in the default dimension', async () => {
    const dims = (await t.call('getAllDems', { token: employee })).body.value;
    expect(dims).toEqual([expect.objectContaining({ code: 'xz', name: '行政维度', isDefault: true })]);
    expect((await t.call('getDemListAll', { token: employee })).body.value).toEqual(dims);
    const roots = (await t.call('getOrgsByParentAndDem', { token: employee, body: {} })).body.value;
    expect(roots.map((o) => o.name)).toEqual(['演示集团总部']);
    expect(roots[0]?.isParent).toBe(true);
    const centres = (
      await t.call('getOrgsByParentAndDem', {
        token: employee,
        body: { parentId: roots[0]!.id, demId: dims[0]!.id },
      })
    ).body.value;
    expect(centres.map((o) => o.name)).toEqual(['行政中心', '研发中心', '市场中心']);
    const departments = (
      await t.call('getOrgsByParentAndDem', { token: employee, body: { parentId: centres[1]!.id } })
    ).body.value;
    expect(departments.map((o) => [o.name, o.grade, o.isParent])).toEqual([
      ['前端开发部', 3, false],
      ['后端开发部', 3, false],
      ['测试部', 3, false],
    ]);
  });

  it('pages orgs, roles, jobs and posts with filters', async () => {
    const orgs = await t.call('getOrgPage', {
      token: employee,
      body: { querys: [{ property: 'grade', value: 3 }], pageBean: { pageSize: 5 } },
    });
    expect(orgs.body.value).toMatchObject({ total: 8, pageSize: 5 });
    const roles = await t.call('getRolePage', {
      token: employee,
      body: { querys: [{ property: 'name', value: '专员', operation: 'LIKE' }] },
    });
    expect(roles.body.value.rows.map((r) => r.code).sort()).toEqual(['finance', 'hr']);
    const jobs = await t.call('getJobPage', {
      token: employee,
      body: { sorter: [{ property: 'level', direction: 'DESC' }] },
    });
    expect(jobs.body.value.rows[0]).toMatchObject({ code: 'ceo', level: 5 });
    const posts = await t.call('getOrgPostPage', {
      token: employee,
      body: { querys: [{ property: 'orgName', value: '测试部' }] },
    });
    expect(posts.body.value.rows.map((p) => p.name).sort()).toEqual(['测试部经理', '测试部职员']);
  });

  it('lists the orgs of a user', async () => {
    const id = (await t.call('getByAccount', { token: admin, body: { account: 'heyu' } })).body.value.id;
    const { body } = await t.call('getOrgListByUserId', { token: employee, query: { userId: id } });
    expect(body.value.map((o) => o.name)).toEqual(['后端开发部']);
  });
});

describe('favourite contacts (ucGroup, ucGroupUser)', () => {
  it('creates a group, adds members once each, reorders by swapping, removes, and deletes', async () => {
    const group = (await t.call('saveGroup', { token: employee, body: { name: '午饭小队' } })).body.value;
    expect(group).toMatchObject({ name: '午饭小队', memberCount: 0 });
    const ids = await Promise.all(
      ['gaofeng', 'heyu', 'luobin'].map(
        async (account) =>
          (await t.call('getByAccount', { token: employee, body: { account } })).body.value.id,
      ),
    );
    const added = await t.call('saveGroupUsers', {
      token: employee,
      body: { groupId: group.id, userIds: [...ids, ids[0]!] },
    });
    expect(added.body.value.map((m) => m.account)).toEqual(['gaofeng', 'heyu', 'luobin']);
    const again = await t.call('saveGroupUsers', {
      token: employee,
      body: { groupId: group.id, userIds: [ids[1]!] },
    });
    expect(again.body.value).toHaveLength(3);

    const [first, , third] = added.body.value;
    await t.call('swapGroupUsers', { token: employee, body: { firstId: first!.id, secondId: third!.id } });
    const order = (await t.call('loadUserByGroupId', { token: employee, query: { groupId: group.id } })).body
      .value;
    expect(order.map((m) => m.account)).toEqual(['luobin', 'heyu', 'gaofeng']);
    const paged = await t.call('getGroupUsers', {
      token: employee,
      query: { groupId: group.id },
      body: { pageBean: { pageSize: 2 } },
    });
    expect(paged.body.value).toMatchObject({ total: 3, pageSize: 2 });

    const removed = await t.call('removeGroupUsers', { token: employee, query: { ids: order[1]!.id } });
    expect(removed.body.value).toBe(1);
    const renamed = await t.call('saveGroup', { token: employee, body: { id: group.id, name: '午饭群' } });
    expect(renamed.body.value).toMatchObject({ name: '午饭群', memberCount: 2 });
    const listed = await t.call('queryGroups', {
      token: employee,
      body: { querys: [{ property: 'name', value: '午饭', operation: 'RIGHT_LIKE' }] },
    });
    expect(listed.body.value.rows.map((g) => g.id)).toEqual([group.id]);
    expect((await t.call('removeGroups', { token: employee, query: { ids: group.id } })).body.value).toBe(1);
    const gone = await t.call('loadUserByGroupId', { token: employee, query: { groupId: group.id } });
    expect(gone.status).toBe(404);
  });

  it('someone else’s group cannot be read, renamed, filled, reordered or deleted', async () => {
    const ceoGroups = (await t.call('queryGroups', { token: ceo, body: {} })).body.value.rows;
    const target = ceoGroups[0]!;
    const members = (await t.call('loadUserByGroupId', { token: ceo, query: { groupId: target.id } })).body
      .value;
    expect(
      (await t.call('loadUserByGroupId', { token: employee, query: { groupId: target.id } })).status,
    ).toBe(404);
    expect(
      (await t.call('saveGroup', { token: employee, body: { id: target.id, name: 'mine now' } })).status,
    ).toBe(404);
    expect(
      (
        await t.call('saveGroupUsers', {
          token: employee,
          body: { groupId: target.id, userIds: [members[0]!.userId] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('swapGroupUsers', {
          token: employee,
          body: { firstId: members[0]!.id, secondId: members[1]!.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('removeGroupUsers', { token: employee, query: { ids: members[0]!.id } })).body.value,
    ).toBe(0);
    expect((await t.call('removeGroups', { token: employee, query: { ids: target.id } })).body.value).toBe(0);
    const after = (await t.call('loadUserByGroupId', { token: ceo, query: { groupId: target.id } })).body
      .value;
    expect(after).toEqual(members);
  });

  it('members added at once each get their own place in the order', async () => {
    const group = (await t.call('saveGroup', { token: employee, body: { name: '并发组' } })).body.value;
    const ids = (
      await t.call('queryUsersByType', { token: employee, body: { pageBean: { pageSize: 8 } } })
    ).body.value.rows.map((u) => u.id);
    await Promise.all(
      ids.map((id) =>
        t.call('saveGroupUsers', { token: employee, body: { groupId: group.id, userIds: [id] } }),
      ),
    );
    const members = (await t.call('loadUserByGroupId', { token: employee, query: { groupId: group.id } }))
      .body.value;
    expect(members).toHaveLength(8);
    expect(new Set(members.map((m) => m.sn)).size).toBe(8);
    const blank = await t.call('saveGroup', { token: employee, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('参数错误：body.name 格式不正确');
  });
});
