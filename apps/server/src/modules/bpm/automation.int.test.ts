import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_TASK_STATUS } from '@eip/contracts/flow';
import { and, desc, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { testBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';
import { flowServiceCalls, innerMessages, scheduledJobs } from '../../db/schema.js';
import { queryRows } from '../../db/client.js';
import { runDueJobs, type JobHandlers } from '../../jobs/runner.js';
import { approvalLink } from './engine/tasks.js';
import { createMailer } from '../../mail/mailer.js';
import { bpmJobHandlers } from './jobs.js';

/** What runs without a person: service tasks, call activities, timers; and conditions that fail. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let receiver: Server;
let receiverUrl = '';
/** What the HTTP receiver got, and how many of its next answers fail. */
const received: { body: unknown; idempotencyKey: string | undefined }[] = [];
let failuresLeft = 0;

/** Mail the SMTP server of the test received, parsed. */
const mailbox: ParsedMail[] = [];
let smtp: SMTPServer;
let handlers: JobHandlers;
const runJobs = (at = new Date()) => runDueJobs(t.database.db, handlers, at);
/** Runs the jobs due now and those a retry puts later, as a clock moving on would. */
const runJobsLater = (minutes: number) => runJobs(new Date(Date.now() + minutes * 60_000));

const serviceFlow = (key: string, serviceTask: Record<string, unknown>) =>
  f.deploy({
    bpmnXml: testBpmn(
      key,
      `服务 ${key}`,
      [
        { id: 'Start', kind: 'start' },
        { id: 'Call', kind: 'serviceTask', name: '调用服务' },
        { id: 'Check', kind: 'userTask', name: '核对' },
        { id: 'End', kind: 'end' },
      ],
      [
        ['Start', 'Call'],
        ['Call', 'Check'],
        ['Check', 'End'],
      ],
    ),
    settings: { nodes: { Call: { serviceTask }, Check: { candidates: [{ type: 'user', ids: ['hanxu'] }] } } },
  });

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({
        body: JSON.parse(text || 'null'),
        idempotencyKey: request.headers['idempotency-key'] as string,
      });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(503).end('busy');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ userId: 'u-42' }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/accounts`;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        mailbox.push(mail);
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  handlers = bpmJobHandlers({
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'EIP <eip@example.com>' }),
    publicUrl: 'https://portal.example.com',
  });
  t = await createTestApp();
  f = flowSteps(t);
  await serviceFlow('svc_http', {
    kind: 'http',
    method: 'POST',
    url: receiverUrl,
    bodyTemplate: "{'name': form.name}",
    retries: 2,
    resultVariable: 'created',
  });
  await serviceFlow('svc_bad', { kind: 'expression', expression: 'form.missing.deeper' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const nodeState = async (instId: string, nodeId: string) =>
  (
    await t.call('getNodeOpinions', {
      token: await f.as('admin'),
      query: { instId, nodeIds: nodeId, isDerive: 'true' },
    })
  ).body.value[nodeId]!;

/**
 * The transactions open right now: none while a job talks to another server. The embedded database makes
 * every query wait for an open transaction (a query that does not answer within 5 s counts as one);
 * PostgreSQL lists them.
 */
async function openTransactions() {
  const answered = await Promise.race([
    t.database.db
      .select()
      .from(innerMessages)
      .limit(1)
      .then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000)),
  ]);
  if (!answered) return 1;
  if (t.database.engine === 'pglite') return 0;
  const [open] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`,
  );
  return open!.n;
}

describe('service tasks', () => {
  it('an expression service task (the onboarding’s account) runs as a job; the branches join after it', async () => {
    const instId = await f.start('chenjing', 'onboarding', { name: '王五', department: '测试部' });
    await f.handleOk('chenjing', instId, 'agree');
    expect((await nodeState(instId, 'CreateAccount')).serviceStatus).toBe(SERVICE_TASK_STATUS.waiting);
    expect(await runJobs()).toBeGreaterThan(0);
    expect((await nodeState(instId, 'CreateAccount')).serviceStatus).toBe(SERVICE_TASK_STATUS.succeeded);
    await f.handleOk('linxue', instId, 'agree', { data: { computer: 'ThinkPad X1' } });
    expect((await f.instance(instId)).status).toBe('running');
    await f.handleOk('wuxia', instId, 'agree', { data: { desk: 'A-12' } });
    expect((await f.instance(instId)).status).toBe('end');
    const image = (await t.call('instanceFlowImage', { token: await f.as('chenjing'), query: { instId } }))
      .body.value;
    expect(image.nodeStatusMap).toMatchObject({ CreateAccount: 'done', ItSetup: 'done', AdminDesk: 'done' });
  });

  it('an HTTP service task sends its CEL body with an idempotency key, retries failures, stores the result', async () => {
    received.length = 0;
    failuresLeft = 1;
    const instId = await f.start('hanxu', 'svc_http', { name: '赵六' });
    await runJobs();
    expect(received).toHaveLength(1);
    expect((await nodeState(instId, 'Call')).serviceStatus).toBe(SERVICE_TASK_STATUS.waiting);
    expect(await f.todoOf('hanxu', instId)).toHaveLength(0);
    await runJobsLater(1);
    expect(received).toHaveLength(2);
    expect(received[0]).toEqual({ body: { name: '赵六' }, idempotencyKey: received[1]!.idempotencyKey });
    expect((await nodeState(instId, 'Call')).serviceStatus).toBe(SERVICE_TASK_STATUS.succeeded);
    expect(await f.todoOf('hanxu', instId)).toHaveLength(1);
    const check = await t.call('getInstanceByInstId', { token: await f.as('hanxu'), query: { instId } });
    expect(check.body.state).toBe(true);
  });

  it('a call that keeps failing fails visibly (status 0) and tells the initiator and the administrators', async () => {
    received.length = 0;
    failuresLeft = 10;
    const instId = await f.start('hanxu', 'svc_http', { name: '钱七' });
    await runJobs();
    await runJobsLater(1);
    await runJobsLater(10);
    expect(received).toHaveLength(3);
    expect((await nodeState(instId, 'Call')).serviceStatus).toBe(SERVICE_TASK_STATUS.failed);
    const told = await t.database.db
      .select()
      .from(innerMessages)
      .where(
        and(eq(innerMessages.type, 'service'), eq(innerMessages.subject, (await f.instance(instId)).subject)),
      );
    expect(told.length).toBeGreaterThanOrEqual(2);
    // the message names the step; what the remote service answered stays with the call, for administrators
    expect(told.map((m) => m.content)).toEqual(told.map(() => '调用服务'));
    const [call] = await t.database.db
      .select({ lastError: flowServiceCalls.lastError })
      .from(flowServiceCalls)
      .where(eq(flowServiceCalls.instanceId, instId));
    expect(call!.lastError).toContain('HTTP 503');
    expect(await f.todoOf('hanxu', instId)).toHaveLength(0);
  });

  it('a failed call shows in the node’s popover, and its initiator runs it again once the cause is gone', async () => {
    failuresLeft = 10;
    const instId = await f.start('hanxu', 'svc_http', { name: '孙八' });
    await runJobs();
    await runJobsLater(1);
    await runJobsLater(10);
    const seenBy = async (account: string) =>
      (await t.call('nodeOpinion', { token: await f.as(account), query: { instId, nodeId: 'Call' } })).body
        .value.serviceCall;
    expect(await seenBy('admin')).toMatchObject({
      status: SERVICE_TASK_STATUS.failed,
      attempts: 3,
      lastError: expect.stringContaining('HTTP 503') as unknown,
      canRetry: true,
    });
    // the remote service's answer is for administrators only
    expect(await seenBy('hanxu')).toMatchObject({
      status: SERVICE_TASK_STATUS.failed,
      lastError: null,
      canRetry: true,
    });

    failuresLeft = 0;
    const retried = await t.call('retryServiceCall', {
      token: await f.as('hanxu'),
      body: { instId, nodeId: 'Call' },
    });
    expect(retried.body).toMatchObject({ state: true, value: { instId } });
    expect((await nodeState(instId, 'Call')).serviceStatus).toBe(SERVICE_TASK_STATUS.waiting);
    expect(await seenBy('admin')).toMatchObject({ status: SERVICE_TASK_STATUS.waiting, lastError: null });
    const again = await t.call('retryServiceCall', {
      token: await f.as('hanxu'),
      body: { instId, nodeId: 'Call' },
    });
    expect(again.body).toMatchObject({
      state: false,
      code: 409,
      message: '节点 调用服务 的服务调用没有失败，无需重试',
    });
    await runJobs();
    expect(await seenBy('hanxu')).toMatchObject({ status: SERVICE_TASK_STATUS.succeeded, canRetry: false });
    expect(await f.todoOf('hanxu', instId)).toHaveLength(1);
  });

  it('only a failed call of a live instance can be run again, by its initiator or an administrator', async () => {
    failuresLeft = 10;
    const instId = await f.start('hanxu', 'svc_http', { name: '周九' });
    const retry = async (account: string, nodeId = 'Call') =>
      (await t.call('retryServiceCall', { token: await f.as(account), body: { instId, nodeId } })).body;
    expect(await retry('hanxu')).toMatchObject({ state: false, code: 409 });
    await runJobs();
    await runJobsLater(1);
    await runJobsLater(10);
    expect(await retry('hanxu', 'Nowhere')).toMatchObject({ state: false, code: 404 });
    expect(await retry('hanxu', 'Check')).toMatchObject({ code: 400, message: '节点 核对 不是服务节点' });
    await t.call('hangUpInstance', { token: await f.as('hanxu'), query: { instId } });
    expect(await retry('hanxu')).toMatchObject({ code: 409, message: '流程已挂起，暂不能处理' });
    await t.call('cancelHangUpInstance', { token: await f.as('hanxu'), query: { instId } });
    expect(await retry('linxue')).toMatchObject({ state: false, code: 404 });
    await t.call('doEndProcess', { token: await f.as('hanxu'), body: { instId } });
    expect(await retry('admin')).toMatchObject({ state: false, code: 409, message: '流程已结束' });
  });

  it('an HTTP call is made with no transaction open: a service that hangs holds nothing up', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => {};
    const calling = new Promise<void>((resolve) => (arrived = resolve));
    const hanging = createServer((_request, response) => {
      arrived();
      void released.then(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      await serviceFlow('svc_hanging', {
        kind: 'http',
        method: 'POST',
        url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow`,
      });
      const instId = await f.start('hanxu', 'svc_hanging', {});
      const running = runJobs();
      await calling;
      expect(await openTransactions()).toBe(0);
      release();
      await running;
      expect((await nodeState(instId, 'Call')).serviceStatus).toBe(SERVICE_TASK_STATUS.succeeded);
    } finally {
      release();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('an expression that fails at run time fails the task visibly and runs nothing', async () => {
    const instId = await f.start('hanxu', 'svc_bad', {});
    await runJobs();
    expect((await nodeState(instId, 'Call')).serviceStatus).toBe(SERVICE_TASK_STATUS.failed);
    expect((await f.instance(instId)).status).toBe('running');
  });
});

describe('notify types of a node', () => {
  beforeAll(async () => {
    await f.deploy({
      bpmnXml: testBpmn(
        'mail_notice',
        '邮件通知',
        [
          { id: 'Start', kind: 'start' },
          { id: 'Check', kind: 'userTask', name: '核对' },
          { id: 'Review', kind: 'userTask', name: '复核' },
          { id: 'End', kind: 'end' },
        ],
        [
          ['Start', 'Check'],
          ['Check', 'Review'],
          ['Review', 'End'],
        ],
      ),
      settings: {
        nodes: {
          Check: { candidates: [{ type: 'user', ids: ['hanxu'] }], notifyTypes: ['mail'] },
          Review: { candidates: [{ type: 'initiator' }] },
        },
      },
    });
  });

  it('mail: the candidates get a mail with a link to the task, and no inner message; other nodes keep the inner message', async () => {
    mailbox.length = 0;
    const instId = await f.start('guoming', 'mail_notice', {}, { subject: '办公桌采购' });
    const messagesOf = async (account: string) =>
      t.database.db
        .select()
        .from(innerMessages)
        .where(
          and(eq(innerMessages.receiverId, await f.userId(account)), eq(innerMessages.subject, '办公桌采购')),
        );
    expect(await messagesOf('hanxu')).toHaveLength(0);
    // sent by a job, after the start committed
    expect(mailbox).toHaveLength(0);
    await runJobs();
    expect(mailbox).toHaveLength(1);
    const [mail] = mailbox;
    expect(mail!.to).toMatchObject({ value: [{ address: 'hanxu@platform.example.com' }] });
    expect(mail!.subject).toBe('【待办】办公桌采购');
    const taskId = await f.taskOf('hanxu', instId);
    expect(mail!.text).toContain('核对');
    expect(mail!.text).toContain(`https://portal.example.com/eipFront${approvalLink(instId, taskId)}`);

    await f.handleOk('hanxu', instId, 'agree');
    expect((await messagesOf('guoming')).map((m) => m.content)).toEqual(['复核']);
    await runJobs();
    expect(mailbox).toHaveLength(1);

    // where no mail can go (here: no mail server), a mail-only node leaves the inner message instead
    const unmailed = await f.start('guoming', 'mail_notice', {}, { subject: '无邮件服务器' });
    await runDueJobs(t.database.db, bpmJobHandlers({ mailer: null, publicUrl: '' }));
    const [fallback] = await t.database.db
      .select()
      .from(innerMessages)
      .where(
        and(eq(innerMessages.receiverId, await f.userId('hanxu')), eq(innerMessages.subject, '无邮件服务器')),
      );
    expect(fallback).toMatchObject({
      content: '核对',
      link: approvalLink(unmailed, await f.taskOf('hanxu', unmailed)),
    });
    expect(mailbox).toHaveLength(1);
  });

  it('a mail goes out with no transaction open: a mail server that hangs holds nothing up', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => {};
    const sending = new Promise<void>((resolve) => (arrived = resolve));
    const hanging = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        stream.resume();
        stream.on('end', () => {
          arrived();
          void released.then(() => done());
        });
      },
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const port = (hanging.server.address() as AddressInfo).port;
      const slowMail = bpmJobHandlers({
        mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'EIP <eip@example.com>' }),
        publicUrl: 'https://portal.example.com',
      });
      await f.start('guoming', 'mail_notice', {}, { subject: '慢邮件' });
      const running = runDueJobs(t.database.db, slowMail);
      await sending;
      expect(await openTransactions()).toBe(0);
      // the job is leased to the runner sending it: another runner finds nothing to do
      expect(await runDueJobs(t.database.db, slowMail)).toBe(0);
      release();
      await running;
      const [job] = await t.database.db
        .select()
        .from(scheduledJobs)
        .where(eq(scheduledJobs.kind, 'notify.mail'))
        .orderBy(desc(scheduledJobs.createdAt))
        .limit(1);
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      release();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});

describe('call activities', () => {
  it('the purchase waits for its contract review; the child’s end lets the parent go on', async () => {
    const instId = await f.start('xiena', 'purchase', { item: '投影仪', amount: 8000, supplier: '示例' });
    await f.handleOk('zhengkai', instId, 'agree');
    const children = JSON.parse(
      (
        await t.call('getSubInstanceList', {
          token: await f.as('xiena'),
          query: { parentInstId: instId, nodeId: 'ContractReview' },
        })
      ).body.value,
    ) as { id: string; status: string; procDefKey: string }[];
    expect(children).toEqual([expect.objectContaining({ status: 'running', procDefKey: 'contract_review' })]);
    const child = children[0]!.id;
    expect((await f.instance(child)).data).toEqual({ contractAmount: 8000, party: '示例' });
    const subDef = (
      await t.call('getSubDefId', {
        token: await f.as('xiena'),
        query: { parentInstId: instId, nodeId: 'ContractReview' },
      })
    ).body.value;
    expect(subDef).toBe((await f.instance(child)).defId);
    expect(
      (await t.call('instanceFlowImage', { token: await f.as('xiena'), query: { instId } })).body.value
        .nodeStatusMap.ContractReview,
    ).toBe('current');
    await f.handleOk('wuxia', child, 'agree', { data: { legalComment: '条款无误' } });
    expect((await f.instance(child)).status).toBe('end');
    expect(await f.todoOf('xuhui', instId)).toHaveLength(1);
    const derived = await nodeState(instId, 'ContractReview');
    expect(derived.groupNode).toBe(true);
    expect(derived.data.map((o) => o.status)).toContain('agree');
    const inner = (
      await t.call('getNodeOpinions', {
        token: await f.as('admin'),
        query: { instId, nodeIds: 'Procurement', isDerive: 'true' },
      })
    ).body.value.Procurement!;
    expect(inner).toMatchObject({ groupNode: true, hasOpinion: true });
    await f.handleOk('xuhui', instId, 'agree', { data: { orderNo: 'PO-1' } });
    await f.handleOk('wuxia', instId, 'agree');
    expect((await f.instance(instId)).status).toBe('end');
    const image = (await t.call('instanceFlowImage', { token: await f.as('xiena'), query: { instId } })).body
      .value;
    expect(image.nodeStatusMap).toMatchObject({
      ContractReview: 'done',
      Buyer: 'done',
      Receipt: 'done',
      End: 'notStarted',
    });
  });

  it('terminating the parent ends the running child too', async () => {
    const instId = await f.start('xiena', 'purchase', { item: '打印机', amount: 3000 });
    await f.handleOk('zhengkai', instId, 'agree');
    const [child] = JSON.parse(
      (
        await t.call('getSubInstanceList', {
          token: await f.as('xiena'),
          query: { parentInstId: instId, nodeId: 'ContractReview' },
        })
      ).body.value,
    ) as { id: string }[];
    await t.call('doEndProcess', { token: await f.as('xiena'), body: { instId } });
    expect((await f.instance(child!.id)).status).toBe('manualend');
    expect(await f.todoOf('wuxia', child!.id)).toHaveLength(0);
  });
});

describe('timers and conditions', () => {
  it('a due reminder fires once, after the due time, while the task is still open', async () => {
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '提醒' });
    const [task] = await f.todoOf('linxue', instId);
    const dueReminders = async () =>
      (
        await t.database.db
          .select()
          .from(innerMessages)
          .where(
            and(eq(innerMessages.type, 'due'), eq(innerMessages.link, approvalLink(instId, task!.taskId))),
          )
      ).length;
    const before = await dueReminders();
    await runJobs();
    expect(await dueReminders()).toBe(before);
    await runJobsLater(60 * 24 * 4);
    expect(await dueReminders()).toBe(before + 1);
    await runJobsLater(60 * 24 * 4);
    expect(await dueReminders()).toBe(before + 1);
  });

  it('two runners never run one job twice', async () => {
    for (const reason of ['并发一', '并发二', '并发三'])
      await f.start('guoming', 'leave_request', { days: 1, reason });
    const at = new Date(Date.now() + 4 * 24 * 3600_000);
    const due = (
      await t.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.status, 'pending'))
    ).filter((job) => job.runAt <= at);
    expect(due.length).toBeGreaterThanOrEqual(3);
    const doneBefore = new Set(
      (await t.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.status, 'done'))).map(
        (job) => job.id,
      ),
    );
    const [a, b] = await Promise.all([runJobs(at), runJobs(at)]);
    // the due reminders schedule mail of their own (the leader's node mails too), run in the same rounds
    const ranNow = (await t.database.db.select().from(scheduledJobs)).filter(
      (job) => job.status === 'done' && !doneBefore.has(job.id),
    );
    expect(a + b).toBe(ranNow.length);
    expect(ranNow.map((job) => job.id)).toEqual(expect.arrayContaining(due.map((job) => job.id)));
    for (const job of ranNow) expect(job.attempts).toBe(1);
  });
});
