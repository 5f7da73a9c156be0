import type { QueryField } from '@eip/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { queryRows, type Db } from '../../db/client.js';
import { todoList } from './lists.repository.js';

/**
 * The busy approver's todo list filtered by subject (issue 17): the search starts from the index of the
 * subject's character pairs and the user's key (the subject written onto the candidate rows with the task) and
 * still answers exactly the caller's tasks whose subject contains the text, ignoring case.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let tenantId: string;
let callerId: string;

/** the caller's tasks the searches are about, newest first; each is also another user's and another tenant's */
const SUBJECTS = [
  '张伟的请假申请',
  '关于张伟',
  '张伟',
  '张 伟的请假申请',
  '伟张的请假申请',
  '張偉的請假申請',
  'ABC报销单',
  '采购xAbCx',
  'ab c',
  '预算50%执行',
  '预算500执行',
  'a_b审批',
  'axb审批',
  'C:\\temp汇总',
];
/** filler: the caller is a candidate of every fifth, the other user of the rest; none contains a searched text */
const FILLER = 20_000;
const FILLER_NAMES = { s: '王李赵刘陈杨黄周吴徐', n: '芳敏静磊洋艳勇军杰娟' };

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  callerId = await f.userId('zhuting');
  const otherId = await f.userId('linxue');
  const db = t.database.db;
  [{ tenantId }] = (await queryRows<{ tenantId: string }>(
    db,
    sql`select tenant_id as "tenantId" from uc_user where id = ${callerId}`,
  )) as [{ tenantId: string }];
  const [def] = await queryRows<{ id: string }>(
    db,
    sql`select id from bpm_definition where tenant_id = ${tenantId} and def_key = 'leave_request' and is_main`,
  );
  // (tenant, task number, subject, candidate): the subjects above for the caller, the other user and the
  // caller's id in another tenant; then the filler
  const crafted = SUBJECTS.flatMap((subject, i) => [
    sql`(${tenantId}, ${i + 1}::int, ${subject}, ${callerId})`,
    sql`(${tenantId}, ${100 + i}::int, ${subject}, ${otherId})`,
    sql`('other-tenant', ${200 + i}::int, ${subject}, ${callerId})`,
  ]);
  const tasks = sql`(values ${sql.join(crafted, sql`, `)}
    union all
    select ${tenantId}, g, substr(${FILLER_NAMES.s}, 1 + g % 10, 1) || substr(${FILLER_NAMES.n}, 1 + g / 10 % 10, 1)
             || case when g % 4 = 0 then '的差旅报销' else '的请假申请' end,
           case when g % 5 = 0 then ${callerId} else ${otherId} end
    from generate_series(1000, ${1000 + FILLER - 1}) as g)`;
  const rows = sql`${tasks} as x(tenant_id, n, subject, user_id)`;
  const createdAt = sql`now() - make_interval(secs => x.n)`;
  await db.execute(sql`insert into bpm_instance (tenant_id, id, def_id, def_key, def_name, subject, status,
                         initiator_id, initiator_name, data, created_at)
    select x.tenant_id, 'todo-subject-i' || x.n, ${def!.id}, 'leave_request', '请假申请', x.subject, 'running',
           ${otherId}, '林雪', '{}'::jsonb, ${createdAt} from ${rows}`);
  await db.execute(sql`insert into bpm_task (tenant_id, id, instance_id, token_id, node_id, name, node_type,
                         status, subject, def_key, def_name, initiator_id, initiator_name, created_at)
    select x.tenant_id, 'todo-subject-t' || x.n, 'todo-subject-i' || x.n, 'todo-subject-k' || x.n,
           'LeaderApproval', '部门领导审批', 'USERTASK', 'pending', x.subject, 'leave_request', '请假申请',
           ${otherId}, '林雪', ${createdAt} from ${rows}`);
  await db.execute(sql`insert into bpm_task_candidate (tenant_id, task_id, user_id, created_at, subject)
    select x.tenant_id, 'todo-subject-t' || x.n, x.user_id, ${createdAt}, x.subject from ${rows}`);
  for (const table of ['bpm_instance', 'bpm_task', 'bpm_task_candidate']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
});
afterAll(() => t.close());

const search = (value: string, operation: QueryField['operation'] = 'LIKE') => ({
  pageBean: { page: 1, pageSize: 100 },
  querys: [{ property: 'subject', value, operation, relation: 'AND' as const, group: 'main' }],
});

async function todoSubjects(value: string, operation?: QueryField['operation']) {
  const token = await f.as('zhuting');
  const { status, body } = await t.call('getTodoList', { token, body: search(value, operation) });
  expect(status, body.message).toBe(200);
  expect(body.value.total).toBe(body.value.rows.length);
  return body.value.rows.map((row) => row.subject);
}

describe('the todo list searched by subject (issue 17)', () => {
  it('answers exactly the caller’s subjects containing the text, ignoring case, % _ and \\ taken literally', async () => {
    expect(await todoSubjects('张伟')).toEqual(['张伟的请假申请', '关于张伟', '张伟']);
    expect(await todoSubjects('张伟的')).toEqual(['张伟的请假申请']);
    expect(await todoSubjects('張偉')).toEqual(['張偉的請假申請']);
    expect(await todoSubjects('aBc')).toEqual(['ABC报销单', '采购xAbCx']);
    expect(await todoSubjects('50%')).toEqual(['预算50%执行']);
    expect(await todoSubjects('a_b')).toEqual(['a_b审批']);
    expect(await todoSubjects('%')).toEqual(['预算50%执行']);
    expect(await todoSubjects('_')).toEqual(['a_b审批']);
    expect(await todoSubjects('\\t')).toEqual(['C:\\temp汇总']);
    expect(await todoSubjects('伟')).toEqual([
      '张伟的请假申请',
      '关于张伟',
      '张伟',
      '张 伟的请假申请',
      '伟张的请假申请',
    ]);
    expect(await todoSubjects('张伟', 'RIGHT_LIKE')).toEqual(['张伟的请假申请', '张伟']);
    expect(await todoSubjects('张伟', 'LEFT_LIKE')).toEqual(['关于张伟', '张伟']);
    expect(await todoSubjects('李四')).toEqual([]);
  });

  it('searches the tasks the engine creates: a new request is found by its subject at once', async () => {
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '搜索' });
    const [{ subject }] = (await queryRows<{ subject: string }>(
      t.database.db,
      sql`select subject from bpm_instance where id = ${instId}`,
    )) as [{ subject: string }];
    const token = await f.as('linxue');
    const { body } = await t.call('getTodoList', { token, body: search(subject) });
    expect(body.value.rows.map((row) => row.procInstId)).toEqual([instId]);
  });

  it('pages a common text among the caller’s own tasks only, with its total', async () => {
    const token = await f.as('zhuting');
    const { body } = await t.call('getTodoList', {
      token,
      body: { ...search('的差旅'), pageBean: { page: 2, pageSize: 10 } },
    });
    // the caller's filler tasks g ≡ 0 (mod 5) of 1000…20999, and of them g ≡ 0 (mod 4): g ≡ 0 (mod 20)
    expect(body.value.total).toBe(FILLER / 20);
    expect(body.value.rows.map((row) => row.taskId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `todo-subject-t${1000 + (10 + i) * 20}`),
    );
  });
});

/** The statements a repository function sends, with their parameters, as it sends them (answered with no rows). */
async function statementsOf(run: (db: Db) => Promise<unknown>) {
  const sent: { text: string; params: unknown[] }[] = [];
  const recorder = {
    query: (config: { text: string }, params: unknown[]) => {
      sent.push({ text: config.text, params });
      return Promise.resolve({ rows: [], fields: [], rowCount: 0, command: 'SELECT' });
    },
  };
  await run(drizzle(recorder as never) as unknown as Db);
  return sent;
}

/** `text` with its $n placeholders bound again, as drizzle parameters. */
const bind = (text: string, params: unknown[]): SQL =>
  sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
  );

describe('the plan of the busy approver’s search (issue 17)', () => {
  it('starts the page and the count from the caller’s own candidate rows, never from everyone’s matching tasks', async () => {
    const statements = await statementsOf((db) => todoList(db, tenantId, callerId, search('张伟')));
    expect(statements).toHaveLength(2);
    for (const { text, params } of statements) {
      const plan = (
        await queryRows<Record<string, string>>(t.database.db, sql`explain ${bind(text, params)}`)
      )
        .map((row) => Object.values(row)[0])
        .join('\n');
      // by the index of subject pairs and user keys, or the user's own rows (the planner's choice by their number)
      expect(plan).toMatch(/(Index Scan on|using) bpm_task_candidate_(subject|todo)_idx/);
      expect(plan).not.toContain('bpm_task_subject_bigram_idx');
      expect(plan).not.toContain('Seq Scan');
    }
  });

  it.skipIf(inject('engine') !== 'postgres')(
    'is planned for each call’s values: its text is never prepared under a name, however often it is sent',
    async () => {
      const prepared = await t.database.db.transaction(async (tx) => {
        for (let use = 0; use < 8; use++) await todoList(tx, tenantId, callerId, search('张伟'));
        return queryRows<{ name: string }>(
          tx,
          sql`select name from pg_prepared_statements where statement like '%eip_todo_keys%'`,
        );
      });
      expect(prepared).toEqual([]);
    },
  );
});
