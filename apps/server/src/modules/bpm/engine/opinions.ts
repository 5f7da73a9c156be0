import type { OpinionStatus } from '@eip/contracts/flow';
import type { FlowNode } from '../../../flow/model.js';
import { attachOwnFiles } from '../../portal/file.service.js';
import { INSTANCE_FILES } from '../instance-files.js';
import * as repo from '../runtime.repository.js';
import { cancelTasks, readonlyLink } from './tasks.js';
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
  /** whom `by` acted for (a secretary starting for a leader) */
  principal: Person | null = null,
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
    principalId: principal?.id ?? null,
    principalName: principal?.name ?? null,
    handledNow: true,
    durMs: 0,
  });
}

/**
 * Closes a task as handled by the acting person: the task is done, its waiting opinion gets the status,
 * opinion text and attachments, the people following the node hear of it, and the questions its
 * handler asked that are still open end with it. With `leave`, its token is taken too (the caller
 * then moves on with `leaveNode`) and the answer is the node the token was to return to, if any;
 * without, the answer is always null.
 */
export async function finishTask(
  run: Run,
  task: repo.TaskRow,
  status: OpinionStatus,
  acting: Acting,
  input: { opinion?: string; files?: OpinionFile[] } = {},
  { leave = false }: { leave?: boolean } = {},
): Promise<{ returnToNodeId: string | null }> {
  if (input.files?.length) {
    await attachOwnFiles(
      run.tx,
      run.tenantId,
      run.actor.id,
      { type: INSTANCE_FILES, id: run.instance.id },
      input.files.map((f) => f.response.fileId),
    );
  }
  const { followers, asked, returnToNodeId } = await repo.closeHandledTask(
    run.tx,
    task,
    run.actor,
    {
      status,
      opinion: input.opinion?.trim() || null,
      files: input.files ?? [],
      principalId: acting.principal?.id ?? null,
      principalName: acting.principal?.name ?? null,
    },
    { takeToken: leave },
  );
  await repo.insertMessages(
    run.tx,
    followers
      .filter((id) => id !== run.actor.id)
      .map((receiverId) => ({
        tenantId: run.tenantId,
        receiverId,
        subject: run.instance.subject,
        content: task.name,
        link: readonlyLink(run.instance.id),
        type: 'follow',
      })),
  );
  if (asked) await cancelTasks(run, await repo.openChildTasks(run.tx, run.tenantId, [task.id]));
  return { returnToNodeId };
}
