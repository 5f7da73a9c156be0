import { useMutation } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/client';
import { toast } from '../../../../app/feedback';
import type { InstanceRow } from '../../../../components/approval/types';
import { DistributeDialog } from './DistributeDialog';

/**
 * 分发 and 归档 (more actions of the approval form, not for a secretary acting for her leader): a handler
 * — now, or earlier for the done view — sends the request to orgs and people or files it into the document
 * library, while it runs or once approved; its initiator too once approved. The server decides in the end.
 */
export function DistributeActions({
  instance,
  userId,
  taskId,
  type,
}: {
  instance: InstanceRow;
  userId: string | undefined;
  taskId: string | undefined;
  type: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [open, setOpen] = useState(false);
  const approved = instance.status === 'end';
  const handler = Boolean(taskId) || type === 'done';
  const file = useMutation({
    mutationFn: () =>
      call('taskToDecument', { body: { instId: instance.id, ...(taskId ? { taskId } : {}) } }),
    onSuccess: (doc) => {
      toast.success(t('approval.dish.filed'));
      navigate(`/matter/documentLibraryForm?businessKey=${encodeURIComponent(doc.businessKey)}`);
    },
  });
  if (instance.suspended || !(instance.status === 'running' || approved)) return null;
  if (!handler && !(approved && instance.creatorId === userId)) return null;
  return (
    <>
      {modalHolder}
      <Button onClick={() => setOpen(true)}>{t('approval.dish.distribute')}</Button>
      <Button
        loading={file.isPending}
        onClick={() =>
          void modal.confirm({
            title: t('approval.actions.confirmTitle', { action: t('approval.dish.file') }),
            content: t('approval.dish.fileConfirm'),
            okText: t('common.ok'),
            cancelText: t('common.cancel'),
            onOk: () => file.mutateAsync(),
          })
        }
      >
        {t('approval.dish.file')}
      </Button>
      {open && <DistributeDialog instId={instance.id} taskId={taskId} onClose={() => setOpen(false)} />}
    </>
  );
}
