import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';

/** Lists and counts refresh this often and when the window gets focus, so others' actions show up (issue 5). */
export const POLL_MS = 30_000;

/**
 * Per-resource query keys of the approval centre; `all` invalidates everything after a change. Every read a
 * secretary makes for her leader keys on the leader's id too (`leaderId`): what she may see as herself and as
 * his secretary differs, so the two never share a cached answer.
 */
export const approvalKeys = {
  all: ['approval'] as const,
  list: (name: string, filter: unknown) => ['approval', 'list', name, filter] as const,
  count: (name: string) => ['approval', 'count', name] as const,
  definitions: ['approval', 'definitions'] as const,
  instance: (instId: string, leaderId: string | undefined) =>
    ['approval', 'instance', instId, leaderId ?? ''] as const,
  opinions: (instId: string, leaderId: string | undefined) =>
    ['approval', 'opinions', instId, leaderId ?? ''] as const,
  task: (taskId: string, leaderId: string | undefined) =>
    ['approval', 'task', taskId, leaderId ?? ''] as const,
  buttons: (taskId: string, leaderId: string | undefined) =>
    ['approval', 'buttons', taskId, leaderId ?? ''] as const,
  signUsers: (taskId: string) => ['approval', 'signUsers', taskId] as const,
  urgentLevels: ['approval', 'urgentLevels'] as const,
  lock: (taskId: string, leaderId: string | undefined) =>
    ['approval', 'lock', taskId, leaderId ?? ''] as const,
  nodeOpinion: (instId: string, nodeId: string, leaderId: string | undefined) =>
    ['approval', 'nodeOpinion', instId, nodeId, leaderId ?? ''] as const,
  rejectTargets: (taskId: string) => ['approval', 'rejectTargets', taskId] as const,
  isEnd: (taskId: string, leaderId: string | undefined, data: unknown) =>
    ['approval', 'isEnd', taskId, leaderId ?? '', data] as const,
  routePreview: (target: object, data: unknown) => ['approval', 'routePreview', target, data] as const,
  flowImage: (instId: string | undefined, defId: string | undefined, leaderId: string | undefined) =>
    ['approval', 'flowImage', instId ?? '', defId ?? '', leaderId ?? ''] as const,
  printTemplate: (defKey: string) => ['approval', 'printTemplate', defKey] as const,
  printRecords: (instId: string) => ['approval', 'printRecords', instId] as const,
  followedNodes: (instId: string) => ['approval', 'followedNodes', instId] as const,
  watermark: (instId: string, leaderId: string | undefined) =>
    ['approval', 'watermark', instId, leaderId ?? ''] as const,
  subInstances: (instId: string, nodeId: string, leaderId: string | undefined) =>
    ['approval', 'subInstances', instId, nodeId, leaderId ?? ''] as const,
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
