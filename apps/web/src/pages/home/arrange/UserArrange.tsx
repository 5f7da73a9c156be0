import type { Column, HomeView, LayoutItem } from '@eip/contracts';
import { CheckOutlined, CloseOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { homeKeys } from '../data';
import { ArrangeGrid } from './ArrangeGrid';
import { addColumn } from './moves';

/**
 * The user arranges their home: drag, resize, the keyboard's moves, hide and show columns (any column
 * they may see), save or cancel, or go back to the layout as designed (恢复默认). A save refused because
 * the home was arranged elsewhere keeps what the user did on screen until they choose to reload.
 */
export function UserArrange({
  view,
  shown,
  hidden: initiallyHidden,
  onDone,
}: {
  view: HomeView & { layout: NonNullable<HomeView['layout']> };
  shown: LayoutItem[];
  hidden: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [items, setItems] = useState(shown);
  const [hidden, setHidden] = useState(initiallyHidden);
  const [stale, setStale] = useState<string | null>(null);
  const columns = new Map<string, Column>(view.columns.map((column) => [column.alias, column]));
  const placed = new Set(items.map((item) => item.alias));
  const addable = view.columns.filter((column) => !placed.has(column.alias));

  const finish = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: homeKeys.view });
    toast.success(message);
    onDone();
  };
  const save = useMutation({
    mutationFn: () =>
      call('saveUserLayoutConfig', {
        body: {
          layoutId: view.layout.id,
          configContent: JSON.stringify({ items, hidden }),
          updateTime: view.personal?.updateTime ?? null,
        },
        silent: true,
      }),
    onSuccess: () => finish(t('portal.arrange.saved')),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setStale(error.message);
      else toast.error(error.message);
    },
  });
  const reset = useMutation({
    mutationFn: () => call('resetUserLayoutConfig', { query: { layoutId: view.layout.id } }),
    onSuccess: () => finish(t('portal.arrange.resetDone')),
  });

  const confirmReset = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('portal.arrange.resetConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => reset.mutateAsync(),
    });

  return (
    <Flex vertical gap="middle">
      {modalHolder}
      <Flex
        align="center"
        justify="space-between"
        gap="small"
        wrap
        role="toolbar"
        aria-label={t('portal.arrange.title')}
      >
        <Typography.Text type="secondary">{t('portal.arrange.hint')}</Typography.Text>
        <Flex gap="small" wrap>
          <Select<string>
            showSearch={{ optionFilterProp: 'label' }}
            value={null}
            placeholder={
              <>
                <PlusOutlined aria-hidden /> {t('portal.arrange.show')}
              </>
            }
            aria-label={t('portal.arrange.show')}
            style={{ minWidth: 180 }}
            notFoundContent={t('portal.arrange.nothingToShow')}
            options={addable.map((column) => ({
              value: column.alias,
              label: hidden.includes(column.alias)
                ? `${column.name}（${t('portal.arrange.hidden')}）`
                : column.name,
            }))}
            onChange={(alias) => {
              setItems(addColumn(items, alias, columns.get(alias)!.colHeight));
              setHidden(hidden.filter((entry) => entry !== alias));
            }}
          />
          <Button icon={<UndoOutlined aria-hidden />} onClick={confirmReset} loading={reset.isPending}>
            {t('portal.arrange.reset')}
          </Button>
          <Button icon={<CloseOutlined aria-hidden />} onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined aria-hidden />}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {t('portal.arrange.save')}
          </Button>
        </Flex>
      </Flex>
      {stale && (
        <Alert
          type="warning"
          showIcon
          title={stale}
          action={
            <Button
              size="small"
              onClick={async () => {
                await queryClient.invalidateQueries({ queryKey: homeKeys.view });
                onDone();
              }}
            >
              {t('portal.arrange.reload')}
            </Button>
          }
        />
      )}
      <ArrangeGrid
        items={items}
        columns={columns}
        removeLabel="hide"
        onChange={(next, removed) => {
          setItems(next);
          if (removed && view.layout.items.some((item) => item.alias === removed))
            setHidden([...new Set([...hidden, removed])]);
        }}
      />
    </Flex>
  );
}
