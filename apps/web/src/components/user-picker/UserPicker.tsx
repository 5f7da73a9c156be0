import { CANDIDATE_PAGE_SIZE } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';

const ALL_USERS = '';

/**
 * The QueryFilter of the pickers: active users whose name or account holds the text, by account; the user
 * picker's first 50 (spec §9), or a page of a paged list with its total.
 */
export function userSearchFilter(
  text: string,
  pageBean: { page: number; pageSize: number; showTotal: boolean } = {
    page: 1,
    pageSize: CANDIDATE_PAGE_SIZE,
    showTotal: false,
  },
) {
  const needle = text.trim();
  return {
    pageBean,
    querys: [
      { property: 'status', value: 1, operation: 'EQUAL', relation: 'AND' as const },
      ...(needle
        ? [
            {
              property: 'fullname',
              value: needle,
              operation: 'LIKE',
              relation: 'OR' as const,
              group: 'text',
            },
            { property: 'account', value: needle, operation: 'LIKE', relation: 'OR' as const, group: 'text' },
          ]
        : []),
    ],
    sorter: [{ property: 'account', direction: 'ASC' as const }],
  };
}

/**
 * Picks users of the tenant by name or account, or from one of the user's contact groups (tabs) — the user
 * picker of delegate, transfer, communicate, inquire, add-sign and circulate (issue 5). Single or several.
 */
export function UserPicker({
  value,
  onChange,
  multiple,
  id,
  excludeIds = [],
}: {
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  multiple?: boolean;
  id?: string;
  excludeIds?: readonly string[];
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // the tab: every user (searched), or the members of one of the user's contact groups
  const [tab, setTab] = useState<string>(ALL_USERS);
  // labels of the users picked so far, so they stay readable when a new search replaces the options
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const search = useDeferredValue(text);
  const users = useQuery({
    queryKey: ['uc', 'userPicker', search],
    queryFn: () => call('queryUserWithMainOrgPost', { body: userSearchFilter(search) }),
    enabled: tab === ALL_USERS,
    staleTime: 60_000,
  });
  const groups = useQuery({
    queryKey: ['uc', 'userPicker', 'groups'],
    queryFn: () => call('queryGroups', { body: { pageBean: { page: 1, pageSize: 100 } } }),
    staleTime: 60_000,
  });
  const members = useQuery({
    queryKey: ['uc', 'userPicker', 'group', tab],
    queryFn: () => call('loadUserByGroupId', { query: { groupId: tab } }),
    enabled: tab !== ALL_USERS,
    staleTime: 60_000,
  });
  const found =
    tab === ALL_USERS
      ? (users.data?.rows ?? []).map((user) => ({
          id: user.id,
          label: user.orgName ? `${user.fullname}（${user.orgName}）` : user.fullname,
        }))
      : (members.data ?? [])
          .filter((member) => member.fullname.includes(search.trim()))
          .map((member) => ({ id: member.userId, label: member.fullname }));
  const fetching = users.isFetching || members.isFetching;
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value}
      onChange={(next, options) => {
        const chosen = (Array.isArray(options) ? options : [options]).filter((o) => o !== undefined);
        setPicked(new Map([...picked, ...chosen.map((o): [string, string] => [o.value, o.label])]));
        onChange?.(next);
      }}
      loading={fetching}
      placeholder={t('approval.picker.placeholder')}
      notFoundContent={fetching ? t('app.loading') : t('approval.picker.empty')}
      popupRender={(menu) => (
        <>
          {Boolean(groups.data?.rows.length) && (
            <Segmented
              size="small"
              block
              value={tab}
              onChange={setTab}
              style={{ marginBottom: 4 }}
              options={[
                { value: ALL_USERS, label: t('approval.picker.allUsers') },
                ...(groups.data?.rows ?? []).map((group) => ({ value: group.id, label: group.name })),
              ]}
            />
          )}
          {menu}
        </>
      )}
      maxTagCount="responsive"
      options={[
        ...[...picked]
          .filter(([userId]) => !found.some((user) => user.id === userId))
          .map(([userId, label]) => ({ value: userId, label })),
        ...found
          .filter((user) => !excludeIds.includes(user.id))
          .map((user) => ({ value: user.id, label: user.label })),
      ]}
    />
  );
}
