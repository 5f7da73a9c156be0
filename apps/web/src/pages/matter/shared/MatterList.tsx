import type { QueryFilter } from '@eip/contracts';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Empty, Flex, Form, Input, Select, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { useTablePaging } from '../../../components/table/useTablePaging';
import { useSettings } from '../../../stores/settings';
import { useListKeyboard } from './keyboard';
import { buildQueryFilter, type ListConditions } from './listQuery';
import { approvalKeys, flowTypesOf, POLL_MS, useDefinitions } from './queries';

interface FormValues {
  subject?: string;
  flowType?: string;
  range?: [Dayjs, Dayjs] | null;
}

export interface PageOfRows<Row> {
  rows: Row[];
  total: number;
}

export interface MatterListProps<Row> {
  /** The list's name: its query key. */
  name: string;
  title: string;
  /** The list's count (its menu entry's number), shown beside the title. */
  count?: number;
  fetchPage: (filter: QueryFilter) => Promise<PageOfRows<Row>>;
  columns: ColumnsType<Row>;
  rowKey: (row: Row) => string;
  /** Where a row opens (Enter, or its subject link). */
  openPath: (row: Row) => string;
  /** The time the range condition applies to. */
  timeProperty?: string;
  /** Rows can be chosen (batch actions); the toolbar receives the chosen ones. */
  toolbar?: (chosen: Row[], clear: () => void) => ReactNode;
  /** Above the table (e.g. tabs of a list with several views). */
  header?: ReactNode;
}

const PAGE_SIZES = [10, 20, 50];

/**
 * A list of the approval centre (issue 5): query conditions (subject, flow type, time range), sorting,
 * paging, loading and empty states, the count, j / k / Enter, and a refresh every 30 s and on focus.
 */
export function MatterList<Row extends object>({
  name,
  title,
  count,
  fetchPage,
  columns,
  rowKey,
  openPath,
  timeProperty = 'createTime',
  toolbar,
  header,
}: MatterListProps<Row>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mobile = useSettings((state) => state.device === 'mobile');
  const fieldWidth = mobile ? '100%' : 200;
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const definitions = useDefinitions();
  const flowTypes = useMemo(() => flowTypesOf(definitions.data?.rows ?? []), [definitions.data]);
  const [conditions, setConditions] = useState<ListConditions>({});
  const { page, sort, onChange, firstPage } = useTablePaging<Row>(PAGE_SIZES[0]!);
  const [chosen, setChosen] = useState<Row[]>([]);

  const filter = buildQueryFilter(conditions, page, sort, timeProperty);
  const list = useQuery({
    queryKey: approvalKeys.list(name, filter),
    queryFn: () => fetchPage(filter),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const open = (row: Row) => navigate(openPath(row));
  const { active, setActive } = useListKeyboard(rows, open);

  useEffect(() => {
    if (active === null || !rows[active]) return;
    document
      .querySelector(`[data-list="${name}"] [data-row-key="${CSS.escape(rowKey(rows[active]))}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [active, rows, name, rowKey]);

  const search = (values: FormValues) => {
    const keys = flowTypes.find((type) => type.type === values.flowType)?.keys;
    setConditions({
      subject: values.subject,
      flowKeys: keys,
      range: values.range
        ? [values.range[0].format('YYYY-MM-DD'), values.range[1].format('YYYY-MM-DD')]
        : undefined,
    });
    firstPage();
  };

  const total = list.data?.total ?? 0;
  return (
    <ReadableColors>
      <Flex vertical gap="middle" data-list={name} aria-busy={list.isFetching}>
        <Flex align="center" gap="small" wrap>
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
            {count === undefined ? title : t('approval.list.titleCount', { title, count })}
          </Typography.Title>
          <Typography.Text aria-live="polite">{t('approval.list.total', { count: total })}</Typography.Text>
        </Flex>
        {header}
        <Form
          form={form}
          name={name}
          layout={mobile ? 'vertical' : 'inline'}
          onFinish={search}
          style={{ rowGap: token.marginXS }}
        >
          <Form.Item name="subject" label={t('approval.list.subject')}>
            <Input
              allowClear
              placeholder={t('approval.list.subjectPlaceholder')}
              style={{ width: fieldWidth }}
            />
          </Form.Item>
          <Form.Item name="flowType" label={t('approval.list.flowType')}>
            <Select
              allowClear
              style={{ width: fieldWidth }}
              placeholder={t('approval.list.allFlowTypes')}
              loading={definitions.isPending}
              options={flowTypes.map(({ type, name }) => ({ value: type, label: name }))}
            />
          </Form.Item>
          <Form.Item name="range" label={t('approval.list.timeRange')}>
            <DatePicker.RangePicker allowClear style={mobile ? { width: '100%' } : undefined} />
          </Form.Item>
          <Form.Item>
            <Flex gap="small">
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('approval.list.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                {t('approval.list.reset')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('approval.list.refresh')}
                onClick={() => void list.refetch()}
              />
            </Flex>
          </Form.Item>
        </Form>
        {toolbar?.(chosen, () => setChosen([]))}
        {list.error && <Alert type="error" showIcon title={list.error.message} />}
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('approval.list.keyboardHint')}
        </Typography.Text>
        <Table<Row>
          size="middle"
          rowKey={rowKey}
          columns={columns}
          dataSource={rows}
          loading={list.isFetching && !list.isRefetching}
          // no horizontal scroll: its measure row carries the selection checkboxes under aria-hidden (axe)
          onChange={onChange}
          rowSelection={
            toolbar
              ? {
                  selectedRowKeys: chosen.map(rowKey),
                  onChange: (_keys, selected) => setChosen(selected),
                }
              : undefined
          }
          onRow={(_row, index) => ({
            'aria-selected': index === active,
            onClick: () => setActive(index ?? null),
            style:
              index === active
                ? { outline: `2px solid ${token.colorPrimary}`, outlineOffset: -2 }
                : undefined,
          })}
          locale={{ emptyText: <Empty description={t('approval.list.empty')} /> }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (count) => t('approval.list.total', { count }),
          }}
        />
      </Flex>
    </ReadableColors>
  );
}
