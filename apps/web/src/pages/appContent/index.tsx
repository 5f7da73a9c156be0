import { compactLayout } from '@eip/contracts/utils';
import { ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { LANDING_PATH } from '../../config';
import { HomeGrid } from '../home/components/HomeGrid';
import { homeKeys } from '../home/data';

/**
 * An app of the 'other portals' switcher (/appContent?id, and bare at /sysModulePreview/{id}/{appName}):
 * a layout app shows its columns; the home app is the home page; another system opens in a new window.
 */
export function AppContentPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id') ?? '';
  const app = useQuery({
    queryKey: homeKeys.app(id),
    queryFn: () => call('getApp', { query: { id }, silent: true }),
    enabled: Boolean(id),
  });

  if (!id || app.error)
    return <Alert type="error" showIcon title={t('portal.apps.notFound')} description={app.error?.message} />;
  if (app.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (app.data.kind === 'home') return <Navigate to={LANDING_PATH} replace />;
  const columns = new Map(app.data.columns.map((column) => [column.alias, column]));
  const items = compactLayout(app.data.layout?.items.filter((item) => columns.has(item.alias)) ?? []);

  return (
    <Flex vertical gap="middle">
      <h1
        style={{
          margin: 0,
          fontSize: token.fontSizeHeading3,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
        }}
      >
        {app.data.name}
      </h1>
      {app.data.kind === 'url' && app.data.url ? (
        <Flex vertical align="start" gap="small">
          <span>{t('portal.apps.external', { name: app.data.name })}</span>
          <Button
            type="primary"
            icon={<ExportOutlined aria-hidden />}
            href={app.data.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('portal.apps.openExternal', { name: app.data.name })}
          </Button>
        </Flex>
      ) : items.length ? (
        <HomeGrid items={items} columns={columns} />
      ) : (
        <Empty description={t('portal.apps.noContent')} />
      )}
    </Flex>
  );
}
