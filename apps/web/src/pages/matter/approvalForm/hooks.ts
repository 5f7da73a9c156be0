import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import type { OpinionRow } from '../../../components/approval/types';
import { useSession } from '../../../stores/session';
import { approvalKeys, POLL_MS } from '../shared/queries';

/** The waiting task of `userId` among the opinions: one whose candidates name the user. */
export const waitingTaskOf = (opinions: readonly OpinionRow[], userId: string | undefined) =>
  opinions.find((o) => o.status === 'awaiting_check' && o.taskId && o.qualfieds.some((q) => q.id === userId))
    ?.taskId ?? undefined;

/** The latest task the user handled in the instance (what 拿回 takes back). */
export const handledTaskOf = (opinions: readonly OpinionRow[], userId: string | undefined) =>
  opinions.findLast((o) => o.taskId && o.auditor === userId && o.status !== 'awaiting_check')?.taskId ??
  undefined;

/**
 * Everything the approval form shows: the instance with its read-only form, its opinions, and — when the
 * user may handle a task of it (for a leader: `leaderId`) — the task's form, draft and buttons. `taskId`
 * may be absent (a message links the instance only): the user's waiting task is then found among the
 * opinions.
 */
export function useApproval(
  instId: string,
  givenTaskId: string | undefined,
  leaderId: string | undefined,
  readonly: boolean,
) {
  const userId = useSession((state) => state.user?.userId);
  const instance = useQuery({
    queryKey: approvalKeys.instance(instId, leaderId),
    queryFn: () => call('getInstFormAndBO', { query: { instId, leaderId }, silent: true }),
    enabled: Boolean(instId),
    refetchOnWindowFocus: true,
  });
  const opinions = useQuery({
    queryKey: approvalKeys.opinions(instId, leaderId),
    queryFn: () => call('instanceFlowOpinions', { query: { instId, leaderId }, silent: true }),
    enabled: Boolean(instId),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const taskId = readonly ? undefined : (givenTaskId ?? waitingTaskOf(opinions.data ?? [], userId));
  const task = useQuery({
    queryKey: approvalKeys.task(taskId ?? '', leaderId),
    queryFn: () => call('taskDetailBo', { query: { taskId: taskId!, leaderId }, silent: true }),
    enabled: Boolean(taskId),
    refetchOnWindowFocus: true,
  });
  const canAct = task.data?.canHandle === true;
  const buttons = useQuery({
    queryKey: approvalKeys.buttons(taskId ?? '', leaderId),
    queryFn: () => call('getButtonsBytaskId', { query: { taskId: taskId!, leaderId } }),
    enabled: canAct,
  });
  return {
    userId,
    /** The instance: from the task when the user handles one (a secretary sees only that), else its own. */
    summary: task.data?.instance ?? instance.data?.instance,
    /** Neither the instance nor a task of it can be shown to the user. */
    notFound: instance.isError && (!taskId || task.isError),
    instance,
    opinions,
    task,
    taskId: canAct ? taskId : undefined,
    /** A task was named or found but the user may not handle it (any more). */
    lostTask: Boolean(taskId) && (task.isError || task.data?.canHandle === false),
    buttons,
  };
}
