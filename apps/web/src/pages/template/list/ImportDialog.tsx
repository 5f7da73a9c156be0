import type { DataTemplate, RouteValue } from '@eip/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Table, Tabs, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBlob, callUpload, call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { saveBlob } from '../../../components/attachments/attachments';

type DryRun = RouteValue<'newImport'>;
type ImportError = DryRun['errors'][number];

interface Props {
  template: DataTemplate;
  onClose: (imported: boolean) => void;
}

/**
 * 导入: the import template to fill in, a dry run of the chosen file that lists every error by sheet, row
 * and column, then saving its good rows; and the template's past imports.
 */
export function ImportDialog({ template, onClose }: Props) {
  const { t } = useTranslation();
  const [result, setResult] = useState<DryRun | null>(null);
  const check = useMutation({
    mutationFn: (file: File) => callUpload('newImport', file, { query: { templateAlias: template.alias } }),
    onSuccess: setResult,
  });
  const save = useMutation({
    mutationFn: () => call('saveImportResult', { body: { importId: result!.importId } }),
    onSuccess: (log) => {
      toast.success(t('template.imported', { count: log.succeeded }));
      onClose(true);
    },
  });
  const logs = useQuery({
    queryKey: ['template', template.alias, 'importLogs'],
    queryFn: () =>
      call('listImportLogs', { body: { querys: [{ property: 'templateAlias', value: template.alias }] } }),
  });
  const downloadTemplate = async () =>
    saveBlob(
      await callBlob('downloadTempFile', { params: { id: template.alias } }),
      `${template.name}-${t('template.importTemplate')}.xlsx`,
    );
  const importTab = (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Button onClick={() => void downloadTemplate()}>{t('template.downloadTemplate')}</Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            setResult(null);
            check.mutate(file);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={check.isPending}>
            {t('template.chooseFile')}
          </Button>
        </Upload>
      </Flex>
      {result && (
        <>
          <Alert
            type={result.errors.length ? 'warning' : 'success'}
            showIcon
            message={t('template.dryRun', {
              total: result.total,
              valid: result.valid,
              errors: result.errors.length,
            })}
          />
          {result.errors.length > 0 && (
            <Table<ImportError>
              size="small"
              rowKey={(e) => `${e.sheet}:${e.row}:${e.column}`}
              dataSource={result.errors}
              pagination={{ pageSize: 10 }}
              aria-label={t('template.importErrors')}
              columns={[
                { key: 'sheet', dataIndex: 'sheet', title: t('template.sheet') },
                { key: 'row', dataIndex: 'row', title: t('template.row') },
                { key: 'column', dataIndex: 'column', title: t('template.column') },
                { key: 'message', dataIndex: 'message', title: t('template.problem') },
              ]}
            />
          )}
        </>
      )}
    </Flex>
  );
  const logTab = (
    <Table
      size="small"
      rowKey="id"
      loading={logs.isPending}
      dataSource={logs.data?.rows ?? []}
      locale={{ emptyText: t('template.empty') }}
      columns={[
        { key: 'file', dataIndex: 'fileName', title: t('template.fileName') },
        { key: 'user', dataIndex: 'userName', title: t('template.importer') },
        { key: 'ok', dataIndex: 'succeeded', title: t('template.succeeded') },
        { key: 'failed', dataIndex: 'failed', title: t('template.failedRows') },
        {
          key: 'time',
          title: t('template.createTime'),
          render: (_, log) => dayjs(log.createTime).format('YYYY-MM-DD HH:mm'),
        },
      ]}
    />
  );
  return (
    <Modal
      open
      width={800}
      title={<Typography.Text strong>{t('template.import')}</Typography.Text>}
      okText={t('template.confirmImport')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !result?.valid }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={() => onClose(false)}
    >
      <Tabs
        items={[
          { key: 'import', label: t('template.import'), children: importTab },
          { key: 'logs', label: t('template.importLogs'), children: logTab },
        ]}
      />
    </Modal>
  );
}
