import { compactLayout } from '@eip/contracts/utils';
import { AppstoreOutlined, CloudSyncOutlined, DragOutlined } from '@ant-design/icons';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Modal, Skeleton, theme } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { toast } from '../../app/feedback';
import { lazyNamed } from '../../app/lazy';
import { useCurrentUser } from '../../app/useCurrentUser';
import { useSettings } from '../../stores/settings';
import { HomeGrid } from './components/HomeGrid';
import { homeKeys, useHomeView } from './data';
import { dayPeriod } from './greeting';

const UserArrange = lazyNamed(() => import('./arrange/UserArrange'), 'UserArrange');
const DesignLayout = lazyNamed(() => import('./design/DesignLayout'), 'DesignLayout');

type Mode = 'view' | 'arrange' | 'design';

/**
 * Home (`/index`): the greeting, and the portal's columns as the user's layout places them (their own
 * arrangement when they made one). The user arranges it (调整布局) or takes the latest layout (获取最新门户,
 * which names the columns that are new); designers arrange the tenant's layouts (设计门户).
 */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const currentUser = useCurrentUser();
  const mobile = useSettings((state) => state.device === 'mobile');
  const view = useHomeView();
  const [mode, setMode] = useState<Mode>('view');
  const [newColumns, setNewColumns] = useState<string[]>([]);
  const fullname = currentUser.data?.user.fullname;
  const fetching = useIsFetching({ queryKey: homeKeys.all });

  const layout = view.data?.layout ?? null;
  const personal = view.data?.personal ?? null;
  const columns = new Map((view.data?.columns ?? []).map((column) => [column.alias, column]));
  const shown = compactLayout((personal ?? layout)?.items.filter((item) => columns.has(item.alias)) ?? []);
  const hidden = personal?.hidden ?? [];

  /** Spec §8: 获取最新门户 — the personal arrangement gives way to the layout as designed now. */
  const fetchLatest = async () => {
    if (!layout) {
      toast.error(t('home.noLayoutId'));
      return;
    }
    const known = new Set([...shown.map((item) => item.alias), ...hidden]);
    const latest = await call('getLayoutByAlias', { query: { alias: layout.alias } });
    await call('resetUserLayoutConfig', { query: { layoutId: layout.id } });
    await queryClient.invalidateQueries({ queryKey: homeKeys.all });
    setNewColumns(
      latest.items
        .filter((item) => !known.has(item.alias))
        .map((item) => columns.get(item.alias)?.name ?? item.alias),
    );
    toast.success(t('portal.fetchLatestDone'));
  };
  const confirmFetchLatest = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('home.fetchLatestConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: fetchLatest,
    });

  return (
    <Flex vertical gap="middle">
      {modalHolder}
      {currentUser.error && (
        <Alert
          type="error"
          showIcon
          title={t('login.userInfoFailed')}
          description={currentUser.error.message}
        />
      )}
      <Flex justify="space-between" align="flex-start" gap="middle" wrap>
        <Flex vertical gap="small">
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {fullname
              ? t('home.greeting', {
                  period: t(`greeting.${dayPeriod(new Date().getHours())}`),
                  name: fullname,
                })
              : t('home.pageTitle')}
          </h1>
          <span style={{ color: token.colorTextLabel }}>{t('home.welcome', { title: t('app.title') })}</span>
        </Flex>
        {mode === 'view' && (
          <Flex gap="small" wrap>
            {!mobile && layout && (
              <Button icon={<DragOutlined aria-hidden />} onClick={() => setMode('arrange')}>
                {t('portal.arrange.title')}
              </Button>
            )}
            <Button icon={<CloudSyncOutlined aria-hidden />} onClick={confirmFetchLatest}>
              {t('home.fetchLatest')}
            </Button>
            {view.data?.canDesign && !mobile && (
              <Button icon={<AppstoreOutlined aria-hidden />} onClick={() => setMode('design')}>
                {t('portal.design.title')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      {newColumns.length > 0 && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => setNewColumns([]) }}
          title={t('portal.newColumns', { names: newColumns.join(t('portal.listSeparator')) })}
        />
      )}
      {view.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : view.error ? (
        <Alert
          type="error"
          showIcon
          title={t('portal.homeFailed')}
          description={view.error.message}
          action={<Button onClick={() => void view.refetch()}>{t('portal.retry')}</Button>}
        />
      ) : mode === 'design' ? (
        <Suspense fallback={<Skeleton active />}>
          <DesignLayout onDone={() => setMode('view')} />
        </Suspense>
      ) : mode === 'arrange' && layout ? (
        <Suspense fallback={<Skeleton active />}>
          <UserArrange
            view={{ ...view.data, layout }}
            shown={shown}
            hidden={hidden}
            onDone={() => setMode('view')}
          />
        </Suspense>
      ) : shown.length ? (
        <div data-home-columns aria-busy={fetching > 0}>
          <HomeGrid items={shown} columns={columns} />
        </div>
      ) : (
        <Empty description={t(layout ? 'portal.allHidden' : 'portal.noLayout')} />
      )}
    </Flex>
  );
}
