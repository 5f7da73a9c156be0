import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Flex, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment } from '../attachments/attachments';
import { useFilePreview } from '../file-preview/FilePreviewDialog';
import { PreviewButton } from '../file-preview/PreviewButton';
import { OpinionStatusBadge } from '../approval/status';
import { formatTime, useDurations } from '../approval/time';
import type { OpinionRow } from '../approval/types';

/**
 * The approval opinion table of spec §2: index, node, pending approvers, handler, status, opinion,
 * operation time and dwell time.
 */
export function OpinionTable({
  opinions,
  loading,
  beside,
  filesOpen = true,
}: {
  opinions: readonly OpinionRow[];
  loading?: boolean;
  /** what shows under an opinion besides its attachments (the signatures placed with it) */
  beside?: (row: OpinionRow) => ReactNode;
  /** false: attachments are named only (a shared request's guest may not download them) */
  filesOpen?: boolean;
}) {
  const { t } = useTranslation();
  const { dwell } = useDurations();
  const preview = useFilePreview();
  return (
    <>
      {preview.dialog}
      <Table<OpinionRow>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={[...opinions]}
        locale={{ emptyText: t('approval.opinions.empty') }}
        columns={[
          {
            key: 'index',
            title: t('approval.opinions.index'),
            width: 64,
            render: (_, _row, index) => index + 1,
          },
          { key: 'node', dataIndex: 'taskName', title: t('approval.opinions.node') },
          {
            key: 'pending',
            title: t('approval.opinions.pending'),
            responsive: ['sm'],
            render: (_, row) => (row.status === 'awaiting_check' ? row.qualfiedNames : ''),
          },
          {
            key: 'handler',
            title: t('approval.opinions.handler'),
            render: (_, row) =>
              row.auditorName && row.principalName
                ? t('approval.opinions.onBehalf', { name: row.auditorName, principal: row.principalName })
                : (row.auditorName ?? ''),
          },
          {
            key: 'status',
            title: t('approval.opinions.status'),
            render: (_, row) => <OpinionStatusBadge status={row.status} label={row.statusVal} />,
          },
          {
            key: 'opinion',
            title: t('approval.opinions.opinion'),
            render: (_, row) => (
              <Flex vertical gap={2}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{row.opinion ?? ''}</span>
                {beside?.(row)}
                {row.files.map((file) =>
                  filesOpen ? (
                    <Flex key={file.response.fileId} align="center" gap={4} wrap>
                      <Button
                        type="link"
                        size="small"
                        icon={<PaperClipOutlined aria-hidden />}
                        aria-label={t('approval.actions.download', { name: file.name })}
                        onClick={() => void downloadAttachment(file)}
                        style={{ padding: 0, height: 'auto', justifyContent: 'flex-start' }}
                      >
                        {file.name}
                      </Button>
                      <PreviewButton file={file} onPreview={preview.open} style={{ height: 'auto' }} />
                    </Flex>
                  ) : (
                    <span key={file.response.fileId}>
                      <PaperClipOutlined aria-hidden /> {file.name}
                    </span>
                  ),
                )}
              </Flex>
            ),
          },
          {
            key: 'time',
            title: t('approval.opinions.time'),
            responsive: ['md'],
            render: (_, row) => formatTime(row.completeTime),
          },
          {
            key: 'dwell',
            title: t('approval.opinions.dwell'),
            responsive: ['md'],
            render: (_, row) => (row.durMs === null ? '' : dwell(row.durMs)),
          },
        ]}
      />
    </>
  );
}
