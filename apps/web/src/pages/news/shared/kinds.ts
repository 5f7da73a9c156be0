import type { ContentKind, NEWS_PUBLISH_METHOD, QueryFilter } from '@eip/contracts';
import { useHasPermission } from '../../../app/permission';

/** The method permission of editors (新闻管理员), as the server names it. */
const NEWS_PUBLISH: typeof NEWS_PUBLISH_METHOD = 'news:publish';

/** The list page of each kind (the menu's 新闻, 通知公告, 会议); a detail page is `{list}/{id}`. */
export const LIST_PATHS: Record<ContentKind, string> = {
  news: '/news/list',
  notice: '/news/notice',
  meeting: '/news/meeting',
};
export const detailPath = (kind: ContentKind, id: string) => `${LIST_PATHS[kind]}/${id}`;
export const editPath = (kind: ContentKind, id?: string) =>
  id ? `/news/edit/${kind}/${id}` : `/news/edit/${kind}`;

export const PAGINATION_CALLS = {
  news: 'getNewsPagination',
  notice: 'getNoticePagination',
  meeting: 'getMeetingPagination',
} as const satisfies Record<ContentKind, string>;

/** The sys_type key of each kind's classifications (getTypesByKey); meetings have none. */
export const CLASSIFY_KEYS: Partial<Record<ContentKind, string>> = {
  news: 'NEWS_TYPE',
  notice: 'NOTICE_TYPE',
};

export const isContentKind = (value: string | undefined): value is ContentKind =>
  value === 'news' || value === 'notice' || value === 'meeting';

/** Per-resource query keys; `all` refreshes everything after a change. */
export const contentKeys = {
  all: ['content'] as const,
  list: (kind: ContentKind, filter: QueryFilter) => ['content', 'list', kind, filter] as const,
  detail: (id: string) => ['content', 'detail', id] as const,
  readers: (id: string, filter: QueryFilter) => ['content', 'readers', id, filter] as const,
  classifies: (kind: ContentKind) => ['content', 'classifies', kind] as const,
  rooms: ['content', 'rooms'] as const,
  file: (fileId: string) => ['content', 'file', fileId] as const,
};

/** Whether the user writes news, notices and meetings (the method news:publish; administrators hold all). */
export const useCanEdit = () => useHasPermission(NEWS_PUBLISH);
