import { TASK_LOCK } from '@eip/contracts/flow';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import { approvalKeys } from '../../shared/queries';

/**
 * Lock / unlock a task shared by several candidates (for a leader: `leaderId`), showing its lock state
 * (spec §4 lock codes).
 */
export function LockButton({ taskId, leaderId }: { taskId: string; leaderId?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: approvalKeys.lock(taskId, leaderId),
    queryFn: () => call('canLock', { query: { taskId, leaderId } }),
    refetchOnWindowFocus: true,
  });
  const toggle = useMutation({
    mutationFn: () => call('lockUnlock', { query: { taskId, leaderId } }),
    onSuccess: (code) => {
      queryClient.setQueryData(approvalKeys.lock(taskId, leaderId), code);
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  const code = state.data;
  if (code === undefined || code === TASK_LOCK.hasHandle) return null;
  const unlock = code === TASK_LOCK.canUnlock || code === TASK_LOCK.adminOperate;
  const label =
    code === TASK_LOCK.canLock
      ? t('approval.lock.lock')
      : code === TASK_LOCK.canUnlock
        ? t('approval.lock.unlock')
        : code === TASK_LOCK.adminOperate
          ? t('approval.lock.adminUnlock')
          : code === TASK_LOCK.noUnlock
            ? t('approval.lock.noUnlock')
            : t('approval.lock.lockedBySomeone');
  return (
    <Button
      icon={unlock || code !== TASK_LOCK.canLock ? <LockOutlined /> : <UnlockOutlined />}
      disabled={code === TASK_LOCK.noUnlock || code === TASK_LOCK.lockedBySomeone}
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
    >
      {label}
    </Button>
  );
}
