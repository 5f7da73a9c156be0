import { CANDIDATE_PAGE_SIZE } from '@eip/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { FormValues } from '../schema-form/SchemaForm';

/** Where the nodes ahead are seen from: a task (for a leader: `leaderId`), or the start of a flow. */
/** Where the engine looks ahead from: a task (a secretary's for her leader), or a start (for a leader of the user's). */
export type AheadSource = { taskId: string; leaderId?: string } | { defId: string; leadId?: string };

/** A node ahead whose handlers the user picks, seen from `source` with the form data being submitted. */
export interface PickedNode {
  source: AheadSource;
  data: FormValues;
  nodeId: string;
}

/**
 * The candidates of a node ahead, whose name or account holds `search`, a page of 50 at a time (spec §9):
 * the pages loaded so far, their total, and the next page on demand.
 */
export function useCandidatePages({ source, data, nodeId }: PickedNode, search: string, enabled = true) {
  const needle = search.trim();
  const pages = useInfiniteQuery({
    queryKey: ['approval', 'nodeCandidates', source, nodeId, data, needle],
    queryFn: ({ pageParam }) =>
      call('getNodeCandidatePage', {
        body: {
          ...source,
          data,
          nodeId,
          pageBean: { page: pageParam, pageSize: CANDIDATE_PAGE_SIZE, showTotal: true },
          querys: needle
            ? ['fullname', 'account'].map((property) => ({
                property,
                value: needle,
                operation: 'LIKE',
                relation: 'OR' as const,
                group: 'text',
              }))
            : [],
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
    staleTime: 60_000,
  });
  return {
    candidates: pages.data?.pages.flatMap((page) => page.rows) ?? [],
    total: pages.data?.pages[0]?.total ?? 0,
    pending: pages.isPending && enabled,
    fetching: pages.isFetching,
    failed: pages.isError,
    hasMore: pages.hasNextPage,
    loadMore: () => void pages.fetchNextPage(),
    retry: () => void pages.refetch(),
  };
}
