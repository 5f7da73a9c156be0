import type { QueryFilter, RouteValue } from '@eip/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Form, Input, Modal, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { mailKeys, PAGE_SIZES } from '../shared/keys';
import { addressRules } from '../shared/rules';

type Linkman = RouteValue<'listMailLinkmen'>['rows'][number];
type Values = Pick<Linkman, 'name' | 'mailAddress'>;

/**
 * 邮件联系人 (menu component mailLinkman, /mail/linkman): the people the user mails, by name and address —
 * searched, paged, added, edited and deleted (one or the chosen ones, after a confirmation). The compose
 * dialog offers them as receivers.
 */
export function MailLinkmanPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<Values>();
  const [text, setText] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  const [chosen, setChosen] = useState<string[]>([]);
  const [editing, setEditing] = useState<Partial<Linkman> | null>(null);

  const filter: QueryFilter = {
    pageBean: page,
    querys: text
      ? [
          { property: 'name', value: text, operation: 'LIKE', relation: 'OR', group: 'text' },
          { property: 'mailAddress', value: text, operation: 'LIKE', relation: 'OR', group: 'text' },
        ]
      : [],
  };
  const list = useQuery({
    queryKey: mailKeys.linkmen(filter),
    queryFn: () => call('listMailLinkmen', { body: filter }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    setChosen([]);
    void queryClient.invalidateQueries({ queryKey: mailKeys.all });
  };
  const save = useMutation({
    mutationFn: (values: Values) =>
      call('saveMailLinkman', {
        body: { ...(editing?.id ? { id: editing.id } : {}), ...values },
      }),
    onSuccess: () => {
      toast.success(t('mail.linkman.saved'));
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: string[]) => call('removeMailLinkmen', { query: { ids: ids.join(',') } }),
    onSuccess: () => {
      toast.success(t('mail.linkman.removed'));
      refresh();
    },
  });
  const confirmRemove = (ids: string[], content: string) =>
    void modal.confirm({
      title: t('mail.removeTitle'),
      content,
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(ids),
    });

  return (
    <ReadableColors>
      {modalHolder}
      <Flex vertical gap="middle" aria-busy={list.isFetching}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {t('mail.linkman.title')}
        </Typography.Title>
        <Flex gap="small" wrap align="center">
          <Input.Search
            allowClear
            aria-label={t('mail.linkman.search')}
            placeholder={t('mail.linkman.search')}
            style={{ width: 260, maxWidth: '100%' }}
            onSearch={(value) => {
              setText(value.trim());
              setPage((current) => ({ ...current, page: 1 }));
            }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('mail.linkman.add')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={chosen.length === 0}
            onClick={() =>
              confirmRemove(chosen, t('mail.linkman.removeChosenConfirm', { count: chosen.length }))
            }
          >
            {t('mail.linkman.removeChosen', { count: chosen.length })}
          </Button>
        </Flex>
        {list.error && <Alert type="error" showIcon title={list.error.message} />}
        <Table<Linkman>
          size="middle"
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.rows ?? []}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as string[]) }}
          locale={{
            emptyText: <Empty description={text ? t('mail.linkman.notFound') : t('mail.linkman.empty')} />,
          }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('mail.linkman.total', { count: total }),
            onChange: (current, pageSize) => setPage({ page: current, pageSize }),
          }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('mail.linkman.name') },
            {
              key: 'mailAddress',
              dataIndex: 'mailAddress',
              title: t('mail.linkman.address'),
              render: (address: string) => <span style={{ overflowWrap: 'anywhere' }}>{address}</span>,
            },
            {
              key: 'actions',
              title: t('mail.actions'),
              width: 96,
              render: (_, linkman) => (
                <Flex gap={4}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('mail.linkman.edit')} ${linkman.name}`}
                    onClick={() => setEditing(linkman)}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('mail.remove')} ${linkman.name}`}
                    onClick={() =>
                      confirmRemove([linkman.id], t('mail.linkman.removeConfirm', { name: linkman.name }))
                    }
                  />
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      <Modal
        open={editing !== null}
        title={editing?.id ? t('mail.linkman.edit') : t('mail.linkman.add')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ name: editing?.name ?? '', mailAddress: editing?.mailAddress ?? '' }}
          onFinish={(values) =>
            save.mutate({ name: values.name.trim(), mailAddress: values.mailAddress.trim() })
          }
        >
          <Form.Item
            name="name"
            label={t('mail.linkman.name')}
            rules={[{ required: true, whitespace: true, message: t('mail.linkman.nameRequired') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="mailAddress" label={t('mail.linkman.address')} rules={addressRules(t)}>
            <Input maxLength={254} inputMode="email" />
          </Form.Item>
        </Form>
      </Modal>
    </ReadableColors>
  );
}
