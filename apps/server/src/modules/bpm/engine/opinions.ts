import type { OpinionStatus } from '@eip/contracts/flow';
import type { FlowNode } from '../../../flow/model.js';
import { requireOwnFiles } from '../../portal/file.service.js';
import * as repo from '../runtime.repository.js';
import { readonlyLink } from './tasks.js';
import { nodeName, type Person, type Run } from './run.js';

/** An attachment of an opinion: [{name, response: {fileId, fileName}}] (spec §3). */
export interface OpinionFile {
  name: string;
  response: { fileId: string; fileName: string };
}

/** How a person acted: themselves, as an agent for the principal, or as a secretary for a leader. */
export interface Acting {
  via: 'self' | 'agent' | 'secretary';
  principal: Person | null;
}

/** Records an opinion that belongs to no task (a submit, a countersign result, a withdrawal), handled now. */
export async function recordNodeOpinion(
  run: Run,
  node: FlowNode,
  status: OpinionStatus,
  by: Person | null,
  opinion?: string,
  taskId: string | null = null,
) {
  await repo.insertOpinion(run.tx, {
    tenantId: run.tenantId,
    instanceId: run.instance.id,
    taskId,
    nodeId: node.id,
    taskName: nodeName(node),
    status,
    auditorId: by?.id ?? null,
    auditorName: by?.name ?? null,
    qualfieds: [],
    opinion: opinion?.trim() || null,
    handledNow: true,
    durMs: 0,
  });
}

/**
 * Closes a task as handled by the acting person: the task is done, its waiting opinion gets the status,
 * opinion text and attachments, and the people following the node hear of it.
 */
export async function finishTask(
  run: Run,
  task: repo.TaskRow,
  status: OpinionStatus,
  acting: Acting,
  input: { opinion?: string; files?: OpinionFile[] } = {},
) {
  if (input.files?.length) {
    await requireOwnFiles(
      run.tx,
      run.tenantId,
      run.actor.id,
      input.files.map((f) => f.response.fileId),
    );
  }
  await repo.closeTasks(run.tx, run.tenantId, [task.id], {
    status: 'done',
    completedBy: run.actor.id,
    completedByName: run.actor.name,
    action: status,
  });
  await repo.completeOpinion(run.tx, run.tenantId, task.id, {
    status,
    auditorId: run.actor.id,
    auditorName: run.actor.name,
    opinion: input.opinion?.trim() || null,
    files: input.files ?? [],
    principalId: acting.principal?.id ?? null,
    principalName: acting.principal?.name ?? null,
  });
  const followers = (await repo.followersOf(run.tx, run.tenantId, run.instance.id, task.nodeId)).filter(
    (id) => id !== run.actor.id,
  );
  await repo.insertMessages(
    run.tx,
    followers.map((receiverId) => ({
      tenantId: run.tenantId,
      receiverId,
      subject: run.instance.subject,
      content: task.name,
      link: readonlyLink(run.instance.id),
      type: 'follow',
    })),
  );
}
