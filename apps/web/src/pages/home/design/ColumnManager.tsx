import type { Column } from '@eip/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Flex, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { useSettings } from '../../../stores/settings';
import { homeKeys } from '../data';
import { ColumnForm } from './ColumnForm';

/** 栏目管理: the catalogue of columns, each to edit or delete (after a confirmation), and new ones to make. */
export function ColumnManager({
  open,
  onClose,
  columns,
}: {
  open: boolean;
  onClose: () => void;
  columns: Column[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mobile = useSettings((state) => state.device === 'mobile');
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<Column | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (column: Column) => call('removeColumns', { query: { ids: column.id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: homeKeys.all });
      toast.success(t('portal.columns.removed'));
    },
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('portal.design.columns')}
      size={mobile ? '100%' : 560}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('portal.columns.create')}
        </Button>
      }
    >
      {modalHolder}
      {editing ? (
        <ColumnForm column={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <List
          dataSource={columns}
          renderItem={(column) => (
            <List.Item
              actions={[
                <Button
                  key="edit"
                  type="text"
                  icon={<EditOutlined aria-hidden />}
                  aria-label={t('portal.columns.edit', { name: column.name })}
                  onClick={() => setEditing(column)}
                />,
                <Button
                  key="remove"
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('portal.columns.remove', { name: column.name })}
                  onClick={() =>
                    modal.confirm({
                      title: t('common.tip'),
                      content: t('portal.columns.removeConfirm', { name: column.name }),
                      okText: t('common.ok'),
                      okButtonProps: { danger: true },
                      cancelText: t('common.cancel'),
                      onOk: () => remove.mutateAsync(column),
                    })
                  }
                />,
              ]}
            >
              <List.Item.Meta
                title={
                  <Flex gap="small" align="center">
                    {column.name}
                    <Tag>{t(`portal.kinds.${column.kind}`)}</Tag>
                  </Flex>
                }
                description={
                  <Typography.Text type="secondary">
                    {column.alias} ·{' '}
                    {column.dataMode === 'provider'
                      ? t(`portal.providers.${column.dataFrom}` as 'portal.providers.html')
                      : column.dataFrom}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
