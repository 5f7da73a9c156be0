import { ADD_SIGN_MODES, ADD_SIGN_POSITIONS, DUE_UNITS } from '@eip/contracts/flow';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import { AttachmentUpload } from '../../../../components/attachments/AttachmentUpload';
import { NextHandlers } from '../../../../components/candidate-picker/NextHandlers';
import { UserPicker } from '../../../../components/user-picker/UserPicker';
import { approvalKeys } from '../../shared/queries';
import type { FormValues } from '../../../../components/schema-form/SchemaForm';
import type { Operation, OperationField, OperationInput } from '../operations';
import { EndNote } from './EndNote';

/**
 * The dialog of a task button (issue 5): asks what the operation needs — the next handlers where a node
 * ahead lets the handler pick them, the node to send back to and the return mode, one or several users, where and how added signers vote, a delay — and the opinion.
 */
export function OperationDialog({
  operation,
  title,
  taskId,
  leaderId,
  defKey,
  endsWith,
  pending,
  onSubmit,
  onClose,
}: {
  operation: Pick<Operation<unknown>, 'fields' | 'opinionRequired'>;
  title: string;
  /** The task whose reject targets the dialog offers. */
  taskId?: string;
  /** The leader a secretary handles the task for. */
  leaderId?: string;
  /** The flow, whose approval phrases the opinion offers. */
  defKey?: string;
  /** An agreeing operation: the form data it submits, to say whether agreeing ends the request. */
  endsWith?: FormValues;
  pending: boolean;
  onSubmit: (input: OperationInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OperationInput>();
  const has = (field: OperationField) => operation.fields.includes(field);
  const targets = useQuery({
    queryKey: approvalKeys.rejectTargets(taskId ?? ''),
    queryFn: () => call('taskToReject', { query: { taskId: taskId!, leaderId } }),
    enabled: has('target') && Boolean(taskId),
  });
  const levels = useQuery({
    queryKey: approvalKeys.urgentLevels,
    queryFn: () => call('getUrgentStateConf', { body: {} }),
    enabled: has('urgency'),
    staleTime: Infinity,
  });
  const phrases = useQuery({
    queryKey: ['approval', 'phrasesOf', defKey ?? ''],
    queryFn: () => call('getApprovalByDefKeyAndTypeId', { query: { defKey: defKey! } }),
    enabled: has('opinion') && Boolean(defKey),
    staleTime: 60_000,
  });
  const required = (message: string) => [{ required: true, message }];
  const submit = (values: OperationInput) => {
    const target = targets.data?.find((node) => node.nodeId === values.destination);
    onSubmit({
      ...values,
      toInitiator: target?.nodeType === 'START',
      opinion: values.opinion?.trim() || undefined,
    });
  };
  return (
    <Modal
      open
      title={title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<OperationInput>
        form={form}
        layout="vertical"
        initialValues={{
          backHandMode: 'normal',
          position: 'after',
          mode: 'parallel',
          amount: 1,
          unit: 'day',
          urgentStateValue: 'normal',
        }}
        onFinish={submit}
      >
        {endsWith && taskId && <EndNote taskId={taskId} leaderId={leaderId} data={endsWith} />}
        {has('nextHandlers') && endsWith && taskId && (
          <NextHandlers source={{ taskId, leaderId }} data={endsWith} required={false} />
        )}
        {has('target') && (
          <Form.Item
            name="destination"
            label={t('approval.actions.target')}
            rules={required(t('approval.actions.targetRequired'))}
          >
            <Select
              loading={targets.isPending}
              options={(targets.data ?? []).map((node) => ({
                value: node.nodeId,
                label:
                  node.nodeType === 'START'
                    ? t('approval.actions.initiatorTarget', { node: node.name })
                    : node.name,
              }))}
            />
          </Form.Item>
        )}
        {has('backHandMode') && (
          <Form.Item name="backHandMode" label={t('approval.actions.backHandMode')}>
            <Radio.Group
              options={[
                { value: 'normal', label: t('approval.actions.backNormal') },
                { value: 'direct', label: t('approval.actions.backDirect') },
              ]}
            />
          </Form.Item>
        )}
        {has('user') && (
          <Form.Item
            name="userId"
            label={t('approval.actions.user')}
            rules={required(t('approval.actions.userRequired'))}
          >
            <UserPicker />
          </Form.Item>
        )}
        {has('users') && (
          <Form.Item
            name="userIds"
            label={t('approval.actions.users')}
            rules={required(t('approval.actions.userRequired'))}
          >
            <UserPicker multiple />
          </Form.Item>
        )}
        {has('position') && (
          <Form.Item name="position" label={t('approval.actions.position')}>
            <Radio.Group
              options={ADD_SIGN_POSITIONS.map((value) => ({
                value,
                label: t(`approval.actions.positions.${value}`),
              }))}
            />
          </Form.Item>
        )}
        {has('mode') && (
          <Form.Item name="mode" label={t('approval.actions.mode')}>
            <Radio.Group
              options={ADD_SIGN_MODES.map((value) => ({
                value,
                label: t(`approval.actions.modes.${value}`),
              }))}
            />
          </Form.Item>
        )}
        {has('delay') && (
          <Form.Item label={t('approval.actions.delay')} required>
            <Flex gap="small">
              <Form.Item name="amount" noStyle rules={required(t('approval.actions.delayRequired'))}>
                <InputNumber
                  min={1}
                  max={9999}
                  precision={0}
                  aria-label={t('approval.actions.delayAmount')}
                />
              </Form.Item>
              <Form.Item name="unit" noStyle>
                <Select
                  aria-label={t('approval.actions.delayUnit')}
                  style={{ width: 120 }}
                  options={DUE_UNITS.map((value) => ({ value, label: t(`approval.actions.units.${value}`) }))}
                />
              </Form.Item>
            </Flex>
          </Form.Item>
        )}
        {has('urgency') && (
          <Form.Item name="urgentStateValue" label={t('approval.actions.urgency')}>
            <Radio.Group
              options={(levels.data ?? []).map((level) => ({ value: level.value, label: level.name }))}
            />
          </Form.Item>
        )}
        {has('opinion') && Boolean(phrases.data?.length) && (
          <Form.Item label={t('approval.phrases.pick')}>
            <Flex gap={4} wrap>
              {phrases.data?.map((phrase) => (
                <Button
                  key={phrase.id}
                  size="small"
                  onClick={() => form.setFieldValue('opinion', phrase.expression)}
                >
                  {phrase.expression}
                </Button>
              ))}
            </Flex>
          </Form.Item>
        )}
        {has('opinion') && (
          <Form.Item
            name="opinion"
            label={t('approval.actions.opinion')}
            rules={[
              {
                required: operation.opinionRequired,
                whitespace: true,
                message: t('approval.actions.opinionRequired'),
              },
            ]}
          >
            <Input.TextArea
              rows={4}
              maxLength={4000}
              showCount
              placeholder={t('approval.actions.opinionPlaceholder')}
            />
          </Form.Item>
        )}
        {has('files') && (
          <Form.Item name="files" label={t('approval.actions.attachments')}>
            <AttachmentUpload
              purpose="opinion"
              uploadLabel={t('approval.actions.upload')}
              failedLabel={(name) => t('approval.actions.uploadFailed', { name })}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
