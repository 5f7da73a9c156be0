import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { testBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';
import { giveSignature, signatureEntry } from '../../../test/sign.js';
import { flowInstances, signGrants } from '../../db/schema.js';
import { sm3Hex } from '../../security/gm.js';
import { canonicalJson } from './canonical.js';

let t: TestApp;
let f: ReturnType<typeof flowSteps>;
/** shared with the GM_MODE server of the last test, as every process of one database shares it */
const SECRET_KEY = 'signature-field-test-secret-0123456789';

/**
 * A flow of three nodes on one form: the leader must sign (b) and may not sign for finance (r); finance
 * signs in cover mode without a password; the archive signs finance's field too (unlisted: w) but does not
 * see the note (n). The review field is unlisted everywhere (w) and not in cover mode.
 */
const FORM = {
  formKey: 'sign_test_form',
  name: '签章测试单',
  schema: {
    type: 'object',
    properties: {
      amount: { type: 'number', title: '金额' },
      note: { type: 'string', title: '备注' },
      leaderSign: { type: 'array', title: '领导签字', items: { type: 'object' } },
      financeSign: { type: 'array', title: '财务签章', items: { type: 'object' } },
      reviewSign: { type: 'array', title: '复核签字', items: { type: 'object' } },
    },
  },
  uiSchema: {
    leaderSign: { 'ui:widget': 'signature', 'ui:options': { field: 'leaderSign', password: true } },
    financeSign: {
      'ui:widget': 'signature',
      'ui:options': { field: 'financeSign', isCover: true, secretFree: true },
    },
    reviewSign: { 'ui:widget': 'signature', 'ui:options': { field: 'reviewSign', secretFree: true } },
  },
};

/** The seal call as the signature button makes it; answers the entry the form adds. */
const sealOf = async (account: string, secretFree = false) =>
  signatureEntry(t, await f.as(account), { secretFree });

const dataOf = async (instId: string) => (await f.instance(instId)).data as Record<string, unknown>;
const entries = async (instId: string, field: string) =>
  ((await dataOf(instId))[field] ?? []) as { userId: string; name: string; hash?: string; proof?: string }[];

beforeAll(async () => {
  t = await createTestApp({ SECRET_KEY });
  f = flowSteps(t);
  await f.deploy({
    bpmnXml: testBpmn(
      'sign_test',
      '签章测试',
      [
        { id: 'Start', kind: 'start' },
        { id: 'Leader', kind: 'userTask', name: '领导审批' },
        { id: 'Finance', kind: 'userTask', name: '财务审核' },
        { id: 'Archive', kind: 'userTask', name: '归档' },
        { id: 'End', kind: 'end' },
      ],
      [
        ['Start', 'Leader'],
        ['Leader', 'Finance'],
        ['Finance', 'Archive'],
        ['Archive', 'End'],
      ],
    ),
    settings: {
      global: { form: { formKey: 'sign_test_form' } },
      nodes: {
        Leader: {
          candidates: [{ type: 'user', ids: ['lina'] }],
          fieldPermissions: { leaderSign: 'b', financeSign: 'r', amount: 'r', note: 'r' },
        },
        Finance: {
          candidates: [{ type: 'user', ids: ['zhaolei', 'huangmin'] }],
          fieldPermissions: { leaderSign: 'r', amount: 'w' },
        },
        Archive: {
          candidates: [{ type: 'user', ids: ['zhouqiang', 'lina'] }],
          fieldPermissions: { leaderSign: 'r', note: 'n' },
        },
      },
    },
    forms: [FORM],
  });
  for (const account of ['lina', 'zhaolei', 'zhouqiang', 'zhuting'])
    await giveSignature(t, await f.as(account));
});
afterAll(() => t.close());

describe('the signature field (spec §3–§6)', () => {
  it('§5 b: completing without the signature is refused naming the field; nothing is stored', async () => {
    const instId = await f.start('zhuting', 'sign_test', { amount: 100, note: '差旅' });
    const refused = await f.handle('lina', instId, 'agree');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('请先在签章字段 领导签字 签章');
    expect(await f.todoOf('lina', instId)).toHaveLength(1);
    await f.handleOk('lina', instId, 'agree', { data: { leaderSign: [await sealOf('lina')] } });
    const [entry] = await entries(instId, 'leaderSign');
    expect(entry).toMatchObject({ userId: await f.userId('lina'), name: '李娜', index: 1 });
    expect(entry!.hash).toMatch(/^[0-9a-f]{64}$/);
    // the image is the request's now: whoever takes part in it may see it
    const shown = await t.app.inject({
      method: 'GET',
      url: `/portal/system/file/downloadFile?fileId=${(entry as unknown as { signature: string }).signature}`,
      headers: { authorization: `Bearer ${await f.as('zhuting')}` },
    });
    expect(shown.statusCode).toBe(200);
    const [grant] = await t.database.db
      .select()
      .from(signGrants)
      .where(and(eq(signGrants.instanceId, instId), eq(signGrants.field, 'leaderSign')));
    expect(grant).toMatchObject({ nodeId: 'Leader', formKey: 'sign_test_form' });
  });

  it('the demo leave request: its leader must sign 领导签字 with the seeded signature before agreeing', async () => {
    const instId = await f.start('gaofeng', 'leave_request', { days: 1, reason: '看牙' });
    for (const action of ['agree', 'oppose'] as const) {
      const refused = await f.handle('hujun', instId, action);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('请先在签章字段 领导签字 签章');
    }
    expect(await f.todoOf('hujun', instId)).toHaveLength(1);
    expect((await dataOf(instId)).leaderSign).toBeUndefined();
    await f.handleOk('hujun', instId, 'agree', { data: await f.leaderSigned('hujun') });
    const hujun = await f.userId('hujun');
    expect(await entries(instId, 'leaderSign')).toEqual([
      expect.objectContaining({ userId: hujun, name: '胡军', nodeId: 'LeaderApproval', index: 1 }),
    ]);
    // the opinion table shows the image beside the leader's opinion: the signature checks name node and signer
    const checks = await t.call('verifySignatures', { token: await f.as('gaofeng'), query: { instId } });
    expect(checks.body.value).toEqual([
      expect.objectContaining({
        field: 'leaderSign',
        userId: hujun,
        nodeId: 'LeaderApproval',
        status: 'intact',
      }),
    ]);
    expect(await f.trail(instId)).toContainEqual(['部门领导审批', 'agree']);
  });

  it('the demo leave request: its leader sends it back without signing (b is for completing)', async () => {
    const instId = await f.start('gaofeng', 'leave_request', { days: 1, reason: '补充材料' });
    // the form sends its writable fields, the empty signature field among them
    const back = await f.handle('hujun', instId, 'backToStart', { data: { leaderSign: [] } });
    expect(back.body.state, back.body.message).toBe(true);
    expect(await f.todoOf('gaofeng', instId)).toHaveLength(1);
  });

  it('refuses an entry for another user, an image not taken through the seal call, and start-time entries', async () => {
    const instId = await f.start('zhuting', 'sign_test', { amount: 5 });
    const before = await dataOf(instId);
    const forOther = { ...(await sealOf('lina')), userId: await f.userId('zhaolei') };
    const other = await f.handle('lina', instId, 'agree', { data: { leaderSign: [forOther] } });
    expect(other.status).toBe(400);
    const stolen = await sealOf('zhaolei');
    const notGranted = await f.handle('lina', instId, 'agree', {
      data: { leaderSign: [{ ...stolen, userId: await f.userId('lina') }] },
    });
    expect(notGranted.status).toBe(400);
    expect(notGranted.body.message).toMatch(/未经获取/);
    expect(await dataOf(instId)).toEqual(before);
    const atStart = await t.call('startInstance', {
      token: await f.as('zhuting'),
      body: { flowKey: 'sign_test', data: { leaderSign: [await sealOf('zhuting')] } },
    });
    expect(atStart.status).toBe(400);
  });

  it('§5 r and n: a node that does not allow signing refuses entries with 400', async () => {
    const instId = await f.start('zhuting', 'sign_test', { amount: 7 });
    const atLeader = await f.handle('lina', instId, 'agree', {
      data: { leaderSign: [await sealOf('lina')], financeSign: [await sealOf('lina', true)] },
    });
    expect(atLeader.status).toBe(400);
    expect(atLeader.body.message).toBe('字段 财务签章 在当前节点只读，不能修改');
    expect(await entries(instId, 'leaderSign')).toEqual([]);
  });

  it('cover mode accumulates entries; secretFree needs no password; an n field stays hidden', async () => {
    const instId = await f.start('zhuting', 'sign_test', { amount: 9, note: '私密' });
    await f.handleOk('lina', instId, 'agree', { data: { leaderSign: [await sealOf('lina')] } });
    await f.handleOk('zhaolei', instId, 'agree', { data: { financeSign: [await sealOf('zhaolei', true)] } });
    const hidden = await f.handle('zhouqiang', instId, 'agree', { data: { note: '看不到' } });
    expect(hidden.status).toBe(400);
    const current = await entries(instId, 'financeSign');
    await f.handleOk('zhouqiang', instId, 'agree', {
      data: { financeSign: [...current, await sealOf('zhouqiang', true)] },
    });
    expect((await entries(instId, 'financeSign')).map((e) => e.name)).toEqual(['赵磊', '周强']);
  });

  it('re-signing replaces the user’s entry when not in cover mode', async () => {
    const instId = await f.start('zhuting', 'sign_test', { amount: 11 });
    await f.handleOk('lina', instId, 'agree', {
      data: { leaderSign: [await sealOf('lina')], reviewSign: [await sealOf('lina', true)] },
    });
    const once = await entries(instId, 'reviewSign');
    await f.handleOk('zhaolei', instId, 'agree');
    const stored = await dataOf(instId);
    await f.handleOk('lina', instId, 'agree', {
      data: { reviewSign: [...(stored.reviewSign as object[]), await sealOf('lina', true)] },
    });
    const twice = await entries(instId, 'reviewSign');
    expect(twice).toHaveLength(1);
    expect(twice[0]!.proof).not.toBe(once[0]!.proof);
  });
});

describe('tamper evidence (SHA-256 of RFC 8785 JSON, Ed25519 proof)', () => {
  it('lists signatures intact, changed after a direct database update, and invalid when forged', async () => {
    const instId = await f.start('zhuting', 'sign_test', { amount: 300, note: '原始' });
    await f.handleOk('lina', instId, 'agree', { data: { leaderSign: [await sealOf('lina')] } });
    const verify = async (account = 'zhuting') =>
      t.call('verifySignatures', { token: await f.as(account), query: { instId } });
    const intact = await verify();
    expect(intact.body.value).toEqual([
      expect.objectContaining({ field: 'leaderSign', name: '李娜', status: 'intact', changedFields: [] }),
    ]);
    // a later node changing a field the signer saw is a change too
    const finance = await f.taskOf('zhaolei', instId);
    await t.call('completeTask', {
      token: await f.as('zhaolei'),
      body: { taskId: finance, actionName: 'agree', data: { amount: 301 } },
    });
    expect((await verify()).body.value[0]).toMatchObject({ status: 'changed', changedFields: ['amount'] });
    await t.database.db
      .update(flowInstances)
      .set({ data: sql`jsonb_set(${flowInstances.data}, '{amount}', '300') || '{"note":"改过"}'::jsonb` })
      .where(eq(flowInstances.id, instId));
    expect((await verify()).body.value[0]).toMatchObject({ status: 'changed', changedFields: ['note'] });
    await t.database.db
      .update(flowInstances)
      .set({
        data: sql`jsonb_set(${flowInstances.data}, '{leaderSign,0,signature}', '"forged-image-id"')`,
      })
      .where(eq(flowInstances.id, instId));
    expect((await verify()).body.value[0]).toMatchObject({ status: 'invalid' });
  });

  it('tells strangers and another tenant the request does not exist', async () => {
    const instId = await f.start('zhuting', 'sign_test', { amount: 1 });
    const stranger = await t.call('verifySignatures', { token: await f.as('xuhui'), query: { instId } });
    expect(stranger.status).toBe(404);
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value;
    const other = await t.call('verifySignatures', {
      token: await f.as('admin', acme.id),
      query: { instId },
    });
    expect(other.status).toBe(404);
  });
});

describe('GM_MODE: SM3 hashes and SM2 proofs; entries of either mode verify on servers of both', () => {
  it('signs at a node with SM2, intact until the data changes; Ed25519 entries stay valid across the switch', async () => {
    const instId = await f.start('zhuting', 'sign_test', { amount: 500, note: '国密' });
    await f.handleOk('lina', instId, 'agree', { data: { leaderSign: [await sealOf('lina')] } });
    const gm = await createTestApp({ SECRET_KEY, GM_MODE: 'true' }, { sameDatabaseAs: t });
    try {
      const g = flowSteps(gm);
      const seal = await gm.call('getElectronicSeal', {
        token: await g.as('zhaolei'),
        query: { secretFree: 'true' },
      });
      const placed = { index: 0, userId: await g.userId('zhaolei'), name: '赵磊', createTime: 'now' };
      await g.handleOk('zhaolei', instId, 'agree', {
        data: { financeSign: [{ ...placed, signature: seal.body.value.fileId }] },
      });
      const [sm2Entry] = (await dataOf(instId)).financeSign as Record<string, unknown>[];
      const [edEntry] = (await dataOf(instId)).leaderSign as Record<string, unknown>[];
      expect(sm2Entry).toMatchObject({ alg: 'sm2-sm3', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(edEntry!.alg).toBeUndefined();
      // SM3, not SHA-256, of what the finance node could see
      const data = await dataOf(instId);
      const seen = Object.keys(sm2Entry!.digests as object).sort();
      const snapshot = {
        instanceId: instId,
        nodeId: 'Finance',
        data: Object.fromEntries(seen.map((k) => [k, data[k] ?? null])),
      };
      expect(sm2Entry!.hash).toBe(sm3Hex(canonicalJson(snapshot)));

      const verify = async (app: TestApp, steps: ReturnType<typeof flowSteps>) =>
        Object.fromEntries(
          (
            await app.call('verifySignatures', { token: await steps.as('zhuting'), query: { instId } })
          ).body.value.map((c) => [c.field, { status: c.status, changedFields: c.changedFields }]),
        );
      expect(await verify(gm, g)).toEqual({
        leaderSign: { status: 'intact', changedFields: [] },
        financeSign: { status: 'intact', changedFields: [] },
      });
      await t.database.db
        .update(flowInstances)
        .set({ data: sql`${flowInstances.data} || '{"note":"改过"}'::jsonb` })
        .where(eq(flowInstances.id, instId));
      expect(await verify(gm, g)).toEqual({
        leaderSign: { status: 'changed', changedFields: ['note'] },
        financeSign: { status: 'changed', changedFields: ['note'] },
      });
    } finally {
      await gm.close();
    }
    // back without GM_MODE: the SM2 entry is still the server's own, and dropping its alg makes it a forgery
    const plain = await createTestApp({ SECRET_KEY }, { sameDatabaseAs: t });
    try {
      const p = flowSteps(plain);
      const check = async () =>
        (
          await plain.call('verifySignatures', { token: await p.as('zhuting'), query: { instId } })
        ).body.value.find((c) => c.field === 'financeSign');
      expect(await check()).toMatchObject({ status: 'changed', changedFields: ['note'] });
      await t.database.db
        .update(flowInstances)
        .set({ data: sql`${flowInstances.data} #- '{financeSign,0,alg}'` })
        .where(eq(flowInstances.id, instId));
      expect(await check()).toMatchObject({ status: 'invalid' });
    } finally {
      await plain.close();
    }
  });
});
