import { DISH_OPINION_MAX, type RouteBody } from '@eip/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import { toast } from '../../../../app/feedback';
import { OrgPicker } from '../../../../components/user-picker/OrgPicker';
import { UserPicker } from '../../../../components/user-picker/UserPicker';
import { approvalKeys } from '../../shared/queries';

interface Values {
  orgIds?: string[];
  includeSubOrgs: boolean;
  userIds?: string[];
  opinion?: string;
}

/**
 * 分发: the orgs (their members, and by default those of their sub-orgs too) and the people a request goes
 * to, with a note. Sends once at least one is chosen; the server answers how many people it reached.
 */
export function DistributeDialog({
  instId,
  taskId,
  onClose,
}: {
  instId: string;
  taskId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const send = useMutation({
    mutationFn: (body: RouteBody<'taskToDishOut'>) => call('taskToDishOut', { body }),
    onSuccess: ({ receivers }) => {
      toast.success(t('approval.dish.sent', { count: receivers }));
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      onClose();
    },
  });
  const someReceiver = () =>
    Boolean(
      (form.getFieldValue('orgIds') as string[] | undefined)?.length ||
      (form.getFieldValue('userIds') as string[] | undefined)?.length,
    );
  return (
    <Modal
      open
      title={t('approval.dish.dialogTitle')}
      okText={t('approval.dish.distribute')}
      cancelText={t('common.cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width="min(560px, calc(100vw - 16px))"
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          send.mutate({
            instId,
            ...(taskId ? { taskId } : {}),
            orgIds: values.orgIds ?? [],
            includeSubOrgs: values.includeSubOrgs,
            userIds: values.userIds ?? [],
            opinion: values.opinion?.trim() ?? '',
          })
        }
      >
        <Form.Item
          name="orgIds"
          label={t('approval.dish.orgs')}
          dependencies={['userIds']}
          rules={[
            {
              validator: () =>
                someReceiver()
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('approval.dish.receiversRequired'))),
            },
          ]}
        >
          <OrgPicker placeholder={t('approval.dish.orgPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="includeSubOrgs"
          valuePropName="checked"
          initialValue
          extra={t('approval.dish.includeSubOrgsHelp')}
        >
          <Checkbox>{t('approval.dish.includeSubOrgs')}</Checkbox>
        </Form.Item>
        <Form.Item name="userIds" label={t('approval.dish.users')}>
          <UserPicker multiple />
        </Form.Item>
        <Form.Item name="opinion" label={t('approval.dish.opinion')}>
          <Input.TextArea rows={3} maxLength={DISH_OPINION_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
