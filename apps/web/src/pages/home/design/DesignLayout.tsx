import type { Layout, LayoutItem } from '@eip/contracts';
import { ALIAS_PATTERN, type LayoutScope } from '@eip/contracts/home';
import { CheckOutlined, DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { ArrangeGrid } from '../arrange/ArrangeGrid';
import { addColumn } from '../arrange/moves';
import { homeKeys } from '../data';
import { ColumnManager } from './ColumnManager';
import { useAudienceOptions } from './directory';

const NEW = '__new__';
const NEW_SCOPES: Exclude<LayoutScope, 'default'>[] = ['role', 'post', 'app'];

interface Draft {
  id?: string;
  alias: string;
  name: string;
  scope: LayoutScope;
  scopeId: string | null;
  items: LayoutItem[];
  updateTime?: string;
}

const draftOf = (layout: Layout): Draft => ({
  id: layout.id,
  alias: layout.alias,
  name: layout.name,
  scope: layout.scope,
  scopeId: layout.scopeId,
  items: layout.items,
  updateTime: layout.updateTime,
});

/**
 * Designers arrange the tenant's layouts on the home itself: choose a layout (the default, a role's, a
 * post's, an app's) or make one, add columns from the catalogue, drag, resize, remove, name it, save it;
 * delete one after a confirmation. The columns themselves are managed beside it (栏目管理).
 */
export function DesignLayout({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const audience = useAudienceOptions();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [managing, setManaging] = useState(false);
  const layouts = useQuery({ queryKey: homeKeys.layouts, queryFn: () => call('getLayoutList') });
  const catalogue = useQuery({
    queryKey: homeKeys.catalogue,
    queryFn: () => call('getColumnList', { body: {} }),
  });

  const current = draft ?? (layouts.data?.[0] ? draftOf(layouts.data[0]) : null);
  const columns = new Map((catalogue.data ?? []).map((column) => [column.alias, column]));
  const placed = new Set(current?.items.map((item) => item.alias));
  const change = (next: Partial<Draft>) => current && setDraft({ ...current, ...next });

  const refresh = () => queryClient.invalidateQueries({ queryKey: homeKeys.all });
  const save = useMutation({
    mutationFn: (layout: Draft) =>
      call('saveLayout', {
        body: {
          ...(layout.id ? { id: layout.id, updateTime: layout.updateTime } : {}),
          alias: layout.alias,
          name: layout.name,
          scope: layout.scope,
          scopeId: layout.scopeId,
          items: layout.items,
        },
      }),
    onSuccess: async (saved) => {
      setDraft(draftOf(saved));
      await refresh();
      toast.success(t('portal.design.saved'));
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('removeLayouts', { query: { ids: id } }),
    onSuccess: async () => {
      setDraft(null);
      await refresh();
      toast.success(t('portal.design.removed'));
    },
  });

  if (!layouts.data || catalogue.isPending || !current) return <Skeleton active paragraph={{ rows: 6 }} />;

  const scopeLabel = (layout: Layout) =>
    `${layout.name}（${t(`portal.design.scopes.${layout.scope}`)}${layout.scopeName ? `：${layout.scopeName}` : ''}）`;
  const aliasValid = new RegExp(ALIAS_PATTERN).test(current.alias);
  const targetMissing = (current.scope === 'role' || current.scope === 'post') && !current.scopeId;

  return (
    <Flex vertical gap="middle">
      {modalHolder}
      <Flex align="end" gap="small" wrap role="toolbar" aria-label={t('portal.design.title')}>
        <Form layout="vertical" style={{ display: 'contents' }}>
          <Form.Item label={t('portal.design.layout')} htmlFor="design-layout" style={{ marginBottom: 0 }}>
            <Select<string>
              id="design-layout"
              style={{ minWidth: 260 }}
              value={current.id ?? NEW}
              onChange={(id) => {
                const chosen = layouts.data?.find((layout) => layout.id === id);
                setDraft(
                  chosen
                    ? draftOf(chosen)
                    : { alias: '', name: '', scope: 'role', scopeId: null, items: current.items },
                );
              }}
              options={[
                ...(layouts.data ?? []).map((layout) => ({ value: layout.id, label: scopeLabel(layout) })),
                { value: NEW, label: t('portal.design.newLayout') },
              ]}
            />
          </Form.Item>
          {!current.id && (
            <>
              <Form.Item label={t('portal.design.scope')} htmlFor="design-scope" style={{ marginBottom: 0 }}>
                <Select<LayoutScope>
                  id="design-scope"
                  style={{ minWidth: 120 }}
                  value={current.scope}
                  onChange={(scope) => change({ scope, scopeId: null })}
                  options={NEW_SCOPES.map((scope) => ({
                    value: scope,
                    label: t(`portal.design.scopes.${scope}`),
                  }))}
                />
              </Form.Item>
              {(current.scope === 'role' || current.scope === 'post') && (
                <Form.Item
                  label={t(`portal.design.scopes.${current.scope}`)}
                  htmlFor="design-target"
                  style={{ marginBottom: 0 }}
                >
                  <Select<string>
                    id="design-target"
                    showSearch={{ optionFilterProp: 'label' }}
                    style={{ minWidth: 200 }}
                    loading={audience.loading}
                    value={current.scopeId ?? undefined}
                    placeholder={t('portal.design.chooseTarget')}
                    onChange={(scopeId) => change({ scopeId })}
                    options={current.scope === 'role' ? audience.roles : audience.posts}
                  />
                </Form.Item>
              )}
              <Form.Item
                label={t('portal.design.alias')}
                htmlFor="design-alias"
                validateStatus={current.alias && !aliasValid ? 'error' : undefined}
                help={current.alias && !aliasValid ? t('portal.design.aliasRule') : undefined}
                style={{ marginBottom: 0 }}
              >
                <Input
                  id="design-alias"
                  value={current.alias}
                  onChange={(e) => change({ alias: e.target.value.trim() })}
                />
              </Form.Item>
            </>
          )}
          <Form.Item label={t('portal.design.name')} htmlFor="design-name" style={{ marginBottom: 0 }}>
            <Input
              id="design-name"
              value={current.name}
              maxLength={60}
              onChange={(e) => change({ name: e.target.value })}
            />
          </Form.Item>
        </Form>
        <Select<string>
          showSearch={{ optionFilterProp: 'label' }}
          value={null}
          aria-label={t('portal.design.addColumn')}
          placeholder={
            <>
              <PlusOutlined aria-hidden /> {t('portal.design.addColumn')}
            </>
          }
          style={{ minWidth: 180 }}
          notFoundContent={t('portal.arrange.nothingToShow')}
          options={(catalogue.data ?? [])
            .filter((column) => !placed.has(column.alias))
            .map((column) => ({ value: column.alias, label: column.name }))}
          onChange={(alias) =>
            change({ items: addColumn(current.items, alias, columns.get(alias)!.colHeight) })
          }
        />
        <Button icon={<SettingOutlined aria-hidden />} onClick={() => setManaging(true)}>
          {t('portal.design.columns')}
        </Button>
        {current.id && current.scope !== 'default' && (
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            loading={remove.isPending}
            onClick={() =>
              modal.confirm({
                title: t('common.tip'),
                content: t('portal.design.removeConfirm', { name: current.name }),
                okText: t('common.ok'),
                okButtonProps: { danger: true },
                cancelText: t('common.cancel'),
                onOk: () => remove.mutateAsync(current.id!),
              })
            }
          >
            {t('portal.design.remove')}
          </Button>
        )}
        <Button onClick={onDone}>{t('portal.design.close')}</Button>
        <Button
          type="primary"
          icon={<CheckOutlined aria-hidden />}
          loading={save.isPending}
          disabled={!current.name.trim() || !aliasValid || targetMissing}
          onClick={() => save.mutate(current)}
        >
          {t('portal.design.save')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{t('portal.design.hint')}</Typography.Text>
      <ArrangeGrid
        items={current.items}
        columns={columns}
        removeLabel="remove"
        onChange={(items) => change({ items })}
      />
      <ColumnManager open={managing} onClose={() => setManaging(false)} columns={catalogue.data ?? []} />
    </Flex>
  );
}
