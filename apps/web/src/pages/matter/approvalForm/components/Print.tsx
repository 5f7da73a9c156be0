import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, callBlob } from '../../../../api/client';
import { saveBlob } from '../../../../components/attachments/attachments';
import { formatTime } from '../../../../components/approval/time';
import { useSession } from '../../../../stores/session';
import { approvalKeys } from '../../shared/queries';

/** The request as the approval form has it (not yet while it loads). */
type Printed = { subject: string; procDefKey: string } | undefined;

/**
 * 打印: the request printed on the server with its flow's print template (form, opinions, signatures) and
 * downloaded — as PDF when the server converts documents, else as Word; every print is recorded.
 */
export function usePrint(instId: string, instance: Printed, leaderId: string | undefined) {
  const queryClient = useQueryClient();
  const defKey = instance?.procDefKey ?? '';
  const template = {
    queryKey: approvalKeys.printTemplate(defKey),
    queryFn: () => call('getGlobalPrintTemplate', { query: { defKey }, silent: true }),
    staleTime: Infinity,
  };
  // asked for with the form, so that 打印 seldom waits for it (not by a shared request's guest, who cannot print)
  const guest = useSession((state) => state.guestUrl !== null);
  useQuery({ ...template, enabled: Boolean(defKey) && !guest });
  const print = useMutation({
    mutationFn: async () => {
      // the server's first format: PDF when it converts documents; Word it always prints
      const format = (await queryClient.ensureQueryData(template)).formats[0] ?? 'docx';
      const blob = await callBlob('wordPrint', { body: { instId, format, leaderId } });
      saveBlob(blob, `${instance?.subject ?? instId}.${format}`);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.printRecords(instId) }),
  });
  return { print: () => print.mutate(), printing: print.isPending };
}

/** 打印记录: who printed the request and when, newest first. */
export function PrintRecords({ instId }: { instId: string }) {
  const { t } = useTranslation();
  const records = useQuery({
    queryKey: approvalKeys.printRecords(instId),
    queryFn: () => call('getPrintRecordsByInstId', { query: { instId }, silent: true }),
  });
  return (
    <Card title={t('approval.print.records')} size="small">
      <List
        size="small"
        loading={records.isPending}
        dataSource={records.data ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approval.print.empty')} />,
        }}
        renderItem={(record) => (
          <List.Item>
            <Typography.Text>{t('approval.print.printedBy', { name: record.userName })}</Typography.Text>
            <Typography.Text type="secondary">{formatTime(record.createTime)}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
