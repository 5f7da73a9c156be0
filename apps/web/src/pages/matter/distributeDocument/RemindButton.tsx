import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { approvalKeys } from '../shared/queries';

/**
 * 提醒签收 (催办): after a confirmation, the receivers who have not signed for the distribution get an inner
 * message; the toast says how many. The server refuses a second reminder within its interval and says so.
 */
export function RemindButton({ dishId, unsigned }: { dishId: string; unsigned: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const remind = useMutation({
    mutationFn: () => call('remindDishOut', { query: { dishId } }),
    onSuccess: ({ reminded }) => {
      toast.success(t('approval.dish.reminded', { count: reminded }));
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  if (unsigned === 0) return null;
  return (
    <>
      {modalHolder}
      <Button
        type="primary"
        loading={remind.isPending}
        onClick={() =>
          void modal.confirm({
            title: t('approval.dish.remind'),
            content: t('approval.dish.remindConfirm', { count: unsigned }),
            okText: t('approval.dish.remindOk'),
            cancelText: t('common.cancel'),
            onOk: () => remind.mutateAsync().catch(() => undefined),
          })
        }
      >
        {t('approval.dish.remind')}
      </Button>
    </>
  );
}
