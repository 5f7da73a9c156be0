import type { ChartData } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../../api/client';
import { PageLoading } from '../../../app/status';
import { useSettings } from '../../../stores/settings';
import { useMenuMeta } from '../shared/menu';
import { ParamForm, type ParamValues } from '../shared/ParamForm';
import { EChart } from './EChart';

const MONEY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** The chart's figures as a table: what a table chart shows, and what screen readers read. */
function FiguresTable({ data }: { data: ChartData }) {
  const { t } = useTranslation();
  const series = data.series[0];
  return (
    <Table
      size="small"
      rowKey="category"
      pagination={false}
      scroll={{ x: 'max-content', y: 360 }}
      dataSource={data.categories.map((category, i) => ({ category, value: series?.data[i] ?? 0 }))}
      columns={[
        { key: 'category', dataIndex: 'category', title: t('template.query.category') },
        {
          key: 'value',
          dataIndex: 'value',
          title: series?.name,
          align: 'right',
          render: (value: number) => MONEY.format(value),
        },
      ]}
    />
  );
}

/**
 * A custom chart (menu component customChart, its route extension naming chartAlias): the query's parameter
 * form, the chart (bar, line, pie or table) and its figures.
 */
export function CustomChartPage() {
  const { t } = useTranslation();
  const fromMenu = useMenuMeta('chartAlias');
  const alias = useParams().id ?? fromMenu;
  const dark = useSettings((s) => s.theme.style === 'dark');
  const [params, setParams] = useState<ParamValues>({});
  const chart = useQuery({
    queryKey: ['customChart', alias],
    queryFn: () => call('customChartGet', { params: { id: alias! } }),
    enabled: Boolean(alias),
  });
  const query = useQuery({
    queryKey: ['customQuery', chart.data?.queryAlias],
    queryFn: () => call('customQueryGetByAlias', { body: { alias: chart.data!.queryAlias } }),
    enabled: Boolean(chart.data),
  });
  const data = useQuery({
    queryKey: ['customChart', alias, 'data', params],
    queryFn: () => call('customChartListData', { query: { alias: chart.data!.alias }, body: { params } }),
    enabled: Boolean(chart.data),
    placeholderData: (previous) => previous,
  });
  if (alias && (chart.isPending || (chart.data && data.isPending))) return <PageLoading />;
  const failed = chart.isError || data.isError || !data.data;
  if (!alias || failed) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ margin: 16 }}
        message={alias ? t('template.query.failed') : t('template.query.noQuery')}
        action={
          alias && (
            <Button onClick={() => void (chart.isError ? chart.refetch() : data.refetch())}>
              {t('template.query.retry')}
            </Button>
          )
        }
      />
    );
  }
  const figures = data.data!;
  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {chart.data!.name}
      </Typography.Title>
      {query.data && <ParamForm params={query.data.params} onSearch={setParams} />}
      <Card loading={data.isFetching && !data.isPlaceholderData}>
        {!figures.categories.length ? (
          <Empty description={t('template.query.chartEmpty')} />
        ) : figures.type === 'table' ? (
          <FiguresTable data={figures} />
        ) : (
          <EChart data={figures} dark={dark} label={chart.data!.name} />
        )}
      </Card>
      {figures.type !== 'table' && figures.categories.length > 0 && (
        <Card title={t('template.query.chartTable')} size="small">
          <FiguresTable data={figures} />
        </Card>
      )}
    </Flex>
  );
}
