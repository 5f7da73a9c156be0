import { TASK_LIST_COLUMNS, TASK_LIST_COLUMNS_ALIAS, type TaskListColumn } from '@eip/contracts/utils';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { taskListColumnsKey, useTaskListColumns } from '../../matter/shared/chosenColumns';

/** Each column's name, and the lists that have it when not all do. */
const columnTexts = (t: TFunction): Record<TaskListColumn, { name: string; only?: string }> => ({
  subject: { name: t('approval.list.subject') },
  name: { name: t('approval.list.node'), only: t('approval.columnSetting.onlyTasks') },
  procDefName: { name: t('approval.list.flowName') },
  creator: { name: t('approval.list.creator') },
  status: { name: t('approval.list.status') },
  createTime: { name: t('approval.columnSetting.createTime') },
  handleTime: { name: t('approval.list.handleTime'), only: t('approval.columnSetting.onlyDone') },
  endTime: { name: t('approval.list.endTime'), only: t('approval.columnSetting.onlyRequests') },
});

/** The chosen columns in their order, then the others: the rows of the setting. */
const rowsOf = (chosen: readonly TaskListColumn[]) => [
  ...chosen,
  ...TASK_LIST_COLUMNS.filter((key) => !chosen.includes(key)),
];

/** The rows after moving the one at `from` by `step` places. */
export function moved<T>(rows: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (to < 1 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * 审批列表列设置 (menu component taskListColumns, administrators): which columns the approval lists (待办,
 * 已办, 我的请求 …) show to everyone in the tenant, and in which order. The subject always comes first.
 */
export function TaskListColumnsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const texts = columnTexts(t);
  const stored = useTaskListColumns();
  const [edited, setEdited] = useState<{ rows: TaskListColumn[]; shown: Set<TaskListColumn> } | null>(null);
  const rows = edited?.rows ?? rowsOf(stored);
  const shown = edited?.shown ?? new Set(stored);
  const save = useMutation({
    mutationFn: (chosen: TaskListColumn[]) =>
      call('saveSysProperty', { body: { alias: TASK_LIST_COLUMNS_ALIAS, value: JSON.stringify(chosen) } }),
    onSuccess: () => {
      toast.success(t('approval.columnSetting.saved'));
      setEdited(null);
      void queryClient.invalidateQueries({ queryKey: taskListColumnsKey });
    },
  });
  const toggle = (key: TaskListColumn, on: boolean) => {
    const next = new Set(shown);
    if (on) next.add(key);
    else next.delete(key);
    setEdited({ rows, shown: next });
  };
  return (
    <Card title={t('approval.columnSetting.title')}>
      <Flex vertical gap="middle" style={{ maxWidth: 560 }}>
        <Typography.Text type="secondary">{t('approval.columnSetting.hint')}</Typography.Text>
        <ol aria-label={t('approval.columnSetting.title')} style={{ margin: 0, paddingInlineStart: 24 }}>
          {rows.map((key, index) => (
            <li key={key}>
              <Flex align="center" gap="small" justify="space-between" style={{ padding: '4px 0' }}>
                <Checkbox
                  checked={key === 'subject' || shown.has(key)}
                  disabled={key === 'subject'}
                  onChange={(event) => toggle(key, event.target.checked)}
                >
                  {texts[key].name}
                  {texts[key].only && (
                    <Typography.Text type="secondary"> · {texts[key].only}</Typography.Text>
                  )}
                </Checkbox>
                {key !== 'subject' && (
                  <Flex gap={4}>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('approval.columnSetting.up', { name: texts[key].name })}
                      disabled={index <= 1}
                      onClick={() => setEdited({ rows: moved(rows, index, -1), shown })}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('approval.columnSetting.down', { name: texts[key].name })}
                      disabled={index === rows.length - 1}
                      onClick={() => setEdited({ rows: moved(rows, index, 1), shown })}
                    />
                  </Flex>
                )}
              </Flex>
            </li>
          ))}
        </ol>
        <Flex gap="small">
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => save.mutate(rows.filter((key) => key === 'subject' || shown.has(key)))}
          >
            {t('approval.columnSetting.save')}
          </Button>
          <Button
            onClick={() => setEdited({ rows: [...TASK_LIST_COLUMNS], shown: new Set(TASK_LIST_COLUMNS) })}
          >
            {t('approval.columnSetting.reset')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
