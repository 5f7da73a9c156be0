import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback';
import { ReadableColors } from '../../../components/approval/ReadableColors';

/**
 * A personal-settings page (agents, secretaries, phrases): its title, an add button, the table of entries
 * with edit and delete (after a confirmation), and the entry dialog.
 */
export function SettingsPage<Row extends { id: string }>({
  title,
  addLabel,
  rows,
  loading,
  error,
  columns,
  describe,
  queryKey,
  remove,
  onAdd,
  onEdit,
  dialog,
}: {
  title: string;
  addLabel: string;
  rows: Row[];
  loading: boolean;
  error: Error | null;
  columns: ColumnsType<Row>;
  /** How the confirmation names an entry. */
  describe: (row: Row) => string;
  /** What to refresh after a change. */
  queryKey: QueryKey;
  remove: (id: string) => Promise<unknown>;
  onAdd: () => void;
  onEdit?: (row: Row) => void;
  dialog: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const removal = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      toast.success(t('approval.settings.removed'));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
  const confirmRemove = (row: Row) =>
    void modal.confirm({
      title: t('approval.settings.removeTitle'),
      content: t('approval.settings.removeConfirm', { name: describe(row) }),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => removal.mutateAsync(row.id),
    });
  return (
    <ReadableColors>
      {modalHolder}
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
            {title}
          </Typography.Title>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Flex>
        {error && <Alert type="error" showIcon title={error.message} />}
        <Table<Row>
          size="middle"
          rowKey="id"
          loading={loading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('approval.list.empty') }}
          columns={[
            ...columns,
            {
              key: 'actions',
              title: t('approval.list.actions'),
              render: (_, row) => (
                <Flex gap={4}>
                  {onEdit && (
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`${t('approval.settings.edit')} ${describe(row)}`}
                      onClick={() => onEdit(row)}
                    />
                  )}
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('approval.settings.remove')} ${describe(row)}`}
                    loading={removal.isPending && removal.variables === row.id}
                    onClick={() => confirmRemove(row)}
                  />
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      {dialog}
    </ReadableColors>
  );
}
