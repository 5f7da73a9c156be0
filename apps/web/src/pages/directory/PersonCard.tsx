import { MailOutlined, PhoneOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Avatar,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { directoryKeys, findLeader, type Person } from './people';

/** Where a secretary starts a request for their leader (spec §6: start rights of userId + defId + leadId). */
export const startForPath = (leadId: string) => `/matter/startProcess?leadId=${encodeURIComponent(leadId)}`;

/**
 * A colleague's card: phone, mail, org path, posts, roles and leader, the name's pinyin (tools/getPinyin),
 * "send message" (by mail: inner messages between users are not open yet) and, for their secretary, starting
 * a request on their behalf.
 */
export function PersonCard({ person, onClose }: { person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const mobile = useSettings((state) => state.device === 'mobile');
  const self = useSession((state) => state.user?.userId === person.id);
  const detail = useQuery({
    queryKey: directoryKeys.person(person.id),
    queryFn: () => call('getDetailByAccountOrId', { body: { accountOrId: person.id }, silent: true }),
  });
  const leader = useQuery({ queryKey: directoryKeys.leader(person.id), queryFn: () => findLeader(person) });
  const pinyin = useQuery({
    queryKey: directoryKeys.pinyin(person.fullname),
    queryFn: () => call('getPinyin', { query: { chinese: person.fullname, type: '2' }, silent: true }),
    staleTime: Infinity,
  });
  const secretary = useQuery({
    queryKey: ['approval', 'secretary'],
    queryFn: () => call('getSecretaryByUserId', { silent: true }),
    staleTime: 60_000,
  });
  const mayStartFor = secretary.data?.leaders.some((leaderOf) => leaderOf.userId === person.id) ?? false;
  const none = <Typography.Text type="secondary">{t('directory.card.none')}</Typography.Text>;
  const data = detail.data;

  return (
    <Drawer open onClose={onClose} title={t('directory.card.title')} size={mobile ? '100%' : 440}>
      <Flex vertical gap="middle">
        <Flex gap="middle" align="center">
          <Avatar
            size={64}
            style={{ background: token.colorPrimary, fontSize: 28, flexShrink: 0 }}
            aria-hidden
          >
            {person.fullname.slice(0, 1)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
              {person.fullname}
            </Typography.Title>
            {pinyin.data && (
              <Typography.Text type="secondary" lang="zh-Latn-pinyin">
                <span className="eip-visually-hidden">{t('directory.card.pinyin')}：</span>
                {pinyin.data}
              </Typography.Text>
            )}
            <div>
              <Typography.Text type="secondary">
                {[person.postName, person.orgName].filter(Boolean).join(' · ')}
              </Typography.Text>
            </div>
            {self && <Tag color="blue">{t('directory.card.self')}</Tag>}
          </div>
        </Flex>
        {!self && (
          <Flex wrap gap="small">
            {person.email ? (
              <Tooltip title={t('directory.card.sendMessageHint')}>
                <Button type="primary" icon={<MailOutlined />} href={`mailto:${person.email}`}>
                  {t('directory.card.sendMessage')}
                </Button>
              </Tooltip>
            ) : null}
            {person.mobile && (
              <Button icon={<PhoneOutlined />} href={`tel:${person.mobile}`}>
                {t('directory.card.call')}
              </Button>
            )}
            {mayStartFor && (
              <Button icon={<SendOutlined />} onClick={() => void navigate(startForPath(person.id))}>
                {t('directory.card.startFor', { name: person.fullname })}
              </Button>
            )}
          </Flex>
        )}
        {detail.error ? (
          <Alert
            type="error"
            showIcon
            title={t('directory.card.failed')}
            description={detail.error.message}
          />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'account', label: t('directory.card.account'), children: data.user.account },
              {
                key: 'phone',
                label: t('directory.card.phone'),
                children: data.user.mobile ? (
                  <a href={`tel:${data.user.mobile}`}>{data.user.mobile}</a>
                ) : (
                  none
                ),
              },
              {
                key: 'email',
                label: t('directory.card.email'),
                children: data.user.email ? (
                  <a href={`mailto:${data.user.email}`}>{data.user.email}</a>
                ) : (
                  none
                ),
              },
              {
                key: 'org',
                label: t('directory.card.org'),
                children: data.orgList.length
                  ? data.orgList.map((org) => <div key={org.orgId}>{org.pathName || org.orgName}</div>)
                  : none,
              },
              {
                key: 'posts',
                label: t('directory.card.posts'),
                children: data.postList.length
                  ? data.postList.map((post) => <div key={post.postId}>{post.postName}</div>)
                  : none,
              },
              {
                key: 'roles',
                label: t('directory.card.roles'),
                children: data.roles.length ? (
                  <Flex wrap gap={4}>
                    {data.roles.map((role) => (
                      <Tag key={role.id} bordered={false}>
                        {role.name}
                      </Tag>
                    ))}
                  </Flex>
                ) : (
                  none
                ),
              },
              {
                key: 'leader',
                label: t('directory.card.leader'),
                children: leader.isPending ? (
                  <Skeleton.Input active size="small" />
                ) : leader.data ? (
                  `${leader.data.fullname}${leader.data.postName ? `（${leader.data.postName}）` : ''}`
                ) : (
                  t('directory.card.noLeader')
                ),
              },
            ]}
          />
        )}
      </Flex>
    </Drawer>
  );
}
