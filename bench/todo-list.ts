import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import type { QueryFilter } from '../packages/contracts/src/index.js';
import type { Db } from '../apps/server/src/db/client.js';
import { todoList } from '../apps/server/src/modules/bpm/lists.repository.js';
import { signIn, type Client } from './client.js';
import { queryRows } from './database.js';
import { explain, type PlanSummary } from './explain.js';
import { percentiles, timed, type Percentiles } from './stats.js';
import { benchAccount, isActiveBenchUser } from './user-query.js';

export interface TodoSize {
  /** pending tasks, one instance each */
  tasks: number;
  /** bench users 1…users are the candidates (they must exist: see insertUsers) */
  users: number;
  /** tasks loaded per statement */
  batch: number;
  /** statements running at once (PostgreSQL; PGlite has one connection) */
  parallel: number;
}

/**
 * Bench user 1 is also a candidate of every 50th task: the busy approver. (The first candidate of task g is
 * user 1 + g % users, and the second, when g is even, user 1 + ((g / 2) * 7 + 3) % users, never the same
 * when users is a multiple of 5; the busy user stands in for the second where it is not the first.)
 */
const BUSY_USER = 1;
const BUSY_EVERY = 50;
const SAMPLE_USERS = 8;
const SURNAMES = '张,王,李,赵,刘,陈,杨,黄,周,吴,徐,孙,胡,朱,高,林,何,郭,马,罗';
const GIVEN = '伟,芳,敏,静,磊,洋,艳,勇,军,杰,娟,涛,明,超,霞,平,刚,华,鹏,飞,宇,婷,浩,凯,琳,晨,阳,雪,斌,丹';
/** a person's name: the filtered query looks for the requests of one initiator among 600 names */
export const TODO_FILTER_VALUE = '张伟';

export const TODO_QUERY: QueryFilter = { pageBean: { page: 1, pageSize: 10 } };
export const TODO_FILTERED_QUERY: QueryFilter = {
  pageBean: { page: 1, pageSize: 10 },
  querys: [
    { property: 'subject', value: TODO_FILTER_VALUE, operation: 'LIKE', relation: 'AND', group: 'main' },
  ],
};
export const TODO_QUERY_DESCRIPTION =
  'page 1 of 10, default order (newest first), with the total; filtered: also subject LIKE ' +
  `'${TODO_FILTER_VALUE}'`;

export interface TodoResult {
  size: TodoSize;
  candidates: number;
  loadSeconds: number;
  vacuumSeconds: number;
  /** pending tasks of the sample users, fewest and most */
  sampleTasks: { users: number; min: number; max: number };
  busy: { account: string; tasks: number };
  description: string;
  todo: Percentiles;
  /** todoList called in this process, without HTTP: the database's part of the call */
  direct: Percentiles;
  filtered: Percentiles;
  busyTodo: Percentiles;
  busyFiltered: Percentiles;
  select1: Percentiles;
  ratio: Record<'todo' | 'filtered' | 'busyTodo' | 'busyFiltered', { p50: number; p99: number }>;
  plans: PlanSummary[];
}

/**
 * Loads `size.tasks` pending tasks straight with SQL (generate_series, `size.batch` tasks per statement), each
 * with its own running instance and 1–2 candidate rows: bench user `1 + g % users` always, and for every
 * second task a second one spread over the users the other way round (for every 50th task: the busy user).
 * A quarter are expense claims; subjects are `{initiator}的请假申请` with initiators from 600 names, picked
 * by a hash of g. Task g was created g seconds before the load. The three tables are then vacuumed and
 * analysed, as autovacuum does after large inserts on a live server.
 */
export async function loadTodoTasks(db: Db, tenantId: string, size: TodoSize) {
  const [defs] = await queryRows<{ leave: string | null; expense: string | null }>(
    db,
    sql`select max(id) filter (where def_key = 'leave_request') as leave,
               max(id) filter (where def_key = 'expense_claim') as expense
        from bpm_definition where tenant_id = ${tenantId} and is_main`,
  );
  if (!defs?.leave || !defs.expense)
    throw new Error('the demo flows leave_request and expense_claim are missing');
  if (size.users % 5 !== 0) throw new Error('the number of todo users must be a multiple of 5');
  const [users] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from uc_user
        where tenant_id = ${tenantId} and id in (md5('eip-bench-1'), md5(${`eip-bench-${size.users}`}))`,
  );
  if (users!.n !== 2) throw new Error(`bench users 1…${size.users} must be inserted first`);

  const base = new Date().toISOString();
  const u = size.users;
  const expense = sql`g % 4 = 0`;
  // a hash of g, so that the initiators (and names) of any user's tasks are as mixed as everyone's
  const initiator = sql`((hashint4(g)::bigint & 2147483647) % ${u})`;
  const initiatorName = sql`l.s[1 + ${initiator} % 20] || l.n[1 + (${initiator} / 20) % 30]`;
  const subject = sql`${initiatorName} || case when ${expense} then '的差旅报销' else '的请假申请' end`;
  const defId = sql`case when ${expense} then ${defs.expense} else ${defs.leave} end`;
  const defKey = sql`case when ${expense} then 'expense_claim' else 'leave_request' end`;
  const defName = sql`case when ${expense} then '费用报销' else '请假申请' end`;
  const instanceId = sql`'b1' || lpad(to_hex(g), 30, '0')`;
  const taskId = sql`'b2' || lpad(to_hex(g), 30, '0')`;
  const createdAt = sql`${base}::timestamptz - make_interval(secs => g)`;
  const names = sql`(select string_to_array(${SURNAMES}, ',') as s, string_to_array(${GIVEN}, ',') as n) as l`;

  const statements = (from: number, to: number): SQL[] => [
    sql`insert into bpm_instance (tenant_id, id, def_id, def_key, def_name, subject, status, initiator_id,
                                  initiator_name, data, created_at)
        select ${tenantId}, ${instanceId}, ${defId}, ${defKey}, ${defName}, ${subject}, 'running',
               md5('eip-bench-' || (1 + ${initiator})), ${initiatorName}, '{"days": 1}'::jsonb, ${createdAt}
        from generate_series(${from}::int, ${to}::int) as g, ${names}`,
    sql`insert into bpm_task (tenant_id, id, instance_id, token_id, node_id, name, node_type, status, subject,
                              def_key, def_name, initiator_id, initiator_name, created_at)
        select ${tenantId}, ${taskId}, ${instanceId}, 'b3' || lpad(to_hex(g), 30, '0'),
               case when ${expense} then 'ManagerApproval' else 'LeaderApproval' end,
               case when ${expense} then '直属领导审批' else '部门领导审批' end, 'USERTASK', 'pending', ${subject},
               ${defKey}, ${defName}, md5('eip-bench-' || (1 + ${initiator})), ${initiatorName}, ${createdAt}
        from generate_series(${from}::int, ${to}::int) as g, ${names}`,
    sql`insert into bpm_task_candidate (tenant_id, task_id, user_id, created_at, subject)
        select ${tenantId}, ${taskId}, md5('eip-bench-' || c.n), ${createdAt}, ${subject}
        from generate_series(${from}::int, ${to}::int) as g, ${names},
             lateral (values (1 + g % ${u}),
                             (case when g % ${BUSY_EVERY} = 0 and g % ${u} <> 0 then ${BUSY_USER}
                                   when g % 2 = 0 then 1 + ((g / 2) * 7 + 3) % ${u} end)) as c(n)
        where c.n is not null`,
  ];

  const pending = Array.from({ length: Math.ceil(size.tasks / size.batch) }, (_, b) =>
    statements(b * size.batch + 1, Math.min(size.tasks, (b + 1) * size.batch)),
  ).flat();
  const loadMs = await timed(async () => {
    // each statement stands alone (the three tables do not reference one another): run a few at once
    await Promise.all(
      Array.from({ length: size.parallel }, async () => {
        for (let next = pending.shift(); next; next = pending.shift()) await db.execute(next);
      }),
    );
  });
  const vacuumMs = await timed(async () => {
    for (const table of ['bpm_instance', 'bpm_task', 'bpm_task_candidate']) {
      await db.execute(sql.raw(`vacuum (analyze) ${table}`));
    }
  });
  const [{ n: candidates }] = (await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bpm_task_candidate where tenant_id = ${tenantId}`,
  )) as [{ n: number }];
  return { candidates, loadSeconds: loadMs / 1000, vacuumSeconds: vacuumMs / 1000 };
}

/** EXPLAIN ANALYZE of exactly what `todoList` sends for one user and filter: its page query and its count. */
const explainTodo = (db: Db, tenantId: string, userId: string, filter: QueryFilter, name: string) =>
  explain(db, name, (recorder) => todoList(recorder, tenantId, userId, filter), {
    analyze: true,
    parts: ['page', 'count'],
  });

/** Evenly spread active bench users, other than the busy one. */
function sampleUsers(users: number): number[] {
  const step = Math.floor(users / SAMPLE_USERS);
  return Array.from({ length: SAMPLE_USERS }, (_, k) => {
    let n = Math.floor(step / 2) + k * step;
    while (!isActiveBenchUser(n) || n === BUSY_USER) n++;
    return n;
  });
}

/**
 * getTodoList over HTTP, one caller at a time: for sample users with a typical share of the tasks and for the
 * busy user, default order and filtered by subject, interleaved with a bare `select 1` on the server's pool.
 * Every answer must be the user's newest tasks, with their total.
 */
export async function benchTodoList(
  client: Client,
  db: Db,
  options: {
    tenantId: string;
    size: TodoSize;
    password: string;
    warmup: number;
    samples: number;
    seconds: number;
    busySamples: number;
    busySeconds: number;
    explainFile: string;
  },
  loaded: { candidates: number; loadSeconds: number; vacuumSeconds: number },
): Promise<TodoResult> {
  const numbers = [...sampleUsers(options.size.users), BUSY_USER];
  const idOf = (n: number) => createHash('md5').update(`eip-bench-${n}`).digest('hex');
  const counts = await queryRows<{ id: string; n: number }>(
    db,
    sql`select user_id as id, count(*)::int as n from bpm_task_candidate
        where tenant_id = ${options.tenantId}
          and user_id in (${sql.join(
            numbers.map((n) => sql`${idOf(n)}`),
            sql`, `,
          )})
        group by user_id`,
  );
  const countOf = new Map(counts.map((r) => [r.id, r.n]));
  const users = await Promise.all(
    numbers.map(async (n) => ({
      n,
      id: idOf(n),
      tasks: countOf.get(idOf(n)) ?? 0,
      token: await signIn(client, benchAccount(n), options.password),
    })),
  );
  const busy = users.pop()!;

  const call = async (token: string, filter: QueryFilter) => {
    const { status, body } = await client.call('getTodoList', { token, body: filter });
    if (status !== 200 || !body.state) throw new Error(`getTodoList answered ${status}: ${body.message}`);
    return body.value;
  };
  for (const user of [...users, busy]) {
    const page = await call(user.token, TODO_QUERY);
    const times = page.rows.map((row) => Date.parse(row.createTime));
    const sorted = times.every((time, i) => i === 0 || time <= times[i - 1]!);
    if (page.total !== user.tasks || page.rows.length !== Math.min(10, user.tasks) || !sorted) {
      throw new Error(
        `getTodoList of ${benchAccount(user.n)} answered an unexpected page: ${page.total} of ${user.tasks}`,
      );
    }
    const filtered = await call(user.token, TODO_FILTERED_QUERY);
    if (!filtered.rows.every((row) => row.subject.includes(TODO_FILTER_VALUE))) {
      throw new Error(`the filtered getTodoList of ${benchAccount(user.n)} answered other subjects`);
    }
  }

  const select1 = () => db.execute(sql`select 1`);
  for (let i = 0; i < options.warmup; i++) {
    const user = users[i % users.length]!;
    await select1();
    await call(user.token, TODO_QUERY);
    await call(user.token, TODO_FILTERED_QUERY);
  }
  const samples = {
    todo: [] as number[],
    direct: [] as number[],
    filtered: [] as number[],
    busyTodo: [] as number[],
    busyFiltered: [] as number[],
    select1: [] as number[],
  };
  // the sample users in turn, then the busy user (slower, so fewer rounds), each with its select 1
  let deadline = Date.now() + options.seconds * 1000;
  for (let i = 0; i < options.samples && Date.now() < deadline; i++) {
    const user = users[i % users.length]!;
    samples.select1.push(await timed(select1));
    samples.todo.push(await timed(() => call(user.token, TODO_QUERY)));
    samples.direct.push(await timed(() => todoList(db, options.tenantId, user.id, TODO_QUERY)));
    samples.filtered.push(await timed(() => call(user.token, TODO_FILTERED_QUERY)));
  }
  deadline = Date.now() + options.busySeconds * 1000;
  for (let i = 0; i < options.busySamples && Date.now() < deadline; i++) {
    samples.select1.push(await timed(select1));
    samples.busyTodo.push(await timed(() => call(busy.token, TODO_QUERY)));
    samples.busyFiltered.push(await timed(() => call(busy.token, TODO_FILTERED_QUERY)));
  }

  const typical = users[0]!;
  const explained = [
    ...(await explainTodo(
      db,
      options.tenantId,
      typical.id,
      TODO_QUERY,
      `${benchAccount(typical.n)} (${typical.tasks} tasks)`,
    )),
    ...(await explainTodo(
      db,
      options.tenantId,
      typical.id,
      TODO_FILTERED_QUERY,
      `${benchAccount(typical.n)}, filtered`,
    )),
    ...(await explainTodo(
      db,
      options.tenantId,
      busy.id,
      TODO_QUERY,
      `${benchAccount(busy.n)} (busy, ${busy.tasks} tasks)`,
    )),
    ...(await explainTodo(
      db,
      options.tenantId,
      busy.id,
      TODO_FILTERED_QUERY,
      `${benchAccount(busy.n)} (busy), filtered`,
    )),
  ];
  writeFileSync(options.explainFile, `${explained.map((p) => p.text).join('\n\n')}\n`);

  const todo = percentiles(samples.todo);
  const filtered = percentiles(samples.filtered);
  const busyTodo = percentiles(samples.busyTodo);
  const busyFiltered = percentiles(samples.busyFiltered);
  const bare = percentiles(samples.select1);
  const ratio = (p: Percentiles) => ({ p50: p.p50 / bare.p50, p99: p.p99 / bare.p99 });
  return {
    size: options.size,
    ...loaded,
    sampleTasks: {
      users: users.length,
      min: Math.min(...users.map((u) => u.tasks)),
      max: Math.max(...users.map((u) => u.tasks)),
    },
    busy: { account: benchAccount(busy.n), tasks: busy.tasks },
    description: TODO_QUERY_DESCRIPTION,
    todo,
    filtered,
    direct: percentiles(samples.direct),
    busyTodo,
    busyFiltered,
    select1: bare,
    ratio: {
      todo: ratio(todo),
      filtered: ratio(filtered),
      busyTodo: ratio(busyTodo),
      busyFiltered: ratio(busyFiltered),
    },
    plans: explained.map((p) => p.summary),
  };
}
