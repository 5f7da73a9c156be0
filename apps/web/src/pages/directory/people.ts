import type { QueryFilter, RouteValue } from '@eip/contracts';
import { call } from '../../api/client';

export type Person = RouteValue<'queryUserWithMainOrgPost'>['rows'][number];
export type Org = RouteValue<'getOrgsByParentAndDem'>[number];

export const PAGE_SIZE = 20;

/** TanStack Query keys of the directory. */
export const directoryKeys = {
  dimensions: ['uc', 'directory', 'dimensions'] as const,
  children: (demId: string, parentId: string | null) => ['uc', 'directory', 'orgs', demId, parentId] as const,
  people: (filter: QueryFilter) => ['uc', 'directory', 'people', filter] as const,
  rights: (ids: string[]) => ['uc', 'directory', 'rights', ids] as const,
  posts: (orgId: string) => ['uc', 'directory', 'posts', orgId] as const,
  person: (id: string) => ['uc', 'directory', 'person', id] as const,
  leader: (id: string) => ['uc', 'directory', 'leader', id] as const,
  pinyin: (name: string) => ['portal', 'pinyin', name] as const,
};

/** Text the search reads as pinyin (letters only) is also matched against the pinyin of names. */
const LATIN = /^[a-z]+$/i;

/**
 * Active colleagues (spec §4 status 1): those matching the search text by name, account or pinyin
 * (initials or full, from their start) — or, without text, those of an org's subtree (its path).
 */
export function peopleFilter(search: { text: string; orgPath: string | null; page: number }): QueryFilter {
  const text = search.text.trim();
  const latin = LATIN.test(text) ? text.toLowerCase() : null;
  const anyOf = (property: string, operation: string, value: string) => ({
    property,
    value,
    operation,
    relation: 'OR' as const,
    group: 'text',
  });
  return {
    pageBean: { page: search.page, pageSize: PAGE_SIZE, showTotal: true },
    querys: [
      { property: 'status', value: 1, operation: 'EQUAL', relation: 'AND' },
      ...(text
        ? [
            anyOf('fullname', 'LIKE', text),
            anyOf('account', 'LIKE', text),
            ...(latin
              ? [anyOf('pinyinInitials', 'RIGHT_LIKE', latin), anyOf('pinyin', 'RIGHT_LIKE', latin)]
              : []),
          ]
        : search.orgPath
          ? [
              {
                property: 'orgPath',
                value: search.orgPath,
                operation: 'RIGHT_LIKE',
                relation: 'AND' as const,
              },
            ]
          : []),
    ],
    // org by org down the tree, each org's head first
    sorter: [
      { property: 'orgPath', direction: 'ASC' },
      { property: 'isCharge', direction: 'DESC' },
      { property: 'account', direction: 'ASC' },
    ],
  };
}

/** The heads (isCharge) of an org, active ones only. */
const headsOf = (orgId: string) =>
  call('queryUserWithMainOrgPost', {
    body: {
      pageBean: { page: 1, pageSize: 5, showTotal: false },
      querys: [
        { property: 'orgId', value: orgId },
        { property: 'isCharge', value: true },
        { property: 'status', value: 1 },
      ],
    },
  }).then((page) => page.rows);

const orgById = (id: string) =>
  call('getOrgPage', {
    body: { querys: [{ property: 'id', value: id }], pageBean: { page: 1, pageSize: 1 } },
  }).then((page) => page.rows[0]);

/**
 * A person's leader: the head of their main org; for the head themselves, the head of the org above, and so
 * on up the tree. Null at the top.
 */
export async function findLeader(person: { id: string; orgId: string | null }): Promise<Person | null> {
  let orgId = person.orgId;
  while (orgId) {
    const head = (await headsOf(orgId)).find((candidate) => candidate.id !== person.id);
    if (head) return head;
    orgId = (await orgById(orgId))?.parentId ?? null;
  }
  return null;
}
