import type { CompleteAction } from '@eip/contracts/flow';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { requireNode } from '../../../flow/graph.js';
import type { FlowNode } from '../../../flow/model.js';
import type { AuthContext } from '../../../security/tokens.js';
import * as repo from '../runtime.repository.js';
import { answerAsked } from './ask.js';
import { activeQueue, checkNodeUsers, continueFrom, endInstance, leaveNode } from './advance.js';
import { openTask, requireTaskType } from './authority.js';
import { clearAllWork } from './clear.js';
import { countersignOutcome } from './countersign.js';
import { takeSignatures } from '../../sign/signature-field.js';
import { changedFields, formAt, formOf, submitData, type FormData } from './forms.js';
import { finishTask, recordNodeOpinion, type Acting, type OpinionFile } from './opinions.js';
import { nodeSettings, patchInstance, startNodeOf, type Run } from './run.js';
import { sendBack, sendBackFromTask } from './send-back.js';
import { cancelTasks, createTasks } from './tasks.js';

export interface CompleteInput {
  taskId: string;
  actionName: CompleteAction;
  opinion?: string;
  data?: FormData;
  files?: OpinionFile[];
  /** handlers picked for nodes ahead that let the handler pick them */
  nodeUsers?: Record<string, string[]>;
  destination?: string;
  backHandMode?: 'direct' | 'normal';
  /** a secretary acting for this leader */
  agentLeaderId?: string;
}

/**
 * Takes the handler's form changes by the node's field permissions and stores them; signature fields go
 * through their own rules first (a `b` one must hold the handler's signature when `requireSigned`).
 */
async function takeFormData(
  run: Run,
  node: FlowNode,
  task: repo.TaskRow,
  incoming: FormData | undefined,
  requireSigned: boolean,
) {
  const current = run.instance.data as FormData;
  const { form, permissions } = formAt(run.def, node, current);
  const context = {
    tenantId: run.tenantId,
    instanceId: run.instance.id,
    nodeId: node.id,
    taskId: task.id,
    formKey: form?.form.formKey ?? null,
    signer: run.actor,
  };
  const signed = await takeSignatures(
    run.tx,
    context,
    form?.form ?? null,
    current,
    incoming ?? {},
    permissions,
    requireSigned,
  );
  if (!incoming && Object.keys(signed.incoming).length === 0) return;
  const merged = submitData(current, signed.incoming, permissions, form);
  await patchInstance(run, { data: signed.seal(merged) });
}

/**
 * The initiator resubmits after a send-back or a withdrawal; the opinion keeps which fields they changed
 * (from `before`), which the next approvers are shown.
 */
async function resubmit(
  run: Run,
  task: repo.TaskRow,
  acting: Acting,
  input: CompleteInput,
  before: FormData,
) {
  const { returnToNodeId } = await finishTask(run, task, 'resubmit', acting, input, { leave: true });
  await repo.recordResubmittedChanges(
    run.tx,
    run.tenantId,
    task.id,
    changedFields(formOf(run.def, task.nodeId), before, run.instance.data as FormData),
  );
  await patchInstance(run, { status: 'running' });
  await leaveNode(run, startNodeOf(run), returnToNodeId);
}

/** A plain task is decided by one handler: agree or oppose, the opinion recording the stand. */
async function decide(run: Run, task: repo.TaskRow, node: FlowNode, acting: Acting, input: CompleteInput) {
  const { returnToNodeId } = await finishTask(
    run,
    task,
    input.actionName as 'agree' | 'oppose',
    acting,
    input,
    {
      leave: true,
    },
  );
  await leaveNode(run, node, returnToNodeId);
}

/**
 * A countersign vote (spec §4): counted by the node's rule. While undecided a sequential countersign
 * asks its next voter; once decided the unvoted tasks end, the result is recorded (and kept in
 * `vars.countersign.<nodeId>` for gateways), and the instance goes on, back to the initiator, or ends.
 */
async function vote(run: Run, task: repo.TaskRow, node: FlowNode, acting: Acting, input: CompleteInput) {
  await finishTask(run, task, input.actionName as 'agree' | 'oppose' | 'abandon', acting, input);
  const token = await repo.findToken(run.tx, run.tenantId, task.tokenId);
  const queued = await activeQueue(run, token);
  const batch = await repo.batchTasks(run.tx, run.tenantId, task.signBatch!);
  const rule = nodeSettings(run, node.id)?.countersign;
  const votes = batch.filter((t) => t.status === 'done').map((t) => t.action ?? '');
  const outcome = countersignOutcome(rule, votes, batch.length + queued.length);
  if (outcome === 'open') {
    const [next, ...rest] = queued;
    if (next && !batch.some((t) => t.status === 'pending')) {
      await repo.setTokenSequence(
        run.tx,
        run.tenantId,
        task.tokenId,
        rest.map((p) => p.id),
      );
      await createTasks(run, [
        { node, tokenId: task.tokenId, people: [next], signBatch: task.signBatch, assigneeId: next.id },
      ]);
    }
    return;
  }
  await cancelTasks(
    run,
    batch.filter((t) => t.status === 'pending' || t.status === 'waiting'),
  );
  await recordNodeOpinion(run, node, outcome === 'pass' ? 'sign_pass' : 'sign_no_pass', null);
  const vars = run.instance.vars as Record<string, unknown>;
  const results = (vars.countersign as Record<string, string> | undefined) ?? {};
  await patchInstance(run, { vars: { ...vars, countersign: { ...results, [node.id]: outcome } } });
  if (outcome === 'pass') {
    await continueFrom(run, node, task.tokenId);
  } else if (rule?.onFail === 'end') {
    await clearAllWork(run);
    await endInstance(run, 'end');
  } else {
    await sendBack(run, startNodeOf(run), await repo.tokensOf(run.tx, run.tenantId, run.instance.id), {
      returnToNodeId: null,
    });
  }
}

/**
 * Handles a task through task/v1/complete: agree / oppose / abandon (a vote in a countersign, a decision
 * otherwise, a resubmission at the start), agreeTrans / opposeTrans (an answer to a transfer), or a
 * send-back. One transaction that locks the instance first: a task handled twice answers 409.
 */
export async function completeTask(db: Db, auth: AuthContext, input: CompleteInput) {
  return db.transaction(async (tx) => {
    const { task, run, acting } = await openTask(tx, auth, input.taskId, input.actionName, {
      leaderId: input.agentLeaderId,
    });
    checkNodeUsers(run, input.nodeUsers);
    run.originTaskId = task.id;
    const node = requireNode(run.def.model, task.nodeId);
    const before = run.instance.data as FormData;
    switch (input.actionName) {
      case 'agreeTrans':
      case 'opposeTrans':
        requireTaskType(task, ['TRANSFORMING']);
        await answerAsked(run, task, acting, input.actionName, input);
        break;
      case 'reject':
      case 'backToStart':
        requireTaskType(task, ['NORMAL', 'DELIVERTO']);
        await takeFormData(run, node, task, input.data, false);
        await sendBackFromTask(run, task, acting, { ...input, actionName: input.actionName });
        break;
      default:
        requireTaskType(task, ['NORMAL', 'DELIVERTO']);
        if (input.actionName === 'abandon' && !task.signBatch)
          throw new AppError(400, 'flow.abandonOnlyInCountersign');
        await takeFormData(run, node, task, input.data, input.actionName !== 'abandon');
        if (node.type === 'START') await resubmit(run, task, acting, input, before);
        else if (task.signBatch) await vote(run, task, node, acting, input);
        else await decide(run, task, node, acting, input);
    }
    return { instId: run.instance.id };
  });
}
