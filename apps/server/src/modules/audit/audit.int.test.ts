import { routeUrl } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { csvField } from './audit.service.js';

let t: TestApp;
let admin: string;
let zhuting: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  zhuting = await t.login('zhuting');
  // one audited call that changes something and one that is refused (an empty phrase)
  expect(
    (await t.call('saveApprovalItem', { token: zhuting, body: { expression: '审计短语', sn: 1 } })).body.code,
  ).toBe(200);
  expect(
    (await t.call('saveApprovalItem', { token: zhuting, body: { expression: '', sn: 2 } })).body.code,
  ).toBe(400);
});
afterAll(() => t.close());

const byAccount = (account: string, more: object[] = []) => ({
  querys: [{ property: 'account', value: account, operation: 'EQUAL' }, ...more],
  pageBean: { page: 1, pageSize: 50 },
});

/** The export's answer, read as text (a failure answers the JSON envelope). */
async function exported(token: string, body: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: routeUrl('exportAuditLog'),
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  return { status: response.statusCode, headers: response.headers, text: response.body };
}

describe('the audit trail for administrators (issue 14)', () => {
  it('lists the tenant’s records newest first, filtered by who, action and outcome', async () => {
    const all = await t.call('listAuditLog', { token: admin, body: byAccount('zhuting') });
    expect(all.body.code, all.body.message).toBe(200);
    const saves = all.body.value.rows.filter((r) => r.action === 'approvalItem.save');
    expect(saves.map((r) => r.outcome)).toEqual(['failure', 'success']);
    expect(saves[0]).toMatchObject({ account: 'zhuting', failureCode: '400' });
    expect(saves[1]).toMatchObject({ failureCode: null });
    expect(Date.parse(saves[0]!.createTime)).toBeGreaterThanOrEqual(Date.parse(saves[1]!.createTime));

    const failures = await t.call('listAuditLog', {
      token: admin,
      body: byAccount('zhuting', [{ property: 'outcome', value: 'failure', operation: 'EQUAL' }]),
    });
    expect(failures.body.value.rows.length).toBeGreaterThan(0);
    expect(failures.body.value.rows.every((r) => r.outcome === 'failure')).toBe(true);

    const byAction = await t.call('listAuditLog', {
      token: admin,
      body: { querys: [{ property: 'action', value: 'approvalItem', operation: 'RIGHT_LIKE' }] },
    });
    expect(byAction.body.value.total).toBeGreaterThanOrEqual(2);
    expect(byAction.body.value.rows.every((r) => r.action.startsWith('approvalItem'))).toBe(true);
  });

  it('exports what the filter selects as CSV (UTF-8 with a byte order mark), and the export is audited', async () => {
    const file = await exported(admin, byAccount('zhuting'));
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''audit-log.csv");
    const lines = file.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('createTime,account,userId,action,target,outcome,failureCode,clientIp,requestId');
    const listed = await t.call('listAuditLog', {
      token: admin,
      body: { ...byAccount('zhuting'), pageBean: { pageSize: 1000 } },
    });
    expect(lines).toHaveLength(listed.body.value.total + 1);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'zhuting')).toBe(true);
    const exports = await t.call('listAuditLog', {
      token: admin,
      body: { querys: [{ property: 'action', value: 'audit.export', operation: 'EQUAL' }] },
    });
    expect(exports.body.value.rows[0]).toMatchObject({ account: 'admin', outcome: 'success' });
  });

  it('is for administrators only, and shows nothing of another tenant', async () => {
    expect((await t.call('listAuditLog', { token: zhuting, body: {} })).body.code).toBe(403);
    expect((await exported(zhuting, {})).status).toBe(403);
    expect((await t.call('listAuditLog', { body: {} })).body.code).toBe(401);
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
    const acmeAdmin = await t.login('admin', undefined, acme);
    const seen = await t.call('listAuditLog', { token: acmeAdmin, body: byAccount('zhuting') });
    expect(seen.body.code).toBe(200);
    expect(seen.body.value.total).toBe(0);
    const acmeFile = await exported(acmeAdmin, byAccount('zhuting'));
    expect(
      acmeFile.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('refuses a filter on a field it does not know, or a page too large, and changes nothing', async () => {
    const unknown = await t.call('listAuditLog', {
      token: admin,
      body: { querys: [{ property: 'result; drop table audit_log', value: 'x', operation: 'EQUAL' }] },
    });
    expect(unknown.body.code).toBe(400);
    const tooLarge = await t.call('listAuditLog', {
      token: admin,
      body: { pageBean: { pageSize: 100_000 } },
    });
    expect(tooLarge.body.code).toBe(400);
  });
});

describe('csvField', () => {
  it('quotes separators and defuses spreadsheet formulas', () => {
    expect(csvField(null)).toBe('');
    expect(csvField('plain 文本')).toBe('plain 文本');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-1')).toBe("'-1");
  });
});
