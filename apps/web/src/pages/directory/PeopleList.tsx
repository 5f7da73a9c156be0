import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Empty, Flex, List, Pagination, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useSettings } from '../../stores/settings';
import './directory.css';
import { directoryKeys, peopleFilter, PAGE_SIZE, type Org, type Person } from './people';

/** The posts of an org (getOrgPostPage), shown above its people. */
function OrgPosts({ org }: { org: Org }) {
  const { t } = useTranslation();
  const posts = useQuery({
    queryKey: directoryKeys.posts(org.id),
    queryFn: () =>
      call('getOrgPostPage', {
        body: { querys: [{ property: 'orgId', value: org.id }], pageBean: { page: 1, pageSize: 50 } },
      }),
  });
  if (!posts.data) return null;
  return (
    <Flex wrap gap={4} align="center">
      <Typography.Text type="secondary">{t('directory.posts')}：</Typography.Text>
      {posts.data.rows.length === 0 ? (
        <Typography.Text type="secondary">{t('directory.noPosts')}</Typography.Text>
      ) : (
        posts.data.rows.map((post) => <Tag key={post.id}>{post.name}</Tag>)
      )}
    </Flex>
  );
}

/**
 * The people of an org's subtree, or those the search finds (queryUserWithMainOrgPost), with their post,
 * org and roles (getUserRightMapByIds), 20 a page. Each opens the person's card.
 */
export function PeopleList({
  org,
  text,
  page,
  onPage,
  onOpen,
}: {
  org: Org | null;
  text: string;
  page: number;
  onPage: (page: number) => void;
  onOpen: (person: Person) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mobile = useSettings((state) => state.device === 'mobile');
  const filter = peopleFilter({ text, orgPath: org?.path ?? null, page });
  const people = useQuery({
    queryKey: directoryKeys.people(filter),
    queryFn: () => call('queryUserWithMainOrgPost', { body: filter }),
    placeholderData: keepPreviousData,
  });
  const ids = (people.data?.rows ?? []).map((person) => person.id);
  const rights = useQuery({
    queryKey: directoryKeys.rights(ids),
    queryFn: () => call('getUserRightMapByIds', { query: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
  });
  const heading = text.trim()
    ? t('directory.searchResults', { text: text.trim() })
    : org
      ? t('directory.peopleOf', { org: org.name })
      : t('directory.allPeople');

  return (
    <Flex vertical gap="small" style={{ minWidth: 0 }}>
      <Flex align="baseline" justify="space-between" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {heading}
        </Typography.Title>
        {people.data && (
          <Typography.Text type="secondary" aria-live="polite">
            {t('directory.total', { count: people.data.total })}
          </Typography.Text>
        )}
      </Flex>
      {org && !text.trim() && <OrgPosts org={org} />}
      {people.error ? (
        <Alert
          type="error"
          showIcon
          title={t('directory.peopleFailed')}
          description={people.error.message}
          action={
            <Button size="small" onClick={() => void people.refetch()}>
              {t('directory.retry')}
            </Button>
          }
        />
      ) : people.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : people.data.rows.length === 0 ? (
        <Empty description={t('directory.peopleEmpty')} />
      ) : (
        <>
          <List
            aria-busy={people.isFetching}
            dataSource={people.data.rows}
            renderItem={(person) => (
              <List.Item style={{ paddingInline: 0 }}>
                <button
                  type="button"
                  className="eip-directory-person"
                  aria-haspopup="dialog"
                  onClick={() => onOpen(person)}
                  style={{
                    display: 'flex',
                    gap: token.marginSM,
                    alignItems: 'center',
                    width: '100%',
                    padding: token.paddingXS,
                    border: 0,
                    borderRadius: token.borderRadius,
                    background: 'none',
                    cursor: 'pointer',
                    textAlign: 'start',
                    font: 'inherit',
                    color: token.colorText,
                  }}
                >
                  <Avatar style={{ background: token.colorPrimary, flexShrink: 0 }} aria-hidden>
                    {person.fullname.slice(0, 1)}
                  </Avatar>
                  <span style={{ minWidth: 0, flex: 1 }}>
                    <span style={{ fontWeight: 600 }}>{person.fullname}</span>
                    {person.isCharge && (
                      <Tag color="blue" style={{ marginInlineStart: token.marginXS }}>
                        {t('directory.leaderMark')}
                      </Tag>
                    )}
                    <span style={{ display: 'block', color: token.colorTextSecondary }}>
                      {[person.postName, person.orgName].filter(Boolean).join(' · ') || person.account}
                    </span>
                    <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 2 }}>
                      {(rights.data?.[person.id]?.roles ?? []).map((role) => (
                        <Tag key={role.id} bordered={false}>
                          {role.name}
                        </Tag>
                      ))}
                    </span>
                  </span>
                  {!mobile && (
                    <span style={{ color: token.colorTextSecondary, flexShrink: 0 }}>{person.mobile}</span>
                  )}
                </button>
              </List.Item>
            )}
          />
          {people.data.total > PAGE_SIZE && (
            <Pagination
              align="end"
              current={page}
              pageSize={PAGE_SIZE}
              total={people.data.total}
              showSizeChanger={false}
              onChange={onPage}
            />
          )}
        </>
      )}
    </Flex>
  );
}
