import { DEFAULT_LANGUAGE } from '@eip/contracts/codes';
import type { Db, Executor } from '../../db/client.js';
import type { JsonValue } from '../../flow/conditions.js';
import type { JobHandlers } from '../../jobs/runner.js';
import type { JobPayloads } from '../../jobs/queue.js';
import { SPA_BASE } from '../../http/spa.js';
import { translate } from '../../i18n/messages.js';
import type { Mailer } from '../../mail/mailer.js';
import { settingsOf } from '../../flow/settings-schema.js';
import { findUserById } from '../uc/user.repository.js';
import { loadDefinition } from './definitions.js';
import { notify } from './engine/notify.js';
import { makeServiceCall, serviceCallFailed, storeServiceResult } from './engine/service-task.js';
import { approvalLink } from './engine/tasks.js';
import * as repo from './runtime.repository.js';
import { findUrgent } from './urgent.repository.js';

/**
 * Tells the candidates of an instance's open tasks about them again (a due time passed, an urging
 * repeated), as each task's node says; the instance and its definition are read once.
 */
async function remind(
  tx: Executor,
  tenantId: string,
  instanceId: string,
  tasks: repo.TaskRow[],
  type: 'due' | 'urgent',
  content: (task: repo.TaskRow) => string,
) {
  const instance = await repo.findInstance(tx, tenantId, instanceId);
  if (!instance) return;
  const def = await loadDefinition(tx, tenantId, instance.defId);
  for (const task of tasks) {
    const candidates = await repo.candidatesOfTask(tx, tenantId, task.id);
    await notify(
      tx,
      tenantId,
      settingsOf(def.settings, task.nodeId)?.notifyTypes,
      candidates.map((c) => ({
        receiverId: c.userId,
        subject: task.subject,
        content: content(task),
        link: approvalLink(task.instanceId, task.id),
        type,
      })),
    );
  }
}

/** Where notification mail goes out, and the portal's address its links start with. */
export interface MailDelivery {
  mailer: Mailer | null;
  publicUrl: string;
}

/**
 * Mails one notification to its active receiver, outside any transaction (see JobHandler.outside); a
 * failed send throws, so the job is retried. Answers whether the mail went, or why not. Mail is in the
 * portal's default language: the server does not know each receiver's.
 */
async function sendMail(
  db: Db,
  tenantId: string,
  { message }: JobPayloads['notify.mail'],
  delivery: MailDelivery,
): Promise<'sent' | 'unsent' | 'inactive'> {
  const receiver = await findUserById(db, tenantId, message.receiverId);
  if (!receiver || receiver.status !== 1) return 'inactive';
  if (!delivery.mailer || !receiver.email) return 'unsent';
  const lang = DEFAULT_LANGUAGE;
  await delivery.mailer.send({
    to: receiver.email,
    subject: translate(lang, `mail.subject.${message.type}`, { subject: message.subject }),
    text: translate(lang, 'mail.body', {
      name: receiver.fullname,
      content: message.content,
      url: `${delivery.publicUrl}${SPA_BASE}${message.link}`,
    }),
  });
  return 'sent';
}

/**
 * A mail that does not go (no mail server configured, no address, every attempt failed): the inner
 * message instead, when the node notifies by mail only.
 */
async function unsentMail(tx: Executor, tenantId: string, payload: JobPayloads['notify.mail']) {
  if (payload.innerIfUnsent) await repo.insertMessages(tx, [{ tenantId, ...payload.message }]);
}

/**
 * The workflow's jobs: due reminders, repeated urgings, notification mail and service-task calls (the
 * last two talk to other servers outside any transaction).
 */
export const bpmJobHandlers = (delivery: MailDelivery): JobHandlers => ({
  'task.due': {
    async run(tx, job) {
      const task = await repo.findTask(tx, job.tenantId, job.payload.taskId);
      // a delay moved the due time after this job's time: the job scheduled with it reminds then
      if (!task || task.status !== 'pending' || !task.dueAt || task.dueAt > job.runAt) return;
      await remind(tx, job.tenantId, task.instanceId, [task], 'due', (t) => t.name);
    },
  },
  'urgent.remind': {
    async run(tx, job) {
      const urgent = await findUrgent(tx, job.tenantId, job.payload.urgentId);
      if (!urgent) return;
      const open = (await repo.openTasksOf(tx, job.tenantId, job.payload.instanceId)).filter(
        (t) => t.status === 'pending' && t.urgentStateValue,
      );
      await remind(tx, job.tenantId, job.payload.instanceId, open, 'urgent', (t) => urgent.opinion ?? t.name);
    },
  },
  'notify.mail': {
    outside: (db, job) => sendMail(db, job.tenantId, job.payload, delivery),
    run: async (tx, job, outcome) => {
      if (outcome === 'unsent') await unsentMail(tx, job.tenantId, job.payload);
    },
    failed: async (tx, job, _error, final) => {
      if (final) await unsentMail(tx, job.tenantId, job.payload);
    },
  },
  'service.call': {
    outside: (db, job) => makeServiceCall(db, job.tenantId, job.payload.serviceCallId),
    run: (tx, job, made) =>
      storeServiceResult(tx, job.tenantId, job.payload.serviceCallId, made as { result: JsonValue } | null),
    failed: (tx, job, error, final) =>
      serviceCallFailed(tx, job.tenantId, job.payload.serviceCallId, error, final),
  },
});
