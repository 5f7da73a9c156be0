import { ANSWER_BUTTONS, LEADER_ACTING_BUTTONS, type CompleteAction } from '@eip/contracts/flow';
import { requireNode } from '../../../flow/graph.js';
import { settingsOf } from '../../../flow/settings-schema.js';
import type { LoadedDefinition } from '../definitions.js';
import type { TaskRow } from '../runtime.repository.js';
import type { Acting } from './opinions.js';

/** A button as a node offers it: its alias, and the name the node gives it. */
export interface OfferedButton {
  alias: string;
  name?: string;
}

/** The buttons a plain task offers when its node configures none. */
const DEFAULT_BUTTONS = [
  'agree',
  'oppose',
  'reject',
  'addSign',
  'delegate',
  'startCommu',
  'inqu',
  'saveDraft',
  'flowImage',
  'approvalHistory',
  'print',
] as const;

const START_BUTTONS = ['startFlow', 'saveDraft', 'endProcess'] as const;

const withAliases = (aliases: readonly string[]) => aliases.map((alias) => ({ alias }));

/**
 * What a task offers the one acting on it: an asked person their answer; the start node resubmission;
 * other nodes their configured buttons (or the defaults), a countersign vote also abstention, a shared
 * task its lock; acting for a leader leaves agree, reject and lock. getButtonsBytaskId shows exactly
 * this, and every operation on the task needs one of its buttons here (openTask).
 */
export function offeredButtons(
  def: LoadedDefinition,
  task: TaskRow,
  acting: Acting,
  shared: boolean,
): OfferedButton[] {
  let buttons: OfferedButton[];
  if (task.type in ANSWER_BUTTONS) {
    buttons = withAliases(ANSWER_BUTTONS[task.type as keyof typeof ANSWER_BUTTONS]);
  } else if (requireNode(def.model, task.nodeId).type === 'START') {
    buttons = withAliases(START_BUTTONS);
  } else {
    buttons = settingsOf(def.settings, task.nodeId)?.buttons ?? withAliases(DEFAULT_BUTTONS);
    if (task.signBatch && !buttons.some((b) => b.alias === 'abandon'))
      buttons = [...buttons, { alias: 'abandon' }];
    if (shared && !buttons.some((b) => b.alias === 'lockUnlock'))
      buttons = [...buttons, { alias: 'lockUnlock' }];
  }
  if (acting.via === 'secretary') {
    buttons = buttons.filter((b) => (LEADER_ACTING_BUTTONS as readonly string[]).includes(b.alias));
  }
  return buttons;
}

/** Every operation on a task, each offered by one of its buttons (see `buttonsFor`). */
export type TaskOperation =
  | CompleteAction
  | 'saveDraft'
  | 'delegate'
  | 'transfer'
  | 'communicate'
  | 'inquire'
  | 'addSign'
  | 'commuFeedback'
  | 'inquReply'
  | 'addSignFeedback'
  | 'lockUnlock'
  | 'delay'
  | 'terminate';

/** The buttons of which a task must offer one for an operation on it. */
export function buttonsFor(operation: TaskOperation, task: TaskRow): readonly string[] {
  switch (operation) {
    case 'agree':
      return task.nodeType === 'START' ? ['startFlow'] : ['agree'];
    case 'backToStart':
      return ['reject', 'backToStart'];
    case 'transfer':
      return ['instanceTrans', 'startTrans'];
    case 'communicate':
      return ['commu', 'startCommu'];
    case 'inquire':
      return ['inqu'];
    case 'addSign':
      return ['addSign', 'signLine', 'signSequence'];
    case 'delay':
      return ['taskDelay'];
    case 'terminate':
      return ['endProcess'];
    default:
      return [operation];
  }
}
