import type { QueryFilter } from '@eip/contracts';

/** The inner message page's queries (the live push asks for them again when messages change). */
export const messageKeys = {
  all: ['messages'] as const,
  list: (filter: QueryFilter) => ['messages', filter] as const,
};
