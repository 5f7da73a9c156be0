import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import { toast } from '../../../../app/feedback';
import { approvalKeys } from '../../shared/queries';

/**
 * 收藏 / 取消收藏 of a request. The server answers whether the change happened, so a press on a request
 * already kept tells the user so instead of guessing the state beforehand.
 */
export function CollectButton({ instId }: { instId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kept, setKept] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: async () => {
      const target = { targetType: 'instance' as const, targetId: instId };
      if (kept) {
        await call('cancelCollect', { body: target });
        return t('approval.collect.removed');
      }
      return (await call('collect', { body: target }))
        ? t('approval.collect.added')
        : t('approval.collect.already');
    },
    onSuccess: (message) => {
      setKept(!kept);
      toast.success(message);
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  return (
    <Button
      icon={kept ? <StarFilled /> : <StarOutlined />}
      aria-pressed={Boolean(kept)}
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
    >
      {kept ? t('approval.collect.remove') : t('approval.collect.add')}
    </Button>
  );
}
