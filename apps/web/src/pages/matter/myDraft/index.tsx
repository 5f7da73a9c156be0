import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { formatTime } from '../../../components/approval/time';
import type { InstanceRow } from '../../../components/approval/types';
import { requestColumns } from '../shared/instanceColumns';
import { MatterList } from '../shared/MatterList';
import { approvalKeys } from '../shared/queries';
import { useListCount } from '../shared/listCounts';

/** A draft reopens in the start form where it was left. */
const open = (draft: InstanceRow) => `/matter/startProcess?${new URLSearchParams({ draftId: draft.id })}`;

/** 我的草稿 (menu component myDraft): requests saved but not yet submitted; reopen or delete. */
export function MyDraftPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const count = useListCount('myDraft');
  const remove = useMutation({
    mutationFn: (id: string) => call('removeDraftById', { query: { id } }),
    onSuccess: () => {
      toast.success(t('approval.draft.removed'));
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  const confirmRemove = (draft: InstanceRow) =>
    void modal.confirm({
      title: t('approval.draft.removeTitle'),
      content: t('approval.draft.removeConfirm', { subject: draft.subject }),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(draft.id),
    });
  return (
    <>
      {modalHolder}
      <MatterList<InstanceRow>
        name="myDraft"
        title={t('approval.menu.myDraft')}
        count={count}
        fetchPage={(body) => call('myDraft', { body })}
        rowKey={(draft) => draft.id}
        openPath={open}
        columns={[
          ...requestColumns<InstanceRow>(t, open),
          {
            key: 'updateTime',
            title: t('approval.draft.savedAt'),
            responsive: ['sm'],
            render: (_, draft) => formatTime(draft.updateTime),
          },
          {
            key: 'actions',
            title: t('approval.list.actions'),
            render: (_, draft) => (
              <Button
                danger
                type="link"
                icon={<DeleteOutlined />}
                aria-label={`${t('approval.draft.remove')} ${draft.subject}`}
                loading={remove.isPending && remove.variables === draft.id}
                onClick={() => confirmRemove(draft)}
              >
                {t('approval.draft.remove')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
