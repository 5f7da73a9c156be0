import { REJECT_MODES, type RejectMode } from '@eip/contracts/flow';
import { AppError } from '../../../errors.js';
import { rejectTargets, requireNode } from '../../../flow/graph.js';
import type { FlowNode } from '../../../flow/model.js';
import { findUserById } from '../../uc/user.repository.js';
import * as repo from '../runtime.repository.js';
import { enterUserTask } from './advance.js';
import { clearTokens, tokensAfter } from './clear.js';
import { finishTask, type Acting, type OpinionFile } from './opinions.js';
import { nodeName, nodeSettings, patchInstance, startNodeOf, type Run } from './run.js';

/** Where a task may be sent back: the modes its node's reject button allows, and the earlier nodes. */
export interface RejectChoices {
  modes: RejectMode[];
  /** earlier nodes that were handled in this instance, most recently handled first */
  nodes: FlowNode[];
}

export async function rejectChoices(run: Run, task: repo.TaskRow): Promise<RejectChoices> {
  const buttons = nodeSettings(run, task.nodeId)?.buttons;
  const modes: RejectMode[] = buttons
    ? [
        ...new Set(
          buttons.flatMap((b): RejectMode[] =>
            b.alias === 'reject'
              ? (b.rejectModes ?? ['reject', 'backToStart'])
              : b.alias === 'backToStart'
                ? ['backToStart']
                : [],
          ),
        ),
      ]
    : [...REJECT_MODES];
  const allowed = new Map(rejectTargets(run.def.model, task.nodeId).map((n) => [n.id, n]));
  const handled = await repo.handledNodes(run.tx, run.tenantId, run.instance.id);
  const nodes = handled.flatMap((id) => (allowed.has(id) ? [allowed.get(id)!] : []));
  return { modes, nodes };
}

/** The node a send-back goes to, checked against the node's reject modes. */
function targetOf(
  run: Run,
  choices: RejectChoices,
  input: { actionName: 'reject' | 'backToStart'; destination?: string },
): FlowNode {
  const start = startNodeOf(run);
  const refuse = () => new AppError(400, 'flow.badRejectTarget', { node: input.destination ?? start.id });
  if (input.actionName === 'backToStart' || input.destination === start.id) {
    if (!choices.modes.includes('backToStart')) throw refuse();
    return start;
  }
  const previous = choices.nodes[0];
  if (!input.destination) {
    if (previous && choices.modes.some((m) => m === 'rejectPre' || m === 'reject')) return previous;
    if (choices.modes.includes('backToStart')) return start;
    throw refuse();
  }
  const chosen = choices.nodes.find((n) => n.id === input.destination);
  const allowed =
    chosen &&
    (choices.modes.includes('reject') || (choices.modes.includes('rejectPre') && chosen.id === previous?.id));
  if (!allowed) throw refuse();
  return chosen;
}

/**
 * Reject (to an earlier node) or back to the initiator: the task is closed with the opinion, the work
 * that came through the target ends (a countersign round with it; a sibling parallel branch keeps its
 * own), and the target is handled again. With direct return the resubmission comes straight back here.
 */
export async function sendBackFromTask(
  run: Run,
  task: repo.TaskRow,
  acting: Acting,
  input: {
    actionName: 'reject' | 'backToStart';
    destination?: string;
    backHandMode?: 'direct' | 'normal';
    opinion?: string;
    files?: OpinionFile[];
  },
) {
  const node = requireNode(run.def.model, task.nodeId);
  const target = targetOf(run, await rejectChoices(run, task), input);
  await finishTask(run, task, target.type === 'START' ? 'backToStart' : 'back', acting, input);
  await sendBack(run, target, await tokensAfter(run, target.id, task.tokenId), {
    returnToNodeId: input.backHandMode === 'direct' ? node.id : null,
  });
}

/**
 * Sends the instance back to an earlier node after clearing `tokens`. The start goes to the initiator;
 * a task node to who handled it last (a countersign is voted again by all its voters).
 */
export async function sendBack(
  run: Run,
  target: FlowNode,
  tokens: readonly repo.TokenRow[],
  options: { returnToNodeId: string | null },
) {
  await clearTokens(run, tokens);
  await patchInstance(run, { status: target.type === 'START' ? 'backToStart' : 'back' });
  const lastHandler =
    target.type === 'START'
      ? run.instance.initiatorId
      : target.type === 'USERTASK'
        ? (await repo.lastHandlerOf(run.tx, run.tenantId, run.instance.id, target.id))?.userId
        : undefined;
  const user = lastHandler ? await findUserById(run.tx, run.tenantId, lastHandler) : undefined;
  await enterUserTask(run, target, {
    returnToNodeId: options.returnToNodeId,
    ...(user ? { onlyUser: { id: user.id, name: user.fullname } } : {}),
  });
}

export const describeNode = (node: FlowNode) => ({
  nodeId: node.id,
  name: nodeName(node),
  nodeType: node.type,
});
