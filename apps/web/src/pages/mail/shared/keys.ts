import type { QueryFilter } from '@eip/contracts';

/** The mail pages' queries: everything under `mail` is asked again after a change. */
export const mailKeys = {
  all: ['mail'] as const,
  settings: ['mail', 'settings'] as const,
  tree: ['mail', 'tree'] as const,
  lists: ['mail', 'list'] as const,
  list: (filter: QueryFilter) => ['mail', 'list', filter] as const,
  mail: (id: string) => ['mail', 'mail', id] as const,
  linkmen: (filter: QueryFilter) => ['mail', 'linkmen', filter] as const,
  addresses: (text: string) => ['mail', 'addresses', text] as const,
};

export const PAGE_SIZES = [10, 20, 50];

/** The filter of a list asked for whole (a user's accounts). */
export const ALL = { pageBean: { page: 1, pageSize: 100 } };
