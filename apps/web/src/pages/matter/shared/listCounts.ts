import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { approvalKeys, POLL_MS } from './queries';

/**
 * The approval lists' counts, one cache each for the menu and the page. What others' actions change is
 * pushed by the server (layouts/useLivePush) or, where no push carries it, polled; the rest changes with
 * one's own actions, which refresh it.
 */
const LIST_COUNTS = {
  todo: { fetch: () => call('getTodoCount', { body: {} }), polled: false },
  leaderTodo: { fetch: () => call('getLeaderTodoCount', { body: {} }), polled: false },
  noticeToRead: { fetch: () => call('getNoticeTodoReadCount', { body: {} }), polled: false },
  noticeSent: { fetch: () => call('getMyNoticeReadCount', { body: {} }), polled: false },
  doneInst: { fetch: () => call('getDoneInstCount', { body: {} }), polled: false },
  myRequest: { fetch: () => call('myRequestCount'), polled: false },
  myDraft: { fetch: () => call('getMyDraftCount', { body: {} }), polled: false },
  myCollect: { fetch: () => call('myCollectCount', { body: {} }), polled: false },
  delegated: { fetch: () => call('getDelegateCount', { body: {} }), polled: true },
} satisfies Record<string, { fetch: () => Promise<number>; polled: boolean }>;

export type ListCount = keyof typeof LIST_COUNTS;

/** A list's count (undefined while loading, or when there is no list). */
export function useListCount(name: ListCount | undefined): number | undefined {
  const count = name ? LIST_COUNTS[name] : undefined;
  return useQuery({
    queryKey: approvalKeys.count(name ?? ''),
    queryFn: () => count!.fetch(),
    enabled: Boolean(count),
    refetchInterval: count?.polled ? POLL_MS : false,
    refetchOnWindowFocus: true,
  }).data;
}
