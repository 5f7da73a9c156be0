import type { JobHandlers } from '../../jobs/runner.js';
import { runServiceCall, serviceCallFailed } from './engine/service-task.js';
import { approvalLink } from './engine/tasks.js';
import * as repo from './runtime.repository.js';
import { findUrgent } from './urgent.repository.js';

/** Tells the candidates of open tasks about them again (a due time passed, an urging repeated). */
async function remind(
  tx: Parameters<JobHandlers['task.due']['run']>[0],
  tenantId: string,
  tasks: repo.TaskRow[],
  type: 'due' | 'urgent',
  content: (task: repo.TaskRow) => string,
) {
  for (const task of tasks) {
    const candidates = await repo.candidatesOfTask(tx, tenantId, task.id);
    await repo.insertMessages(
      tx,
      candidates.map((c) => ({
        tenantId,
        receiverId: c.userId,
        subject: task.subject,
        content: content(task),
        link: approvalLink(task.instanceId, task.id),
        type,
      })),
    );
  }
}

/** The workflow's timers: due reminders, repeated urgings, and service-task calls. */
export const bpmJobHandlers: JobHandlers = {
  'task.due': {
    async run(tx, job) {
      const task = await repo.findTask(tx, job.tenantId, job.payload.taskId);
      // a delay moved the due time after this job's time: the job scheduled with it reminds then
      if (!task || task.status !== 'pending' || !task.dueAt || task.dueAt > job.runAt) return;
      await remind(tx, job.tenantId, [task], 'due', (t) => t.name);
    },
  },
  'urgent.remind': {
    async run(tx, job) {
      const urgent = await findUrgent(tx, job.tenantId, job.payload.urgentId);
      if (!urgent) return;
      const open = (await repo.openTasksOf(tx, job.tenantId, job.payload.instanceId)).filter(
        (t) => t.status === 'pending' && t.urgentStateValue,
      );
      await remind(tx, job.tenantId, open, 'urgent', (t) => urgent.opinion ?? t.name);
    },
  },
  'service.call': {
    run: (tx, job) => runServiceCall(tx, job.tenantId, job.payload.serviceCallId),
    failed: (tx, job, error, final) =>
      serviceCallFailed(tx, job.tenantId, job.payload.serviceCallId, error, final),
  },
};
