import { SERVICE_TASK_STATUS } from '@eip/contracts/flow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { toast } from '../../app/feedback';
import { approvalKeys } from '../../pages/matter/shared/queries';
import { formatTime } from '../approval/time';
import type { ServiceCall } from '../approval/types';

const STATUS_VIEW = {
  [SERVICE_TASK_STATUS.waiting]: { key: 'waiting', color: 'processing' },
  [SERVICE_TASK_STATUS.failed]: { key: 'failed', color: 'error' },
  [SERVICE_TASK_STATUS.succeeded]: { key: 'succeeded', color: 'success' },
} as const;

/**
 * A service task's call in the node popover: its status (spec §4: -1 waiting, 0 failed, 1 succeeded;
 * 未调用 before the flow reaches it), attempts, what the service answered (administrators only) and,
 * once it failed, 重新调用 for the initiator or an administrator, after a confirmation.
 */
export function ServiceCallFacts({
  instId,
  nodeId,
  nodeName,
  serviceCall,
}: {
  instId: string;
  nodeId: string;
  nodeName: string;
  serviceCall: ServiceCall | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const retry = useMutation({
    mutationFn: () => call('retryServiceCall', { body: { instId, nodeId } }),
    onSuccess: () => {
      toast.success(t('approval.chart.service.retried'));
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  const status = serviceCall && STATUS_VIEW[serviceCall.status as keyof typeof STATUS_VIEW];
  return (
    <>
      {modalHolder}
      <Descriptions size="small" column={1} title={t('approval.chart.service.title')}>
        <Descriptions.Item label={t('approval.chart.taskName')}>{nodeName}</Descriptions.Item>
        <Descriptions.Item label={t('approval.chart.service.status')}>
          {status ? (
            <Tag color={status.color}>{t(`approval.chart.service.${status.key}`)}</Tag>
          ) : (
            <Tag>{serviceCall ? serviceCall.status : t('approval.chart.service.notCalled')}</Tag>
          )}
        </Descriptions.Item>
        {serviceCall && (
          <>
            <Descriptions.Item label={t('approval.chart.service.attempts')}>
              {serviceCall.attempts}
            </Descriptions.Item>
            <Descriptions.Item label={t('approval.chart.service.updateTime')}>
              {formatTime(serviceCall.updateTime)}
            </Descriptions.Item>
          </>
        )}
        {serviceCall?.lastError && (
          <Descriptions.Item label={t('approval.chart.service.lastError')}>
            <Typography.Text type="danger" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {serviceCall.lastError}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      {serviceCall?.canRetry && (
        <Button
          type="primary"
          size="small"
          style={{ marginTop: 8 }}
          loading={retry.isPending}
          onClick={() =>
            void modal.confirm({
              title: t('approval.chart.service.retry'),
              content: t('approval.chart.service.retryConfirm', { name: nodeName }),
              okText: t('common.ok'),
              cancelText: t('common.cancel'),
              onOk: () => retry.mutateAsync(),
            })
          }
        >
          {t('approval.chart.service.retry')}
        </Button>
      )}
    </>
  );
}
