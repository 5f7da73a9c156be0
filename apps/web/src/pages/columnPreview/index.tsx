import { HOME_GRID } from '@eip/contracts/home';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../api/client';
import { ColumnCard } from '../home/components/ColumnCard';
import { rowsHeight } from '../home/components/HomeGrid';
import { homeKeys } from '../home/data';

/** /column/preview/{previewAlias}: one column alone, as tall as the column asks (bare, no layout around it). */
export function ColumnPreviewPage() {
  const { t } = useTranslation();
  const { previewAlias = '' } = useParams();
  const column = useQuery({
    queryKey: [...homeKeys.catalogue, previewAlias],
    queryFn: () => call('getColumnByAlias', { query: { alias: previewAlias }, silent: true }),
  });
  if (column.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (column.error)
    return (
      <Alert type="error" showIcon title={t('portal.preview.notFound')} description={column.error.message} />
    );
  return (
    <div style={{ padding: HOME_GRID.gap, maxWidth: 960, margin: '0 auto' }}>
      <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('portal.preview.title')}
      </h1>
      <ColumnCard column={column.data} height={rowsHeight(Math.max(column.data.colHeight, 6))} />
    </div>
  );
}
