import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Menu, theme, type MenuProps } from 'antd';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { BuiltRoutes, MenuRoute } from '../app/routes/build';
import { menuTrail, type ResolvedPage } from '../app/routes/pages';
import {
  MOBILE_FOLD_DELAY_MS,
  SUB_TITLE_TOOLTIP_AT,
  TOP_MENU_VISIBLE,
  TOP_TITLE_TOOLTIP_AT,
} from '../config';
import { useTenantLook } from '../app/tenantLook';
import { useSession } from '../stores/session';
import { effectiveLayout, useSettings, type ThemeStyle } from '../stores/settings';
import { HeaderTools } from './HeaderTools';
import { pagesByPath, toMenuItems } from './menuItems';
import { useCountMenuUse } from './OftenMenus';
import { useLivePush } from './useLivePush';
import { PageView } from './PageView';
import { TabBar } from './TabBar';

const SIDER_WIDTH = 220;
const HEADER_HEIGHT = 56;

/** Colours of the bars per style: mashup and dark have dark bars (spec §9 styles). */
function barColors(style: ThemeStyle, token: ReturnType<typeof theme.useToken>['token']) {
  const dark = style !== 'light';
  return {
    menuTheme: dark ? ('dark' as const) : ('light' as const),
    barBackground: style === 'dark' ? '#141414' : style === 'mashup' ? '#001529' : token.colorBgContainer,
    barText: dark ? 'rgba(255, 255, 255, 0.85)' : token.colorText,
  };
}

/** The tenant's header logo (spec §3 manageLogo), or the product's badge when the tenant has none. */
function Logo({ collapsed, color }: { collapsed: boolean; color: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { manageLogo } = useTenantLook(useSession((state) => state.user?.tenantCode));
  return (
    <div
      style={{
        height: HEADER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        paddingInline: collapsed ? 0 : 16,
        justifyContent: collapsed ? 'center' : 'flex-start',
        color,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        flexShrink: 0,
      }}
    >
      {manageLogo ? (
        <img src={manageLogo} alt="" width={28} height={28} style={{ borderRadius: 6, flexShrink: 0 }} />
      ) : (
        <span
          aria-hidden
          style={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 28,
            height: 28,
            borderRadius: 6,
            background: token.colorPrimary,
            color: '#fff',
            fontWeight: 700,
            fontSize: 12,
          }}
        >
          EIP
        </span>
      )}
      {!collapsed && <span style={{ fontSize: 16, fontWeight: 600 }}>{t('app.title')}</span>}
    </div>
  );
}

/** Opens a clicked menu entry (and counts the use, system/often): an external href in a new window, otherwise its page. */
function useOpenMenuEntry(built: BuiltRoutes) {
  const navigate = useNavigate();
  const countUse = useCountMenuUse();
  const byPath = useMemo(() => pagesByPath(built.tree), [built]);
  return (key: string) => {
    const route = byPath.get(key);
    if (!route) return;
    countUse(route.meta.alias);
    if (route.meta.href && /^https?:\/\//.test(route.meta.href))
      window.open(route.meta.href, '_blank', 'noopener');
    else navigate(route.fullPath);
  };
}

/** Spec §9 "single open menu": opening a submenu closes the others (its ancestors stay). */
function useSingleOpen(trail: MenuRoute[]) {
  const initial = trail.filter((route) => route.catalog).map((route) => route.path);
  const [openKeys, setOpenKeys] = useState<string[]>(initial);
  // When the page moves to another submenu, that submenu opens (adjusting state while rendering).
  const trailKey = initial.join('|');
  const [shownTrail, setShownTrail] = useState(trailKey);
  if (trailKey !== shownTrail) {
    setShownTrail(trailKey);
    if (trailKey) setOpenKeys(initial);
  }
  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(latest ? keys.filter((key) => latest === key || latest.startsWith(`${key}/`)) : keys);
  };
  return { openKeys, onOpenChange };
}

interface LayoutProps {
  built: BuiltRoutes;
  page: ResolvedPage;
}

function Content({ page }: { page: ResolvedPage }) {
  const { token } = theme.useToken();
  return (
    <Layout.Content
      id="main-content"
      tabIndex={-1}
      style={{
        margin: token.margin,
        padding: token.paddingLG,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        minHeight: 280,
        outline: 'none',
      }}
    >
      <PageView page={page} />
    </Layout.Content>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main-content" className="eip-skip-link">
      {t('app.skipToContent')}
    </a>
  );
}

function VerticalLayout({ built, page }: LayoutProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const settings = useSettings((state) => state.theme);
  const collapse = useSettings((state) => state.collapse);
  const setCollapse = useSettings((state) => state.setCollapse);
  const mobile = useSettings((state) => state.device === 'mobile');
  const colors = barColors(settings.style, token);
  const trail = menuTrail(built.tree, page.pattern);
  const { openKeys, onOpenChange } = useSingleOpen(trail);
  const open = useOpenMenuEntry(built);

  // Spec §2: on mobile the side bar folds on each route change, and 2 s after the layout shows.
  useEffect(() => {
    if (mobile) setCollapse(true);
  }, [pathname, mobile, setCollapse]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (useSettings.getState().device === 'mobile') setCollapse(true);
    }, MOBILE_FOLD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [setCollapse]);

  const items = toMenuItems(built.tree, { topTooltipAt: 0, subTooltipAt: 0, newTag: t('layout.newTag') });
  const fixed = settings.header === 'fixed';
  const siderStyle: CSSProperties = mobile
    ? {
        position: 'fixed',
        insetBlock: 0,
        insetInlineStart: 0,
        zIndex: 1001,
        height: '100vh',
        overflow: 'auto',
      }
    : { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' };
  const breadcrumb = (trail.length ? trail.map((route) => route.meta.title) : [page.title]).map((title) => ({
    title,
  }));

  return (
    <Layout
      hasSider
      style={{ minHeight: '100vh' }}
      className={`eip-layout eip-layout-vertical${mobile ? ' eip-mobile' : ''}`}
    >
      <SkipLink />
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsible
        trigger={null}
        collapsed={collapse}
        collapsedWidth={mobile ? 0 : 64}
        theme={colors.menuTheme}
        style={{ ...siderStyle, background: colors.barBackground }}
      >
        <Logo collapsed={collapse} color={colors.barText} />
        <nav aria-label={t('layout.mainMenu')}>
          <Menu
            mode="inline"
            theme={colors.menuTheme}
            items={items}
            selectedKeys={[page.pattern]}
            openKeys={collapse ? undefined : openKeys}
            onOpenChange={onOpenChange}
            onClick={({ key }) => open(key)}
            style={{ borderInlineEnd: 0, background: colors.barBackground }}
          />
        </nav>
      </Layout.Sider>
      {mobile && !collapse && (
        <div
          aria-hidden
          onClick={() => setCollapse(true)}
          style={{ position: 'fixed', inset: 0, zIndex: 1000, background: token.colorBgMask }}
        />
      )}
      <Layout style={{ minWidth: 0 }}>
        <header
          style={{
            position: fixed ? 'sticky' : 'static',
            top: 0,
            zIndex: 100,
            background: token.colorBgContainer,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <div
            style={{ height: HEADER_HEIGHT, display: 'flex', alignItems: 'center', gap: 8, paddingInline: 8 }}
          >
            <Button
              type="text"
              aria-label={collapse ? t('layout.unfold') : t('layout.fold')}
              aria-expanded={!collapse}
              icon={collapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapse(!collapse)}
            />
            {!mobile && (
              <nav aria-label={t('layout.breadcrumb')} style={{ flex: 1, minWidth: 0 }}>
                <Breadcrumb items={breadcrumb} />
              </nav>
            )}
            <div style={{ marginInlineStart: 'auto' }}>
              <HeaderTools color={token.colorText} compact={mobile} />
            </div>
          </div>
          {settings.tabsBar && <TabBar activePath={page.path} />}
        </header>
        <Content page={page} />
      </Layout>
    </Layout>
  );
}

function HorizontalLayout({ built, page }: LayoutProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const settings = useSettings((state) => state.theme);
  const colors = barColors(settings.style, token);
  const open = useOpenMenuEntry(built);
  const options = {
    topTooltipAt: TOP_TITLE_TOOLTIP_AT,
    subTooltipAt: SUB_TITLE_TOOLTIP_AT,
    newTag: t('layout.newTag'),
  };
  const visible = built.tree.filter((route) => !route.meta.hidden);
  const items: MenuProps['items'] = [
    ...toMenuItems(visible.slice(0, TOP_MENU_VISIBLE), options),
    ...(visible.length > TOP_MENU_VISIBLE
      ? [
          {
            key: '__more',
            label: t('layout.more'),
            children: toMenuItems(
              visible.slice(TOP_MENU_VISIBLE),
              { ...options, topTooltipAt: SUB_TITLE_TOOLTIP_AT },
              1,
            ),
          },
        ]
      : []),
  ];
  const trail = menuTrail(built.tree, page.pattern);
  const fixed = settings.header === 'fixed';

  return (
    <Layout style={{ minHeight: '100vh' }} className="eip-layout eip-layout-horizontal">
      <SkipLink />
      <header
        style={{
          position: fixed ? 'sticky' : 'static',
          top: 0,
          zIndex: 100,
          background: colors.barBackground,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <div
          style={{ height: HEADER_HEIGHT, display: 'flex', alignItems: 'center', gap: 8, paddingInline: 8 }}
        >
          <Logo collapsed={false} color={colors.barText} />
          <nav aria-label={t('layout.mainMenu')} style={{ flex: 1, minWidth: 0 }}>
            <Menu
              mode="horizontal"
              theme={colors.menuTheme}
              items={items}
              disabledOverflow
              selectedKeys={[page.pattern, ...trail.map((route) => route.path)]}
              onClick={({ key }) => open(key)}
              style={{
                borderBottom: 0,
                background: colors.barBackground,
                lineHeight: `${HEADER_HEIGHT - 2}px`,
                flexWrap: 'nowrap',
                overflowX: 'auto',
                overflowY: 'hidden',
                scrollbarWidth: 'none',
              }}
            />
          </nav>
          <HeaderTools color={colors.barText} compact={false} dense />
        </div>
        {settings.tabsBar && (
          <div style={{ background: token.colorBgContainer }}>
            <TabBar activePath={page.path} />
          </div>
        )}
      </header>
      <Content page={page} />
    </Layout>
  );
}

/** Spec §2: vertical or horizontal; forced vertical on mobile. */
export function MainLayout(props: LayoutProps) {
  const layout = useSettings((state) => effectiveLayout(state.theme, state.device));
  useLivePush();
  return layout === 'horizontal' ? <HorizontalLayout {...props} /> : <VerticalLayout {...props} />;
}
