import { CheckOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, List, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import { toast } from '../../../../app/feedback';
import type { TodoRow } from '../../../../components/approval/types';
import { approvalKeys } from '../../shared/queries';

/**
 * Batch approval of the chosen tasks (spec §5: tasks that cannot be batch processed are filtered out
 * first). The dialog names every task left out and why; the rest are agreed with one opinion.
 */
export function BatchApproval({ chosen, clear }: { chosen: TodoRow[]; clear: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [opinion, setOpinion] = useState('');
  const taskIds = chosen.map((task) => task.taskId);
  const check = useQuery({
    queryKey: ['approval', 'batchable', taskIds],
    queryFn: () => call('filterUnBatchable', { query: { taskIds: taskIds.join(',') } }),
    enabled: open && taskIds.length > 0,
  });
  const approve = useMutation({
    mutationFn: (ids: string[]) =>
      call('batchHandle', { body: { taskIds: ids, opinion: opinion.trim() || undefined } }),
    onSuccess: (results) => {
      const failed = results.filter((result) => !result.ok);
      if (failed.length) {
        toast.warning(
          t('approval.batch.partly', { done: results.length - failed.length, failed: failed.length }),
        );
      } else {
        toast.success(t('approval.batch.done', { count: results.length }));
      }
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      setOpen(false);
      setOpinion('');
      clear();
    },
  });
  const subjectOf = (taskId: string) => chosen.find((task) => task.taskId === taskId)?.subject ?? taskId;
  const batchable = check.data?.batchable ?? [];
  return (
    <Flex gap="small" align="center" wrap>
      <Button icon={<CheckOutlined />} disabled={!chosen.length} onClick={() => setOpen(true)}>
        {t('approval.batch.button', { count: chosen.length })}
      </Button>
      {chosen.length > 0 && (
        <Button type="link" onClick={clear}>
          {t('approval.batch.clear')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('approval.batch.title')}
        okText={t('approval.batch.approve', { count: batchable.length })}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !batchable.length }}
        confirmLoading={approve.isPending}
        onOk={() => approve.mutate(batchable)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {check.isPending ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap="middle">
            {check.error && <Alert type="error" showIcon title={check.error.message} />}
            <Typography.Text>{t('approval.batch.batchable', { count: batchable.length })}</Typography.Text>
            {Boolean(check.data?.unbatchable.length) && (
              <Alert
                type="warning"
                showIcon
                title={t('approval.batch.excluded', { count: check.data?.unbatchable.length })}
                description={
                  <List
                    size="small"
                    dataSource={check.data?.unbatchable ?? []}
                    renderItem={(item) => (
                      <List.Item>
                        <Typography.Text strong>{subjectOf(item.taskId)}</Typography.Text>：{item.message}
                      </List.Item>
                    )}
                  />
                }
              />
            )}
            <Form layout="vertical">
              <Form.Item label={t('approval.actions.opinion')} htmlFor="eip-batch-opinion">
                <Input.TextArea
                  id="eip-batch-opinion"
                  rows={3}
                  maxLength={4000}
                  value={opinion}
                  placeholder={t('approval.actions.opinionPlaceholder')}
                  onChange={(event) => setOpinion(event.target.value)}
                />
              </Form.Item>
            </Form>
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}
