import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount } from '../../../test/fixtures.js';
import { flowSteps } from '../../../test/flow.js';
import { createOfficeTestApp } from '../../../test/office.js';
import { giveSignature } from '../../../test/sign.js';
import { flowPrintRecords } from '../../db/schema.js';

let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let acme: string;
let instId: string;

beforeAll(async () => {
  t = await createOfficeTestApp();
  f = flowSteps(t);
  acme = await acmeTenantId(t);
  // a completed demo leave request: the leader agrees with his handwritten signature, and it ends
  instId = await f.start('zhuting', 'leave_request', { days: 2, reason: '回老家 <探亲> & 办事' });
  // the printout shows his image: one drawn for the test (the seeded one has no bytes in a test's file store)
  await giveSignature(t, await f.as('hujun'));
  await f.handleOk('hujun', instId, 'agree', {
    opinion: '同意，注意工作交接',
    data: await f.leaderSigned('hujun'),
  });
  expect((await f.instance(instId)).status).toBe('end');
}, 120_000);
afterAll(() => t?.close());

const print = async (account: string, body: object, tenantId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/portal/system/file/wordPrint',
    headers: { authorization: `Bearer ${await f.as(account, tenantId)}` },
    payload: body,
  });
const records = async (account = 'zhuting') =>
  (await t.call('getPrintRecordsByInstId', { token: await f.as(account), query: { instId } })).body.value;

describe('print template (wordPrint getGlobalPrintTemplate)', () => {
  it('answers the global template of a flow, in the caller’s language, with the formats printed in', async () => {
    const defId = (
      await t.call('getMainByDefIdOrKey', {
        token: await f.as('zhuting'),
        query: { defKey: 'leave_request' },
      })
    ).body.value.id;
    const template = await t.call('getGlobalPrintTemplate', {
      token: await f.as('zhuting'),
      query: { defId },
    });
    expect(template.body.value).toEqual({
      id: 'global',
      name: '全局打印模板',
      fileName: 'global-print-template.docx',
      global: true,
      defId,
      defKey: 'leave_request',
      formats: ['pdf', 'docx'],
    });
    const english = await t.call('getGlobalPrintTemplate', {
      token: await f.as('zhuting'),
      query: { defId },
      lang: 'en-US',
    });
    expect(english.body.value.name).toBe('Global print template');
    const byKey = await t.call('getGlobalPrintTemplate', {
      token: await f.as('hujun'),
      query: { defKey: 'leave_request' },
    });
    expect(byKey.body.value).toEqual(template.body.value);
    expectRefused(
      await t.call('getGlobalPrintTemplate', { token: await f.as('zhuting'), query: { defId: 'nope' } }),
      404,
    );
    expectRefused(
      await t.call('getGlobalPrintTemplate', { token: await f.as('alice', acme), query: { defId } }),
      404,
    );
    expectRefused(
      await t.call('getGlobalPrintTemplate', { token: await f.as('zhuting'), query: { defKey: 'nope' } }),
      404,
    );
    expectRefused(await t.call('getGlobalPrintTemplate', { token: await f.as('zhuting'), query: {} }), 400);
  });
});

describe('printing a request (system/file/wordPrint)', () => {
  it('prints the Word document: subject, fields, the opinion table and the signature; a print record is written', async () => {
    const response = await print('zhuting', { instId, format: 'docx' });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('朱婷的请假申请.docx')}`,
    );
    const zip = new PizZip(response.rawPayload);
    const body = zip.file('word/document.xml')!.asText();
    for (const text of [
      '请假申请',
      '朱婷的请假申请',
      '朱婷',
      '请假天数',
      '回老家 &lt;探亲&gt; &amp; 办事',
      '领导签字',
      '部门领导审批',
      '胡军',
      '同意',
      '同意，注意工作交接',
      '审批意见',
    ])
      expect(body, text).toContain(text);
    // the leader's signature: in the signature field and beside his opinion
    expect(body.match(/<a:blip r:embed="rIdSignature\d+"\/>/g)).toHaveLength(2);
    expect(zip.file('word/media/signature-1.png')!.asNodeBuffer().subarray(1, 4).toString()).toBe('PNG');

    const [record] = await records();
    expect(record).toMatchObject({ instId, userName: '朱婷', subject: '朱婷的请假申请' });
  });

  it('prints a PDF through the document converter, for the approver too, recorded each time', async () => {
    const before = (await records()).length;
    const response = await print('hujun', { instId, format: 'pdf' });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('朱婷的请假申请.pdf')}`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Type\s*\/Page\b/);
    const after = await records('admin');
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ userName: '胡军' });
  }, 120_000);

  it('a secretary prints the request her leader handles with his leaderId, as the approval form reads it', async () => {
    // lina's leave waits for her leader zhangwei, whose secretary is wangfang
    const leaveOfLina = await f.start('lina', 'leave_request', { days: 2, reason: '秘书打印' });
    const leaderId = await f.userId('zhangwei');
    const refused = await print('wangfang', { instId: leaveOfLina, format: 'docx' });
    expectRefused({ status: refused.statusCode, body: refused.json() }, 404);
    const printed = await print('wangfang', { instId: leaveOfLina, format: 'docx', leaderId });
    expect(printed.statusCode, printed.body.slice(0, 300)).toBe(200);
    const body = new PizZip(printed.rawPayload).file('word/document.xml')!.asText();
    expect(body).toContain('秘书打印');
    // a running request: the leader's waiting task is no opinion yet
    expect(body).not.toContain('部门领导审批');
    const [record] = (
      await t.call('getPrintRecordsByInstId', { token: await f.as('lina'), query: { instId: leaveOfLina } })
    ).body.value;
    expect(record).toMatchObject({ userName: '王芳' });
  });

  it('refuses whoever may not read the request, an unknown one and bad input; no record is written', async () => {
    const before = await rowCount(t, flowPrintRecords);
    const refused = async (account: string, body: object, status: number, tenantId?: string) => {
      const response = await print(account, body, tenantId);
      expectRefused({ status: response.statusCode, body: response.json() }, status);
    };
    await refused('heyu', { instId, format: 'pdf' }, 404);
    await refused('alice', { instId, format: 'docx' }, 404, acme);
    await refused('admin', { instId, format: 'docx' }, 404, acme);
    await refused('zhuting', { instId: 'no-such-instance', format: 'docx' }, 404);
    await refused('zhuting', { instId, format: 'xls' }, 400);
    await refused('zhuting', { instId }, 400);
    await refused('zhuting', { format: 'pdf' }, 400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/portal/system/file/wordPrint',
      payload: { instId, format: 'docx' },
    });
    expect(anonymous.json()).toMatchObject({ state: false });
    expect(await rowCount(t, flowPrintRecords)).toBe(before);
  });
});
