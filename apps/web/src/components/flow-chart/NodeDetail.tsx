import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Divider, Skeleton, Tooltip, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { approvalKeys } from '../../pages/matter/shared/queries';
import { useActingFor } from '../approval/actingFor';
import { formatTime, useDurations } from '../approval/time';
import type { OpinionRow } from '../approval/types';
import { OpinionSignatures } from '../signature/OpinionSignatures';
import { ServiceCallFacts } from './ServiceCallFacts';

/** The candidates label with the tooltip of spec §2. */
export function CandidatesLabel() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('approval.chart.candidatesTip')}>
      <span tabIndex={0}>{t('approval.chart.candidates')}</span>
    </Tooltip>
  );
}

/**
 * The facts of one task (spec §2): executor, candidates, start, end, duration, status, opinion, and the
 * signatures the handler placed at the node (issue 13), each with who signed and when.
 */
export function TaskFacts({
  instId,
  opinion,
  candidates,
}: {
  instId: string;
  opinion: OpinionRow;
  candidates: ReactNode;
}) {
  const { t } = useTranslation();
  const { duration } = useDurations();
  return (
    <>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('approval.chart.executor')}>
          {opinion.auditorName ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={<CandidatesLabel />}>{candidates}</Descriptions.Item>
        <Descriptions.Item label={t('approval.chart.startTime')}>
          {formatTime(opinion.createTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('approval.chart.endTime')}>
          {opinion.completeTime ? formatTime(opinion.completeTime) : t('approval.chart.noEndTime')}
        </Descriptions.Item>
        <Descriptions.Item label={t('approval.chart.duration')}>
          {opinion.completeTime && opinion.durMs !== null
            ? duration(opinion.durMs)
            : t('approval.chart.noDuration')}
        </Descriptions.Item>
        <Descriptions.Item label={t('approval.chart.status')}>
          {/* the opinion table says 待阅/已阅 of a waiting task (spec §4); its node's facts say it awaits approval */}
          {opinion.status === 'awaiting_check' ? t('approval.opinionStatus.pending') : opinion.statusVal}
        </Descriptions.Item>
        <Descriptions.Item label={t('approval.chart.opinion')}>
          {opinion.opinion || t('approval.chart.noOpinion')}
        </Descriptions.Item>
      </Descriptions>
      <OpinionSignatures instId={instId} nodeId={opinion.nodeId} userId={opinion.auditor} />
    </>
  );
}

/**
 * The popover of a clicked node (spec §2): 任务审批详情 per task when the node has had tasks, otherwise
 * 节点设置详情 with 未产生过任务 and the tentative candidates.
 */
export function NodeDetail({ instId, nodeId }: { instId: string; nodeId: string }) {
  const { t } = useTranslation();
  const leaderId = useActingFor();
  const node = useQuery({
    queryKey: approvalKeys.nodeOpinion(instId, nodeId, leaderId),
    queryFn: () => call('nodeOpinion', { query: { instId, nodeId, leaderId } }),
  });
  if (node.error) return <Alert type="error" showIcon title={node.error.message} />;
  if (!node.data) return <Skeleton active style={{ minWidth: 240 }} />;
  const serviceCall = node.data.node.nodeType === 'SERVICETASK' && (
    <ServiceCallFacts
      instId={instId}
      nodeId={nodeId}
      nodeName={node.data.node.name}
      serviceCall={node.data.serviceCall}
    />
  );
  // a service task has no task of its own: its call is what there is to see
  if (!node.data.hasTask && serviceCall)
    return <div style={{ minWidth: 260, maxWidth: 360 }}>{serviceCall}</div>;
  if (!node.data.hasTask) {
    return (
      <div style={{ minWidth: 240 }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('approval.chart.nodeSettings')}
        </Typography.Title>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('approval.chart.taskName')}>{node.data.node.name}</Descriptions.Item>
          <Descriptions.Item label={t('approval.chart.status')}>
            {t('approval.chart.noTask')}
          </Descriptions.Item>
          <Descriptions.Item label={<CandidatesLabel />}>
            {node.data.candidates.map((c) => c.name).join('，') || '—'}
          </Descriptions.Item>
        </Descriptions>
      </div>
    );
  }
  return (
    <div style={{ minWidth: 260, maxWidth: 360, maxHeight: 360, overflow: 'auto' }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('approval.chart.taskDetail')}
      </Typography.Title>
      {node.data.opinions.map((opinion, index) => (
        <Fragment key={opinion.id}>
          {index > 0 && <Divider style={{ margin: '8px 0' }} />}
          <Typography.Text strong>
            {t('approval.chart.taskName')}：{opinion.taskName}
          </Typography.Text>
          <TaskFacts instId={instId} opinion={opinion} candidates={opinion.qualfiedNames || '—'} />
        </Fragment>
      ))}
      {serviceCall && <Divider style={{ margin: '8px 0' }} />}
      {serviceCall}
    </div>
  );
}
