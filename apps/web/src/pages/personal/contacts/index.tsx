import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Input, List, Modal, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { UserPicker } from '../../../components/user-picker/UserPicker';

const contactKeys = {
  all: ['uc', 'contacts'] as const,
  groups: ['uc', 'contacts', 'groups'] as const,
  members: (groupId: string) => ['uc', 'contacts', 'members', groupId] as const,
};

/** 常用联系人 (menu component contacts): the user's contact groups and their members, in the user's order. */
export function ContactsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id?: string; name: string } | null>(null);
  const [adding, setAdding] = useState<string[]>([]);

  const groups = useQuery({
    queryKey: contactKeys.groups,
    queryFn: () =>
      call('queryGroups', {
        body: { pageBean: { page: 1, pageSize: 1000 }, sorter: [{ property: 'sn', direction: 'ASC' }] },
      }),
  });
  const groupId = chosen ?? groups.data?.rows[0]?.id ?? null;
  const group = groups.data?.rows.find((g) => g.id === groupId);
  const members = useQuery({
    queryKey: contactKeys.members(groupId ?? ''),
    queryFn: () =>
      call('getGroupUsers', {
        query: { groupId: groupId! },
        body: { pageBean: { page: 1, pageSize: 1000 }, sorter: [{ property: 'sn', direction: 'ASC' }] },
      }),
    enabled: Boolean(groupId),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: contactKeys.all });
  const saveGroup = useMutation({
    mutationFn: (value: { id?: string; name: string }) => call('saveGroup', { body: value }),
    onSuccess: (saved) => {
      setEditing(null);
      setChosen(saved.id);
      toast.success(t('approval.contacts.saved'));
      refresh();
    },
  });
  const removeGroup = useMutation({
    mutationFn: (id: string) => call('removeGroups', { query: { ids: id } }),
    onSuccess: () => {
      setChosen(null);
      refresh();
    },
  });
  const addMembers = useMutation({
    mutationFn: (userIds: string[]) => call('saveGroupUsers', { body: { groupId: groupId!, userIds } }),
    onSuccess: () => {
      setAdding([]);
      refresh();
    },
  });
  const removeMember = useMutation({
    mutationFn: (id: string) => call('removeGroupUsers', { query: { ids: id } }),
    onSuccess: refresh,
  });
  const swap = useMutation({
    mutationFn: ([firstId, secondId]: [string, string]) =>
      call('swapGroupUsers', { body: { firstId, secondId } }),
    onSuccess: refresh,
  });
  const confirm = (title: string, content: string, run: () => Promise<unknown>) =>
    void modal.confirm({
      title,
      content,
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: run,
    });
  const rows = members.data?.rows ?? [];

  return (
    <ReadableColors>
      {modalHolder}
      <Flex vertical gap="middle">
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {t('approval.contacts.title')}
        </Typography.Title>
        {groups.error && <Alert type="error" showIcon title={groups.error.message} />}
        <Flex gap="middle" wrap align="flex-start">
          <Card
            size="small"
            title={t('approval.contacts.groups')}
            style={{ flex: '1 1 240px', maxWidth: '100%' }}
            extra={
              <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ name: '' })}>
                {t('approval.contacts.newGroup')}
              </Button>
            }
          >
            <List
              loading={groups.isPending}
              locale={{ emptyText: <Empty description={t('approval.contacts.noGroups')} /> }}
              dataSource={groups.data?.rows ?? []}
              renderItem={(g) => (
                <List.Item
                  style={{
                    cursor: 'pointer',
                    background: g.id === groupId ? token.controlItemBgActive : undefined,
                  }}
                  actions={[
                    <Button
                      key="edit"
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`${t('approval.contacts.rename')} ${g.name}`}
                      onClick={() => setEditing({ id: g.id, name: g.name })}
                    />,
                    <Button
                      key="remove"
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('approval.contacts.removeGroup')} ${g.name}`}
                      onClick={() =>
                        confirm(
                          t('approval.contacts.removeGroup'),
                          t('approval.contacts.removeGroupConfirm', { name: g.name }),
                          () => removeGroup.mutateAsync(g.id),
                        )
                      }
                    />,
                  ]}
                >
                  <Button type="link" onClick={() => setChosen(g.id)} aria-pressed={g.id === groupId}>
                    {g.name}（{g.memberCount}）
                  </Button>
                </List.Item>
              )}
            />
          </Card>
          <Card
            size="small"
            title={
              group
                ? t('approval.contacts.members', { name: group.name })
                : t('approval.contacts.membersTitle')
            }
            style={{ flex: '3 1 320px', maxWidth: '100%' }}
          >
            {group ? (
              <Flex vertical gap="small">
                <Flex gap="small" wrap>
                  <div style={{ flex: '1 1 200px' }}>
                    <UserPicker
                      multiple
                      value={adding}
                      excludeIds={rows.map((row) => row.userId)}
                      onChange={(value) => setAdding(Array.isArray(value) ? value : [value])}
                    />
                  </div>
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    disabled={!adding.length}
                    loading={addMembers.isPending}
                    onClick={() => addMembers.mutate(adding)}
                  >
                    {t('approval.contacts.addMembers')}
                  </Button>
                </Flex>
                <Table
                  size="small"
                  rowKey="id"
                  loading={members.isPending}
                  dataSource={rows}
                  pagination={false}
                  locale={{ emptyText: t('approval.contacts.noMembers') }}
                  columns={[
                    { key: 'fullname', dataIndex: 'fullname', title: t('approval.contacts.name') },
                    {
                      key: 'account',
                      dataIndex: 'account',
                      title: t('approval.contacts.account'),
                      responsive: ['sm'],
                    },
                    {
                      key: 'mobile',
                      dataIndex: 'mobile',
                      title: t('approval.contacts.mobile'),
                      responsive: ['md'],
                    },
                    {
                      key: 'email',
                      dataIndex: 'email',
                      title: t('approval.contacts.email'),
                      responsive: ['lg'],
                    },
                    {
                      key: 'actions',
                      title: t('approval.list.actions'),
                      render: (_, member, index) => (
                        <Flex gap={4}>
                          <Button
                            size="small"
                            icon={<ArrowUpOutlined />}
                            aria-label={`${t('approval.contacts.moveUp')} ${member.fullname}`}
                            disabled={index === 0 || swap.isPending}
                            onClick={() => swap.mutate([member.id, rows[index - 1]!.id])}
                          />
                          <Button
                            size="small"
                            icon={<ArrowDownOutlined />}
                            aria-label={`${t('approval.contacts.moveDown')} ${member.fullname}`}
                            disabled={index === rows.length - 1 || swap.isPending}
                            onClick={() => swap.mutate([member.id, rows[index + 1]!.id])}
                          />
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`${t('approval.contacts.removeMember')} ${member.fullname}`}
                            onClick={() =>
                              confirm(
                                t('approval.contacts.removeMember'),
                                t('approval.contacts.removeMemberConfirm', { name: member.fullname }),
                                () => removeMember.mutateAsync(member.id),
                              )
                            }
                          />
                        </Flex>
                      ),
                    },
                  ]}
                />
              </Flex>
            ) : (
              <Empty description={t('approval.contacts.chooseGroup')} />
            )}
          </Card>
        </Flex>
      </Flex>
      <Modal
        open={editing !== null}
        title={editing?.id ? t('approval.contacts.rename') : t('approval.contacts.newGroup')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saveGroup.isPending}
        destroyOnHidden
        onCancel={() => setEditing(null)}
        onOk={() => editing?.name.trim() && saveGroup.mutate({ ...editing, name: editing.name.trim() })}
      >
        <Form layout="vertical">
          <Form.Item label={t('approval.contacts.groupName')} htmlFor="eip-contact-group-name" required>
            <Input
              id="eip-contact-group-name"
              maxLength={100}
              value={editing?.name ?? ''}
              onChange={(event) =>
                setEditing((current) => current && { ...current, name: event.target.value })
              }
            />
          </Form.Item>
        </Form>
      </Modal>
    </ReadableColors>
  );
}
