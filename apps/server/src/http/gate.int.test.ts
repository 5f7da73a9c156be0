import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLog } from '../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('calls of one moment share the token check and the audit statement', () => {
  it('judges each call by its own token and leaves each its own audit record', async () => {
    const accounts = ['zhuting', 'heyu', 'zhangwei', 'wangfang'];
    const tokens = await Promise.all(accounts.map((account) => t.login(account)));
    const signedOut = await t.login('liuyang');
    expect((await t.call('signout', { token: signedOut })).body.code).toBe(200);

    // 30 calls at once: every sixth with the signed-out token, the others spread over four users
    const callers = Array.from({ length: 30 }, (_, i) =>
      i % 6 === 5
        ? { account: null, token: signedOut }
        : { account: accounts[i % 4]!, token: tokens[i % 4]! },
    );
    const answers = await Promise.all(
      callers.map(({ token }, i) =>
        t.call('saveApprovalItem', { token, body: { expression: `并发短语 ${i}`, sn: i } }),
      ),
    );

    const records = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'approvalItem.save'));
    const byRequest = new Map(records.map((record) => [record.requestId, record]));
    expect(byRequest.size).toBe(30);
    answers.forEach((answer, i) => {
      const { account } = callers[i]!;
      const record = byRequest.get(answer.response.headers['x-request-id'] as string);
      if (account === null) {
        expect(answer.body).toMatchObject({ state: false, code: 402 });
        expect(record).toMatchObject({ account: null, result: 'failure:402' });
      } else {
        expect(answer.body.code, answer.body.message).toBe(200);
        expect(answer.body.value.expression).toBe(`并发短语 ${i}`);
        expect(record).toMatchObject({ account, result: 'success' });
      }
    });
  });
});
