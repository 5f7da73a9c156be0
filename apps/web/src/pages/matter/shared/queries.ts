import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';

/** Lists and counts refresh this often and when the window gets focus, so others' actions show up (issue 5). */
export const POLL_MS = 30_000;

/** Per-resource query keys of the approval centre; `all` invalidates everything after a change. */
export const approvalKeys = {
  all: ['approval'] as const,
  list: (name: string, filter: unknown) => ['approval', 'list', name, filter] as const,
  count: (name: string) => ['approval', 'count', name] as const,
  definitions: ['approval', 'definitions'] as const,
  instance: (instId: string) => ['approval', 'instance', instId] as const,
  opinions: (instId: string) => ['approval', 'opinions', instId] as const,
  task: (taskId: string, leaderId: string | undefined) =>
    ['approval', 'task', taskId, leaderId ?? ''] as const,
  buttons: (taskId: string, leaderId: string | undefined) =>
    ['approval', 'buttons', taskId, leaderId ?? ''] as const,
  signUsers: (taskId: string) => ['approval', 'signUsers', taskId] as const,
  urgentLevels: ['approval', 'urgentLevels'] as const,
  lock: (taskId: string) => ['approval', 'lock', taskId] as const,
  nodeOpinion: (instId: string, nodeId: string) => ['approval', 'nodeOpinion', instId, nodeId] as const,
  rejectTargets: (taskId: string) => ['approval', 'rejectTargets', taskId] as const,
  isEnd: (taskId: string, data: unknown) => ['approval', 'isEnd', taskId, data] as const,
  flowImage: (instId: string | undefined, defId: string | undefined) =>
    ['approval', 'flowImage', instId ?? '', defId ?? ''] as const,
};

/** Every flow definition's main version, with its flow type's name (the lists' flow type condition). */
export const useDefinitions = () =>
  useQuery({
    queryKey: approvalKeys.definitions,
    queryFn: () => call('queryDefinitions', { body: { pageBean: { page: 1, pageSize: 1000 } } }),
    staleTime: 5 * 60_000,
  });

/** The flow types of the definitions, each with its name and flow keys, in first-seen order. */
export function flowTypesOf(
  definitions: readonly { defKey: string; flowType: string | null; flowTypeName: string | null }[],
): { type: string; name: string; keys: string[] }[] {
  const types = new Map<string, { name: string; keys: string[] }>();
  for (const def of definitions) {
    if (!def.flowType) continue;
    const known = types.get(def.flowType);
    types.set(def.flowType, {
      name: known?.name ?? def.flowTypeName ?? def.flowType,
      keys: [...(known?.keys ?? []), def.defKey],
    });
  }
  return [...types].map(([type, { name, keys }]) => ({ type, name, keys }));
}
