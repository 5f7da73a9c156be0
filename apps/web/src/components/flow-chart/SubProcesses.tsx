import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { readonlyFormPath } from '@eip/contracts/utils';
import { useActingFor } from '../approval/actingFor';
import { InstanceStatusTag } from '../approval/status';
import { approvalKeys } from '../../pages/matter/shared/queries';

interface Child {
  id: string;
  subject: string;
  status: string;
}

const isChild = (value: unknown): value is Child =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Child).id === 'string' &&
  typeof (value as Child).subject === 'string' &&
  typeof (value as Child).status === 'string';

/** The child instances in getSubInstanceList's JSON text (spec §7: the value is a JSON string). */
export function parseChildren(text: string): Child[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isChild) : [];
  } catch {
    return [];
  }
}

/** The sub-processes a call activity started; each opens read-only in a tab of its own (spec §2). */
export function SubProcesses({
  instId,
  nodeId,
  onOpen,
}: {
  instId: string;
  nodeId: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const leaderId = useActingFor();
  const children = useQuery({
    queryKey: approvalKeys.subInstances(instId, nodeId, leaderId),
    queryFn: async () =>
      parseChildren(await call('getSubInstanceList', { query: { parentInstId: instId, nodeId, leaderId } })),
  });
  if (children.error) return <Alert type="error" showIcon title={children.error.message} />;
  if (!children.data) return <Skeleton active style={{ minWidth: 240 }} />;
  return (
    <div style={{ minWidth: 240, maxWidth: 360 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('approval.chart.subProcesses')}
      </Typography.Title>
      {children.data.length ? (
        <List
          size="small"
          dataSource={children.data}
          renderItem={(child) => (
            <List.Item extra={<InstanceStatusTag status={child.status} />}>
              <Link to={readonlyFormPath(child.id, 'request')} onClick={onOpen}>
                {child.subject}
              </Link>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approval.chart.noSubProcess')} />
      )}
    </div>
  );
}
