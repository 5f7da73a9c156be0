import type { ContentRow } from '@eip/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { contentKeys } from './kinds';

type Entry = Pick<ContentRow, 'id' | 'title'>;

/**
 * The editor's actions on an entry: publish, withdraw (after a confirmation) and delete (after a
 * confirmation); each refreshes the lists and details. `modalHolder` must be rendered.
 */
export function useContentActions(onRemoved?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const refresh = () => queryClient.invalidateQueries({ queryKey: contentKeys.all });
  const publish = useMutation({
    mutationFn: (entry: Entry) => call('publishNews', { query: { id: entry.id } }),
    onSuccess: () => {
      toast.success(t('content.publishedOk'));
      void refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: (entry: Entry) => call('withdrawNews', { query: { id: entry.id } }),
    onSuccess: () => {
      toast.success(t('content.withdrawnOk'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (entry: Entry) => call('removeNews', { query: { ids: entry.id } }),
    onSuccess: () => {
      toast.success(t('content.removedOk'));
      onRemoved?.();
      void refresh();
    },
  });
  const confirm = (title: string, content: string, onOk: () => Promise<unknown>) =>
    void modal.confirm({
      title,
      content,
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk,
    });
  return {
    modalHolder,
    pending: publish.isPending || withdraw.isPending || remove.isPending,
    publish: (entry: Entry) => publish.mutateAsync(entry),
    withdraw: (entry: Entry) =>
      confirm(t('content.withdrawTitle'), t('content.withdrawConfirm', { title: entry.title }), () =>
        withdraw.mutateAsync(entry),
      ),
    remove: (entry: Entry) =>
      confirm(t('content.removeTitle'), t('content.removeConfirm', { title: entry.title }), () =>
        remove.mutateAsync(entry),
      ),
  };
}
