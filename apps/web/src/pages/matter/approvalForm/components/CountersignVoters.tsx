import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import { approvalKeys, POLL_MS } from '../../shared/queries';

/** Countersign progress of the user's task (taskSignUsers): the votes so far and who has voted how. */
export function CountersignVoters({ taskId, leaderId }: { taskId: string; leaderId?: string }) {
  const { t } = useTranslation();
  const sign = useQuery({
    queryKey: approvalKeys.signUsers(taskId),
    queryFn: () => call('taskSignUsers', { body: { taskId, leaderId } }),
    refetchInterval: POLL_MS,
  });
  if (!sign.data?.voters.length) return null;
  const voters = sign.data.voters;
  const voted = voters.filter((v) => v.status === 'done').length;
  const agree = voters.filter((v) => v.action === 'agree').length;
  return (
    <Card size="small" title={t('approval.opinions.countersign')}>
      <Flex vertical gap="small">
        <Progress
          percent={Math.round((voted / voters.length) * 100)}
          success={{ percent: Math.round((agree / voters.length) * 100) }}
          aria-label={t('approval.opinions.countersign')}
        />
        <Typography.Text>
          {t('approval.opinions.countersignProgress', {
            voted,
            total: voters.length,
            agree,
            oppose: voters.filter((v) => v.action === 'oppose').length,
          })}
        </Typography.Text>
        <Flex wrap gap="middle">
          {voters.map((voter) => (
            <Badge
              key={voter.userId}
              status={
                voter.status === 'done' ? (voter.action === 'agree' ? 'success' : 'error') : 'processing'
              }
              text={`${voter.name} ${voter.actionVal ?? t('approval.opinions.notVoted')}`}
            />
          ))}
        </Flex>
      </Flex>
    </Card>
  );
}
