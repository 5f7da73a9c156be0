import type { RouteValue } from '@eip/contracts';
import { readonlyFormPath } from '@eip/contracts/utils';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Flex, Segmented, Skeleton, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client';
import { formatTime } from '../../../components/approval/time';
import { approvalKeys } from '../shared/queries';
import { BackToDistributions, DistributionUnavailable } from './DishFrame';
import { RemindButton } from './RemindButton';
import { SignTag } from './SignTag';

type Receiver = RouteValue<'getDishOutDetail'>['receivers'][number];
type Shown = 'all' | 'signed' | 'unsigned';

/** One of the user's distributions: to whom, who has signed for it and who has not, and 提醒签收. */
export function SentDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>('all');
  const detail = useQuery({
    queryKey: [...approvalKeys.all, 'dishOut', id],
    queryFn: () => call('getDishOutDetail', { query: { id }, silent: true }),
    retry: false,
  });
  if (detail.isError) return <DistributionUnavailable error={detail.error} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const dish = detail.data;
  const receivers = dish.receivers.filter(
    (r) => shown === 'all' || (shown === 'signed') === Boolean(r.signTime),
  );
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="flex-start" gap="middle" wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {dish.subject}
        </Typography.Title>
        <Flex gap="small" wrap>
          <RemindButton dishId={dish.id} unsigned={dish.total - dish.signed} />
          <Button onClick={() => navigate(readonlyFormPath(dish.instId, 'done'))}>
            {t('approval.dish.openRequest')}
          </Button>
          <BackToDistributions />
        </Flex>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('approval.list.flowName')}>{dish.procDefName}</Descriptions.Item>
        <Descriptions.Item label={t('approval.dish.sentAt')}>{formatTime(dish.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('approval.dish.targets')}>
          {dish.targets
            .map((target) =>
              target.subOrgs ? t('approval.dish.withSubOrgs', { name: target.name }) : target.name,
            )
            .join('、')}
        </Descriptions.Item>
        {dish.remindTime && (
          <Descriptions.Item label={t('approval.dish.remindTime')}>
            {formatTime(dish.remindTime)}
          </Descriptions.Item>
        )}
        {dish.opinion && (
          <Descriptions.Item label={t('approval.dish.opinion')}>{dish.opinion}</Descriptions.Item>
        )}
      </Descriptions>
      <Segmented<Shown>
        value={shown}
        onChange={setShown}
        options={[
          { value: 'all', label: `${t('approval.dish.all')} ${dish.total}` },
          { value: 'signed', label: `${t('approval.dish.signed')} ${dish.signed}` },
          { value: 'unsigned', label: `${t('approval.dish.unsigned')} ${dish.total - dish.signed}` },
        ]}
      />
      <Table<Receiver>
        size="middle"
        rowKey={(r) => r.userId}
        dataSource={receivers}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('approval.list.empty')} /> }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('approval.dish.receiver') },
          { key: 'orgName', dataIndex: 'orgName', title: t('approval.dish.org'), responsive: ['sm'] },
          {
            key: 'signTime',
            title: t('approval.dish.signStatus'),
            render: (_, r) => (
              <Flex gap={4} wrap align="center">
                <SignTag signTime={r.signTime} />
                <Typography.Text type="secondary">{formatTime(r.signTime)}</Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'readTime',
            title: t('approval.dish.readTime'),
            responsive: ['md'],
            render: (_, r) => formatTime(r.readTime),
          },
        ]}
      />
    </Flex>
  );
}
