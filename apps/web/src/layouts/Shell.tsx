import { Button, Result } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { FullscreenState } from '../app/guards';
import { lazyNamed } from '../app/lazy';
import { unknownPathTarget } from '../app/routes/build';
import { useMenuRoutes } from '../app/routes/load';
import { resolvePage, type ResolvedPage } from '../app/routes/pages';
import { PageLoading } from '../app/status';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { RESIZE_DEBOUNCE_MS } from '../config';
import { useDialogs } from '../stores/dialogs';
import { useSession } from '../stores/session';
import { detectDevice, useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';
import { MainLayout } from './MainLayout';
import { PageView } from './PageView';
import { useMobileRedirect } from './useMobileRedirect';

const ThemeDrawer = lazyNamed(() => import('./ThemeDrawer'), 'ThemeDrawer');
const PersonalInfoDialog = lazyNamed(() => import('../components/PersonalInfoDialog'), 'PersonalInfoDialog');
const ChangePasswordDialog = lazyNamed(
  () => import('../components/ChangePasswordDialog'),
  'ChangePasswordDialog',
);
const ErrorLogDialog = lazyNamed(() => import('../components/ErrorLogDialog'), 'ErrorLogDialog');

/** Spec §4: the device follows the window width (debounced 300 ms). */
function useDeviceWatch() {
  const setDevice = useSettings((state) => state.setDevice);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () =>
      setDevice(detectDevice(window.innerWidth, navigator.userAgent, window.location.search));
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(update, RESIZE_DEBOUNCE_MS);
    };
    update();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [setDevice]);
}

/** Records the visit in the tab bar; pinned (affixed) pages are always there. */
function useVisit(page: ResolvedPage | null, pinned: ResolvedPage[]) {
  const { pathname, search } = useLocation();
  const visit = useTabs((state) => state.visit);
  const pin = useTabs((state) => state.pin);
  const pinnedKey = pinned.map((p) => p.path).join('|');
  useEffect(() => {
    pin(
      pinned.map((p) => ({
        path: p.path,
        fullPath: p.route?.fullPath ?? p.path,
        title: p.title,
        affix: true,
      })),
    );
    // pinnedKey stands for the list
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pinnedKey, pin]);
  useEffect(() => {
    if (page) visit({ path: page.path, fullPath: pathname + search, title: page.title, affix: page.affix });
  }, [page?.path, page?.title, page?.affix, pathname, search, visit]); // eslint-disable-line react-hooks/exhaustive-deps
}

function ShellDialogs() {
  const open = useDialogs((state) => state.open);
  const hide = useDialogs((state) => state.hide);
  return (
    <Suspense fallback={null}>
      {open === 'theme' && <ThemeDrawer onClose={hide} />}
      {open === 'personalInfo' && <PersonalInfoDialog onClose={hide} />}
      {open === 'changePassword' && <ChangePasswordDialog mode={{ kind: 'self' }} onClose={hide} />}
      {open === 'errorLog' && <ErrorLogDialog onClose={hide} />}
    </Suspense>
  );
}

/** Everything behind sign-in: routes from the server menu, the layouts, the tab bar and the shell's dialogs. */
export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  // Spec §2: a short link's guest sees the link's page full screen, without the menu (it is not a user).
  const guest = useSession((state) => state.guestUrl !== null);
  const routes = useMenuRoutes(!guest);
  useDeviceWatch();
  useMobileRedirect();

  const page = routes.data || guest ? resolvePage(location.pathname, routes.data, (key) => t(key)) : null;
  const pinned = (routes.data?.pages ?? [])
    .filter((route) => route.meta.affix)
    .map((route) => resolvePage(route.path, routes.data, (key) => t(key)))
    .filter((resolved): resolved is ResolvedPage => resolved !== null);
  useVisit(page, pinned);
  useDocumentTitle(page?.title ?? t('app.loading'));

  if (routes.isPending && !guest) return <PageLoading />;
  if (routes.error) {
    return (
      <Result
        status="error"
        title={t('routes.menuFailed')}
        subTitle={routes.error.message}
        extra={
          <Button type="primary" onClick={() => void routes.refetch()}>
            {t('app.reload')}
          </Button>
        }
      />
    );
  }
  if (!page) return <Navigate to={unknownPathTarget(routes.data)} replace />;

  // Spec §2: fullscreen=true (kept in the navigation state once stripped), bare layouts and a guest (who
  // has no menu) show the page alone.
  const fullscreen = Boolean((location.state as FullscreenState | null)?.fullscreen) || page.bare;
  return (
    <>
      {fullscreen || !routes.data ? (
        <main id="main-content" className="eip-layout-empty" style={{ minHeight: '100vh' }}>
          <PageView page={page} />
        </main>
      ) : (
        <MainLayout built={routes.data} page={page} />
      )}
      <ShellDialogs />
    </>
  );
}
