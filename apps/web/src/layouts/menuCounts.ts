import { useListCount, type ListCount } from '../pages/matter/shared/listCounts';

/** The list whose count an approval menu entry shows (issue 5), by the entry's page component. */
const MENU_COUNTS: Record<string, ListCount> = {
  myTask: 'todo',
  leaderTask: 'leaderTodo',
  circulated: 'noticeToRead',
  doneList: 'doneInst',
  myRequest: 'myRequest',
  myDraft: 'myDraft',
  myCollect: 'myCollect',
  delegated: 'delegated',
};

/** The count of a menu entry's list, or undefined when the entry has none. */
export const useMenuCount = (page: string | undefined) => useListCount(page ? MENU_COUNTS[page] : undefined);
