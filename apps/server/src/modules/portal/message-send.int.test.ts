import path from 'node:path';
import { PLATFORM_TENANT_ID } from '@eip/contracts/codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, signIn, userIds } from '../../../test/fixtures.js';
import { uploadFile } from '../../../test/upload.js';
import { contactGroups, innerMessages, orgs, orgUsers, sysFileLinks, users } from '../../db/schema.js';
import { localFileStore } from '../../files/store.js';
import { removeOrphanFiles } from './file-cleanup.js';
import { MAX_RECEIVERS } from './message.service.js';

/** Users write inner messages to people, orgs and their contact groups, with attachments, and reply. */
let t: TestApp;
let as: ReturnType<typeof signIn>;
let id: (account: string) => string;
let qaOrgId: string;
let projectGroupId: string;
beforeAll(async () => {
  t = await createTestApp();
  as = signIn(() => t);
  const token = await as('zhuting');
  id = await userIds(t, [
    [token, ['zhuting', 'linxue', 'mali', 'luobin', 'liangchen', 'gaofeng', 'heyu', 'zhangwei']],
  ]);
  const db = t.database.db;
  [{ id: qaOrgId }] = (await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.tenantId, PLATFORM_TENANT_ID), eq(orgs.code, 'qa')))) as [{ id: string }];
  [{ id: projectGroupId }] = (await db
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(and(eq(contactGroups.tenantId, PLATFORM_TENANT_ID), eq(contactGroups.name, '项目组')))) as [
    { id: string },
  ];
});
afterAll(() => t.close());

/** The caller's messages with this subject. */
const received = async (account: string, subject: string, tenantId?: string) => {
  const { body } = await t.call('listMessages', {
    token: await as(account, tenantId),
    body: { querys: [{ property: 'subject', value: subject, operation: 'EQUAL' }] },
  });
  expect(body.state, body.message).toBe(true);
  return body.value.rows;
};

const upload = async (account: string, name: string) => {
  const { body } = await uploadFile(t, await as(account), name, `内容 ${name}`);
  expect(body.state, body.message).toBe(true);
  return {
    name: body.value.fileName,
    response: { fileId: body.value.fileId, fileName: body.value.fileName },
  };
};

const download = async (account: string, fileId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/portal/system/file/downloadFile?fileId=${fileId}`,
    headers: { authorization: `Bearer ${await as(account)}` },
  });

describe('sending inner messages', () => {
  it('reaches a user, an org’s members and a contact group’s members once each, never the sender', async () => {
    const subject = '周五项目例会';
    const file = await upload('zhuting', '议程.txt');
    const { body } = await t.call('sendMessage', {
      token: await as('zhuting'),
      body: {
        userIds: [id('linxue'), id('zhuting'), id('linxue')],
        orgIds: [qaOrgId],
        groupIds: [projectGroupId],
        subject: `  ${subject}  `,
        content: '下午三点，三楼会议室',
        files: [file],
      },
    });
    expect(body.state, body.message).toBe(true);
    // linxue; qa: mali, luobin, liangchen; 项目组: gaofeng, heyu, luobin
    expect(body.value).toBe(6);
    for (const account of ['linxue', 'mali', 'luobin', 'liangchen', 'gaofeng', 'heyu']) {
      const rows = await received(account, subject);
      expect(rows, account).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'message', isRead: false });
    }
    expect(await received('zhuting', subject)).toHaveLength(0);

    const [message] = await received('heyu', subject);
    const detail = await t.call('getMessage', { token: await as('heyu'), query: { id: message!.id } });
    expect(detail.body.value).toMatchObject({
      subject,
      content: '下午三点，三楼会议室',
      sender: { id: id('zhuting'), name: '朱婷' },
      files: [file],
      replyToId: null,
    });

    // a receiver downloads the attachment; someone who did not receive it is told it does not exist
    const ok = await download('heyu', file.response.fileId);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('内容 议程.txt');
    expect((await download('zhangwei', file.response.fileId)).statusCode).toBe(404);

    // the cleanup of files nothing refers to keeps it while a receiver keeps the message
    const { db } = t.database;
    const store = localFileStore(path.join(t.config.dataDir, 'files'));
    const tomorrow = new Date(Date.now() + 86_400_000);
    await removeOrphanFiles(db, store, tomorrow);
    expect((await download('heyu', file.response.fileId)).statusCode).toBe(200);
    for (const account of ['linxue', 'mali', 'luobin', 'liangchen', 'gaofeng', 'heyu']) {
      const [row] = await received(account, subject);
      await t.call('removeMessages', { token: await as(account), query: { ids: row!.id } });
    }
    expect(await removeOrphanFiles(db, store, tomorrow)).toBeGreaterThanOrEqual(1);
    expect((await download('zhuting', file.response.fileId)).statusCode).toBe(404);
  });

  it('a reply reaches the sender of the message answered', async () => {
    const subject = '请问报销流程';
    await t.call('sendMessage', {
      token: await as('gaofeng'),
      body: { userIds: [id('heyu')], subject, content: '发票怎么贴？' },
    });
    const [question] = await received('heyu', subject);
    const { body } = await t.call('sendMessage', {
      token: await as('heyu'),
      body: { subject: `回复：${subject}`, content: '贴在背面', replyToId: question!.id },
    });
    expect(body.state, body.message).toBe(true);
    expect(body.value).toBe(1);
    const [answer] = await received('gaofeng', `回复：${subject}`);
    const detail = await t.call('getMessage', { token: await as('gaofeng'), query: { id: answer!.id } });
    expect(detail.body.value).toMatchObject({ sender: { id: id('heyu') }, replyToId: question!.id });

    // only a message the caller received can be answered, and not one the engine wrote
    expectRefused(
      await t.call('sendMessage', {
        token: await as('linxue'),
        body: { subject: 'x', content: '', replyToId: question!.id },
      }),
      404,
    );
  });

  it('refuses bad input in the caller’s language and writes nothing', async () => {
    const mine = await upload('zhuting', '我的.txt');
    const theirs = await upload('heyu', '别人的.txt');
    const acmeToken = await as('alice', await acmeTenantId(t));
    const acmeUser = (await t.call('getDetailByAccountOrId', { token: acmeToken, body: {} })).body.value.user
      .id;
    const base = { subject: '测试', content: '' };
    const cases: [account: string, body: Record<string, unknown>, status: number, text: RegExp][] = [
      ['zhuting', base, 400, /收件人/],
      ['zhuting', { ...base, userIds: [id('zhuting')] }, 400, /收件人/],
      ['zhuting', { ...base, userIds: [id('heyu')], subject: '   ' }, 400, /主题/],
      ['zhuting', { ...base, userIds: [id('heyu'), 'no-such-user'] }, 404, /no-such-user/],
      ['zhuting', { ...base, userIds: [acmeUser] }, 404, new RegExp(acmeUser)],
      ['zhuting', { ...base, orgIds: ['no-such-org'] }, 404, /组织/],
      // another's contact group is unknown to the caller
      ['zhangwei', { ...base, groupIds: [projectGroupId] }, 404, /常用联系人/],
      ['zhuting', { ...base, userIds: [id('heyu')], files: [mine, theirs] }, 400, /自己上传/],
      ['zhuting', { ...base, userIds: [id('heyu')], subject: 'x'.repeat(201) }, 400, /./],
    ];
    const before = await rowCount(t, innerMessages);
    const links = await rowCount(t, sysFileLinks);
    for (const [account, body, status, text] of cases) {
      const result = await t.call('sendMessage', { token: await as(account), body });
      expectRefused(result, status);
      expect(result.body.message).toMatch(text);
    }
    const english = await t.call('sendMessage', { token: await as('zhuting'), body: base, lang: 'en-US' });
    expect(english.body.message).toMatch(/receiver/);
    expect(await rowCount(t, innerMessages)).toBe(before);
    expect(await rowCount(t, sysFileLinks)).toBe(links);
  });

  it('refuses a message to more people than one message reaches (a broadcast is a notice), writing nothing', async () => {
    const db = t.database.db;
    const crowd = Array.from({ length: MAX_RECEIVERS + 1 }, (_, n) => ({
      tenantId: PLATFORM_TENANT_ID,
      id: `crowd-user-${n}`,
      account: `crowd${n}`,
      fullname: `群众${n}`,
      passwordHash: 'x',
    }));
    await db.insert(users).values(crowd);
    await db.insert(orgUsers).values(
      crowd.map((user) => ({
        tenantId: PLATFORM_TENANT_ID,
        id: `crowd-link-${user.id}`,
        orgId: qaOrgId,
        userId: user.id,
      })),
    );
    const before = await rowCount(t, innerMessages);
    const result = await t.call('sendMessage', {
      token: await as('zhuting'),
      body: { subject: '全体', content: '', orgIds: [qaOrgId] },
    });
    expectRefused(result, 400);
    expect(result.body.message).toMatch(new RegExp(`最多发给${MAX_RECEIVERS}位`));
    expect(await rowCount(t, innerMessages)).toBe(before);
  });
});
