import type { CustomDialog as Dialog, RouteValue, TreeNode } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, Modal, Spin, Table, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { userSearchFilter } from '../user-picker/UserPicker';

type Row = RouteValue<'queryViewData'>['rows'][number];
type UserRow = RouteValue<'queryUserWithMainOrgPost'>['rows'][number];

/** What a pick gives the field: the value it keeps and the text it shows. */
export interface Picked {
  value: string;
  label: string;
}

/** Flat nodes (each naming its parent) as a tree; with a search, the matching nodes and their ancestors. */
export function buildTree(nodes: TreeNode[], search = ''): TreeDataNode[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const keep = new Set<string>();
  for (const node of nodes) {
    if (search && !node.name.includes(search)) continue;
    for (let at: TreeNode | undefined = node; at && !keep.has(at.id); at = byId.get(at.parentId ?? '')) {
      keep.add(at.id);
    }
  }
  const children = (parentId: string | null): TreeDataNode[] =>
    nodes
      .filter((node) => keep.has(node.id) && (node.parentId ?? null) === parentId)
      .map((node) => ({ key: node.id, title: node.name, children: children(node.id) }));
  const roots = nodes.filter((node) => keep.has(node.id) && (!node.parentId || !byId.has(node.parentId)));
  return roots.map((node) => ({ key: node.id, title: node.name, children: children(node.id) }));
}

/** The search box above a dialog's rows or tree: the trimmed text on Enter or the search button. */
function DialogSearch({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      placeholder={t('template.query.dialogSearch')}
      aria-label={t('template.query.dialogSearch')}
      onSearch={(value) => onSearch(value.trim())}
      style={{ marginBottom: 8 }}
    />
  );
}

function ListPicker({ dialog, onPick }: { dialog: Dialog; onPick: (row: Row) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['customQuery', dialog.queryAlias],
    queryFn: () => call('customQueryGetByAlias', { body: { alias: dialog.queryAlias! } }),
  });
  const view = query.data?.views.find((v) => v.alias === dialog.viewAlias);
  const rows = useQuery({
    queryKey: ['customDialog', dialog.alias, search, page],
    queryFn: () =>
      call('queryViewData', {
        params: { sqlAlias: dialog.queryAlias!, alias: dialog.viewAlias! },
        body: {
          pageBean: { page, pageSize: 10, showTotal: true },
          querys: search
            ? dialog.searchFields.map((property) => ({
                property,
                operation: 'LIKE',
                value: search,
                relation: 'OR' as const,
                group: 'search',
              }))
            : [],
        },
      }),
    placeholderData: (previous) => previous,
  });
  if (query.isError || rows.isError)
    return <Alert type="error" showIcon message={t('template.query.failed')} />;
  return (
    <>
      <DialogSearch
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <Table<Row>
        rowKey={(row) => String(row.id)}
        size="small"
        loading={rows.isFetching || query.isPending}
        dataSource={rows.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('template.query.dialogEmpty') }}
        columns={(view?.columns ?? []).map((name) => ({
          key: name,
          dataIndex: name,
          title: query.data?.fields.find((f) => f.name === name)?.label ?? name,
        }))}
        onRow={(row) => ({ onClick: () => onPick(row), style: { cursor: 'pointer' } })}
        pagination={{ current: page, pageSize: 10, total: rows.data?.total ?? 0, onChange: setPage }}
      />
    </>
  );
}

/** The directory's active users, searched by name or account, 10 a page: a keeper, a contact person. */
function UserListPicker({ dialog, onPick }: { dialog: Dialog; onPick: (row: UserRow) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useQuery({
    queryKey: ['customDialog', dialog.alias, search, page],
    queryFn: () =>
      call('queryUserWithMainOrgPost', {
        body: userSearchFilter(search, { page, pageSize: 10, showTotal: true }),
      }),
    placeholderData: (previous) => previous,
  });
  if (users.isError) return <Alert type="error" showIcon message={t('template.query.failed')} />;
  return (
    <>
      <DialogSearch
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <Table<UserRow>
        rowKey="id"
        size="small"
        loading={users.isFetching}
        dataSource={users.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('template.query.dialogEmpty') }}
        columns={[
          { key: 'fullname', dataIndex: 'fullname', title: t('template.query.userName') },
          { key: 'account', dataIndex: 'account', title: t('template.query.userAccount') },
          { key: 'orgName', dataIndex: 'orgName', title: t('template.query.userOrg') },
        ]}
        onRow={(row) => ({ onClick: () => onPick(row), style: { cursor: 'pointer' } })}
        pagination={{ current: page, pageSize: 10, total: users.data?.total ?? 0, onChange: setPage }}
      />
    </>
  );
}

function TreePicker({ dialog, onPick }: { dialog: Dialog; onPick: (node: TreeNode) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const nodes = useQuery({
    queryKey: ['customDialog', dialog.alias, 'tree'],
    queryFn: () => call('customDialogTreeData', { query: { alias: dialog.alias } }),
  });
  const tree = useMemo(() => buildTree(nodes.data ?? [], search), [nodes.data, search]);
  if (nodes.isError) return <Alert type="error" showIcon message={t('template.query.failed')} />;
  if (nodes.isPending) return <Spin />;
  return (
    <>
      <DialogSearch onSearch={setSearch} />
      {tree.length ? (
        <Tree
          treeData={tree}
          defaultExpandAll
          onSelect={(keys) => {
            const node = nodes.data.find((n) => n.id === keys[0]);
            if (node) onPick(node);
          }}
        />
      ) : (
        <Empty description={t('template.query.dialogEmpty')} />
      )}
    </>
  );
}

/**
 * A custom dialog (customDialog): a list over a query view or the directory's users with a search box, or a
 * tree; clicking a row or a node picks it.
 */
export function CustomDialog({
  alias,
  onPick,
  onClose,
}: {
  alias: string;
  onPick: (picked: Picked) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useQuery({
    queryKey: ['customDialog', alias],
    queryFn: () => call('customDialogGetByAlias', { query: { alias } }),
  });
  const pick = (record: Record<string, unknown>) => {
    const def = dialog.data!;
    onPick({ value: String(record[def.valueField] ?? ''), label: String(record[def.labelField] ?? '') });
  };
  return (
    <Modal
      open
      title={dialog.data?.name ?? t('template.query.choose')}
      onCancel={onClose}
      footer={null}
      width={720}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      {dialog.isError ? (
        <Alert type="error" showIcon message={t('template.query.failed')} />
      ) : !dialog.data ? (
        <Spin />
      ) : dialog.data.style === 'tree' ? (
        <TreePicker dialog={dialog.data} onPick={pick} />
      ) : dialog.data.listSource === 'user' ? (
        <UserListPicker dialog={dialog.data} onPick={pick} />
      ) : (
        <ListPicker dialog={dialog.data} onPick={pick} />
      )}
    </Modal>
  );
}
