import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/client';
import { toast } from '../../../../app/feedback';
import type { InstanceRow, OpinionRow } from '../../../../components/approval/types';
import { approvalKeys } from '../../shared/queries';
import { handledTaskOf } from '../hooks';
import { INSTANCE_OPERATIONS, type InstanceOperationName, type OperationInput } from '../operations';
import { OperationDialog } from './OperationDialog';

type Confirmed = 'revoke' | 'retrieve' | 'hangUp' | 'cancelHangUp';

/**
 * What can be done to the request as a whole: the initiator withdraws (撤回), urges (催办), suspends or
 * resumes (挂起 / 取消挂起) and terminates (终止); whoever takes part circulates it (传阅); the last handler
 * takes a task back (拿回) from the done view. The server decides in the end; each asks first.
 */
export function InstanceActions({
  instance,
  opinions,
  userId,
  taskId,
  type,
  canTerminate,
}: {
  instance: InstanceRow;
  opinions: readonly OpinionRow[];
  userId: string | undefined;
  taskId: string | undefined;
  type: string | undefined;
  canTerminate: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<InstanceOperationName | null>(null);
  const instId = instance.id;
  const running = instance.status === 'running';
  const mine = instance.creatorId === userId;
  const handled = type === 'done' && running ? handledTaskOf(opinions, userId) : undefined;

  const done = (label: string, to?: string) => {
    toast.success(t('approval.actions.done', { action: label }));
    void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    if (to) navigate(to);
  };
  const confirmed = useMutation({
    mutationFn: (name: Confirmed) => {
      if (name === 'revoke') return call('revokeInstance', { body: { instId } });
      if (name === 'retrieve') return call('retrieveBpmTask', { query: { taskId: handled! } });
      if (name === 'hangUp') return call('hangUpInstance', { query: { instId } });
      return call('cancelHangUpInstance', { query: { instId } });
    },
    onSuccess: (_value, name) =>
      done(t(`approval.actions.${name}`), name === 'retrieve' ? '/matter/myTask' : undefined),
  });
  const operate = useMutation({
    mutationFn: ({ name, input }: { name: InstanceOperationName; input: OperationInput }): Promise<unknown> =>
      INSTANCE_OPERATIONS[name].run(input, { instId, taskId }),
    onSuccess: (_value, { name }) => {
      setDialog(null);
      done(t(`approval.actions.${name}`), name === 'endProcess' && taskId ? '/matter/myTask' : undefined);
    },
  });
  const ask = (name: Confirmed, content: string) =>
    void modal.confirm({
      title: t('approval.actions.confirmTitle', { action: t(`approval.actions.${name}`) }),
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => confirmed.mutateAsync(name),
    });

  const shown: { key: string; label: string; onClick: () => void }[] = [];
  if (running && mine && !taskId) {
    shown.push({
      key: 'revoke',
      label: t('approval.actions.revoke'),
      onClick: () => ask('revoke', t('approval.actions.revokeConfirm')),
    });
    shown.push({ key: 'urgent', label: t('approval.actions.urgent'), onClick: () => setDialog('urgent') });
    shown.push(
      instance.suspended
        ? {
            key: 'cancelHangUp',
            label: t('approval.actions.cancelHangUp'),
            onClick: () => ask('cancelHangUp', t('approval.actions.cancelHangUpConfirm')),
          }
        : {
            key: 'hangUp',
            label: t('approval.actions.hangUp'),
            onClick: () => ask('hangUp', t('approval.actions.hangUpConfirm')),
          },
    );
  }
  if (handled) {
    shown.push({
      key: 'retrieve',
      label: t('approval.actions.retrieve'),
      onClick: () => ask('retrieve', t('approval.actions.retrieveConfirm')),
    });
  }
  if (running)
    shown.push({
      key: 'circulate',
      label: t('approval.actions.circulate'),
      onClick: () => setDialog('circulate'),
    });
  if (running && (canTerminate || (mine && !taskId))) {
    shown.push({
      key: 'endProcess',
      label: t('approval.actions.endProcess'),
      onClick: () => setDialog('endProcess'),
    });
  }

  return (
    <>
      {modalHolder}
      {shown.map((action) => (
        <Button
          key={action.key}
          danger={action.key === 'endProcess'}
          loading={
            (confirmed.isPending && confirmed.variables === action.key) ||
            (operate.isPending && operate.variables?.name === action.key)
          }
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
      {dialog && (
        <OperationDialog
          operation={INSTANCE_OPERATIONS[dialog]}
          title={t(`approval.actions.${dialog}`)}
          pending={operate.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(input) =>
            dialog === 'endProcess'
              ? void modal.confirm({
                  title: t('approval.actions.confirmTitle', { action: t('approval.actions.endProcess') }),
                  content: t('approval.actions.endProcessConfirm'),
                  okText: t('common.ok'),
                  cancelText: t('common.cancel'),
                  onOk: () => operate.mutateAsync({ name: dialog, input }),
                })
              : operate.mutate({ name: dialog, input })
          }
        />
      )}
    </>
  );
}
