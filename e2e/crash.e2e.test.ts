import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signIn, type Client } from '../bench/client.js';
import { leaderSignedByApi } from './support/api';
import { demoPassword, startServer, type TestServer } from './support/server';

/**
 * Issue 4, reliability: on PostgreSQL the server is killed (SIGKILL) in the middle of a burst of
 * completions and starts again on the same database. Then every instance still has exactly the tokens
 * its tasks need, every open task has candidates, every handled task its opinion, every answered call
 * stayed done, and the timers that were pending fire once.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `eip_crash_${randomUUID().slice(0, 8)}`;
const withDatabase = (url: string, name: string) =>
  Object.assign(new URL(url), { pathname: `/${name}` }).toString();

describe.runIf(adminUrl)('a crash during a burst of completions (PostgreSQL)', () => {
  let server: TestServer | undefined;
  let dataDir = '';
  const databaseUrl = adminUrl ? withDatabase(adminUrl, dbName) : '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  const start = async (client: Client, token: string, flowKey: string, data: Record<string, unknown>) => {
    const { body } = await client.call('startInstance', { token, body: { flowKey, data } });
    if (!body.state) throw new Error(body.message);
    return body.value.instId;
  };

  it('after SIGKILL and a restart the runtime is consistent and pending timers fire once', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eip-crash-'));
    server = await startServer({ databaseUrl, dataDir });
    let client = createClient(server.url);
    const guoming = await signIn(client, 'guoming', demoPassword);
    const linxue = await signIn(client, 'linxue', demoPassword);
    const chenjing = await signIn(client, 'chenjing', demoPassword);

    const leaves: string[] = [];
    for (let i = 0; i < 40; i += 1)
      leaves.push(await start(client, guoming, 'leave_request', { days: 5, reason: `崩溃 ${i}` }));
    const onboardings: string[] = [];
    for (let i = 0; i < 6; i += 1)
      onboardings.push(
        await start(client, chenjing, 'onboarding', { name: `新人${i}`, department: '测试部' }),
      );
    const todo = (await client.call('getTodoList', { token: linxue, body: { pageBean: { pageSize: 1000 } } }))
      .body.value.rows;
    const leaderTasks = todo.filter((r) => leaves.includes(r.procInstId));
    const hrTodo = (
      await client.call('getTodoList', { token: chenjing, body: { pageBean: { pageSize: 1000 } } })
    ).body.value.rows;
    const prepareTasks = hrTodo.filter((r) => onboardings.includes(r.procInstId));
    expect(leaderTasks).toHaveLength(40);
    expect(prepareTasks).toHaveLength(6);

    // the leader signs 领导签字 (required at the leader node) once per task before the burst, one after
    // another (signing passwords tried at once count as repeated attempts)
    const signed: Awaited<ReturnType<typeof leaderSignedByApi>>[] = [];
    while (signed.length < leaderTasks.length) signed.push(await leaderSignedByApi(server.url, linxue));

    // The burst: every completion at once (each prepare schedules a service-task job); the server dies midway.
    const answered: string[] = [];
    const burst = [
      ...leaderTasks.map((task, i) => ({ token: linxue, taskId: task.taskId, data: signed[i] })),
      ...prepareTasks.map((task) => ({ token: chenjing, taskId: task.taskId, data: undefined })),
    ].map(async ({ token, taskId, data }) => {
      try {
        const { status } = await client.call('completeTask', {
          token,
          body: { taskId, actionName: 'agree', data },
        });
        if (status === 200) answered.push(taskId);
      } catch {
        // the connection died with the server
      }
    });
    while (answered.length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    await server.kill();
    await Promise.all(burst);
    expect(answered.length).toBeLessThan(46);

    server = await startServer({ databaseUrl, dataDir });
    client = createClient(server.url);
    // the restarted server's job runner takes up the service-task calls left pending
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const pendingJobs = async () =>
        Number(
          (
            await db.query(
              `select count(*) from sys_scheduled_job where status = 'pending' and kind = 'service.call'`,
            )
          ).rows[0].count,
        );
      const deadline = Date.now() + 60_000;
      while ((await pendingJobs()) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await pendingJobs()).toBe(0);

      const rows = async (sql: string) => (await db.query(sql)).rows as Record<string, unknown>[];
      // each leader task is handled once or still open; each handled one led to exactly one HR countersign
      const leaderIds = leaderTasks.map((t) => t.taskId);
      expect(
        await rows(
          `select id from bpm_task where id = any('{${leaderIds.join(',')}}') and status not in ('pending','done')`,
        ),
      ).toEqual([]);
      expect(
        await rows(`select l.instance_id from bpm_task l where l.id = any('{${leaderIds.join(',')}}') and l.status = 'done'
          and (select count(*) from bpm_task h where h.instance_id = l.instance_id and h.node_id = 'HrCountersign') <> 3`),
      ).toEqual([]);
      // every answered completion stayed done
      const answeredStatus = await db.query(`select id, status from bpm_task where id = any($1)`, [answered]);
      expect(answeredStatus.rows.every((r: { status: string }) => r.status === 'done')).toBe(true);
      // running instances have tokens, ended ones none
      expect(
        await rows(`select i.id from bpm_instance i where i.status in ('running','back','backToStart','revokeToStart')
        and not exists (select 1 from bpm_token k where k.instance_id = i.id)`),
      ).toEqual([]);
      expect(
        await rows(`select i.id from bpm_instance i where i.status in ('end','manualend')
        and exists (select 1 from bpm_token k where k.instance_id = i.id)`),
      ).toEqual([]);
      // no duplicate active tokens: one per node of an instance
      expect(
        await rows(`select instance_id, node_id from bpm_token where state = 'active'
        group by instance_id, node_id having count(*) > 1`),
      ).toEqual([]);
      // every active token has open work, every open task a token and candidates
      expect(
        await rows(`select k.id from bpm_token k where k.state = 'active'
        and not exists (select 1 from bpm_task t where t.token_id = k.id and t.status in ('pending','waiting'))`),
      ).toEqual([]);
      expect(
        await rows(`select t.id from bpm_task t where t.status in ('pending','waiting')
        and not exists (select 1 from bpm_token k where k.id = t.token_id)`),
      ).toEqual([]);
      expect(
        await rows(`select t.id from bpm_task t where t.status = 'pending'
        and not exists (select 1 from bpm_task_candidate c where c.task_id = t.id)`),
      ).toEqual([]);
      // no lost opinion: every handled task has its completed opinion
      expect(
        await rows(`select t.id from bpm_task t where t.status = 'done'
        and not exists (select 1 from bpm_opinion o where o.task_id = t.id and o.completed_at is not null)`),
      ).toEqual([]);
      // pending timers fired once: each service call ran once and succeeded, one job each
      expect(
        await rows(
          `select j.id from sys_scheduled_job j where j.kind = 'service.call' and (j.status <> 'done' or j.attempts <> 1)`,
        ),
      ).toEqual([]);
      expect(await rows(`select s.id from bpm_service_call s where s.status <> 1`)).toEqual([]);
      const handledPrepares = Number(
        (
          await db.query(`select count(*) from bpm_task where id = any($1) and status = 'done'`, [
            prepareTasks.map((t) => t.taskId),
          ])
        ).rows[0].count,
      );
      expect(
        Number(
          (await db.query(`select count(*) from bpm_service_call where instance_id = any($1)`, [onboardings]))
            .rows[0].count,
        ),
      ).toBe(handledPrepares);
    } finally {
      await db.end();
    }

    // and the restarted server goes on: what the crash left open can be handled
    const open = (
      await client.call('getTodoList', { token: linxue, body: { pageBean: { pageSize: 1000 } } })
    ).body.value.rows.filter((r) => leaves.includes(r.procInstId));
    if (open[0]) {
      const { body } = await client.call('completeTask', {
        token: linxue,
        body: {
          taskId: open[0].taskId,
          actionName: 'agree',
          data: await leaderSignedByApi(server.url, linxue),
        },
      });
      expect(body.state, body.message).toBe(true);
    }
  }, 300_000);
});
