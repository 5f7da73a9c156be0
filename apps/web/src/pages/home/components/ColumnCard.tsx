import type { Column, ColumnData, ColumnProvider } from '@eip/contracts';
import { ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Empty, Flex, Skeleton, theme } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { lazyNamed } from '../../../app/lazy';
import { useColumnData } from '../data';
import { CalendarColumn } from './CalendarColumn';
import { CardsColumn } from './CardsColumn';
import { CarouselColumn } from './CarouselColumn';
import { ChartColumn } from './ChartColumn';
import { FiguresColumn } from './FiguresColumn';
import { ItemLink, ONE_LINE } from './ItemLink';
import { LinksColumn } from './LinksColumn';
import { ListColumn } from './ListColumn';

/** Rich text (an html column) with its sanitiser, loaded only where such a column shows. */
const ContentBody = lazyNamed(() => import('../../news/shared/ContentBody'), 'ContentBody');

/** Whether a column's data has nothing to show. */
const isEmpty = (data: ColumnData) =>
  !data.html &&
  !data.figures?.length &&
  !data.chart?.series.some((s) => s.data.some(Boolean)) &&
  !data.items?.length;

/** What a column shows, by its kind. */
function ColumnBody({ column, data }: { column: Column; data: ColumnData }) {
  const { t } = useTranslation();
  if (isEmpty(data))
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(
          column.dataMode === 'provider'
            ? `portal.empty.${column.dataFrom as ColumnProvider}`
            : 'portal.empty.default',
        )}
      />
    );
  const items = data.items ?? [];
  switch (column.kind) {
    case 'cards':
      return <CardsColumn items={items} label={column.name} />;
    case 'figures':
      return <FiguresColumn figures={data.figures ?? []} label={column.name} />;
    case 'chart':
      return data.chart ? <ChartColumn chart={data.chart} label={column.name} /> : null;
    case 'calendar':
      return <CalendarColumn items={items} label={column.name} />;
    case 'html':
      return (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <ContentBody html={data.html ?? ''} />
        </Suspense>
      );
    case 'links':
      return <LinksColumn items={items} label={column.name} />;
    case 'carousel':
      return <CarouselColumn items={items} label={column.name} />;
    default:
      return <ListColumn items={items} label={column.name} />;
  }
}

/**
 * One column of the home: its name (with its count), 更多 and refresh, and its data — a skeleton while it
 * loads, an empty state, or its own error (the other columns still render). `height` fixes the card's
 * height (the grid), else it grows with its content (a phone). `tools` replaces the header's buttons while
 * the home is arranged.
 */
export function ColumnCard({
  column,
  height,
  tools,
}: {
  column: Column;
  height?: number;
  tools?: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const data = useColumnData(column);
  const total = data.data?.total;
  const headingId = `column-${column.alias}`;
  const rule = `1px solid ${token.colorBorderSecondary}`;
  return (
    <ReadableColors>
      <section
        role="region"
        aria-labelledby={headingId}
        aria-busy={data.isFetching}
        style={{
          height: height ?? 'auto',
          display: 'flex',
          flexDirection: 'column',
          background: token.colorBgContainer,
          border: rule,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: token.marginXS,
            minHeight: 40,
            padding: `0 ${token.paddingSM}px`,
            borderBottom: rule,
          }}
        >
          <Flex align="center" gap="small" style={{ minWidth: 0 }}>
            <h2 id={headingId} style={{ margin: 0, fontSize: token.fontSize, fontWeight: 600, ...ONE_LINE }}>
              {column.name}
            </h2>
            {column.kind !== 'figures' && column.kind !== 'chart' && Boolean(total) && (
              <Badge
                count={total}
                overflowCount={999}
                color={token.colorPrimary}
                aria-label={t('portal.total', { count: total })}
              />
            )}
          </Flex>
          {tools ?? (
            <Flex align="center" gap={2} style={{ flexShrink: 0 }}>
              <Button
                type="text"
                size="small"
                icon={<ReloadOutlined aria-hidden spin={data.isFetching && !data.isPending} />}
                aria-label={t('portal.refreshColumn', { name: column.name })}
                onClick={() => void data.refetch()}
              />
              {column.moreUrl && (
                <ItemLink to={column.moreUrl} label={t('portal.moreOf', { name: column.name })}>
                  {t('portal.more')} <RightOutlined aria-hidden style={{ fontSize: 10 }} />
                </ItemLink>
              )}
            </Flex>
          )}
        </header>
        <div style={{ flex: 1, overflow: 'auto', minHeight: 0, padding: token.paddingSM }}>
          {data.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : data.error ? (
            <Alert
              type="error"
              showIcon
              title={t('portal.columnFailed')}
              description={data.error.message}
              action={
                <Button size="small" onClick={() => void data.refetch()}>
                  {t('portal.retry')}
                </Button>
              }
            />
          ) : (
            <ColumnBody column={column} data={data.data} />
          )}
        </div>
      </section>
    </ReadableColors>
  );
}
