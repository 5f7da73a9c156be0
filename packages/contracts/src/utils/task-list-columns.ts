/**
 * The columns of the approval centre's lists (待办, 已办, 我的请求 …), chosen per tenant by its administrator
 * in the system property taskListFiledConf: a JSON array of these keys, in the order they are shown. A list
 * shows the chosen keys it has (the node name only on task lists, the end time only on request lists); the
 * subject, which opens the form, is always shown first.
 */
export const TASK_LIST_COLUMNS_ALIAS = 'taskListFiledConf';

export const TASK_LIST_COLUMNS = [
  'subject',
  'name',
  'procDefName',
  'creator',
  'status',
  'createTime',
  'handleTime',
  'endTime',
] as const;
export type TaskListColumn = (typeof TASK_LIST_COLUMNS)[number];

/** The order when the tenant has chosen none: every column. */
export const DEFAULT_TASK_LIST_COLUMNS: readonly TaskListColumn[] = TASK_LIST_COLUMNS;

const isColumn = (key: unknown): key is TaskListColumn =>
  typeof key === 'string' && (TASK_LIST_COLUMNS as readonly string[]).includes(key);

/**
 * The columns a stored taskListFiledConf names, subject first; null when the text is not a JSON array of
 * distinct known keys.
 */
export function parseTaskListColumns(text: string): TaskListColumn[] | null {
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(keys) || !keys.every(isColumn) || new Set(keys).size !== keys.length) return null;
  return ['subject', ...keys.filter((key) => key !== 'subject')];
}
