import {
  AppstoreOutlined,
  BellOutlined,
  BgColorsOutlined,
  BugOutlined,
  CompressOutlined,
  DownOutlined,
  ExpandOutlined,
  KeyOutlined,
  LogoutOutlined,
  ReloadOutlined,
  SwapOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { SysApp } from '@eip/contracts';
import { LANGUAGES } from '@eip/contracts/codes';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { fetchMessageCount, queryKeys } from '../api/auth';
import { call } from '../api/client';
import { useCurrentUser } from '../app/useCurrentUser';
import { toast } from '../app/feedback';
import { BADGE_MAX, LANDING_PATH } from '../config';
import { currentLanguage } from '../i18n';
import { useDialogs } from '../stores/dialogs';
import { useErrorLog } from '../stores/errorLog';
import { useSession } from '../stores/session';
import { OftenMenus } from './OftenMenus';
import { RELOAD_VIEW_EVENT } from './PageView';
import { useShellActions } from './useShellActions';

function MessageBell({ color }: { color: string }) {
  const { t } = useTranslation();
  // Spec §2: the message count, kept current by the live push (useLivePush); shows nothing while the
  // server does not offer it.
  const count = useQuery({ queryKey: queryKeys.messageCount, queryFn: fetchMessageCount, retry: false });
  const value = typeof count.data === 'number' ? count.data : undefined;
  return (
    <Tooltip title={t('layout.messages')}>
      <Link
        to="/personal/message"
        aria-label={value ? t('layout.messagesCount', { count: value }) : t('layout.messages')}
        style={{ display: 'inline-flex', padding: 8, color }}
      >
        <Badge count={value} overflowCount={BADGE_MAX} size="small">
          <BellOutlined style={{ fontSize: 18, color }} />
        </Badge>
      </Link>
    </Tooltip>
  );
}

function FullscreenToggle({ style }: { style: CSSProperties }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      toast.error(t('layout.fullscreenFailed'));
    }
  };
  const label = active ? t('layout.exitFullscreen') : t('layout.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        style={style}
        aria-label={label}
        icon={active ? <CompressOutlined /> : <ExpandOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}

/**
 * Spec §2: the 'other portals' switcher — the apps the user may open (sysApp/authList, asked for when the
 * menu is about to open): the portal home, an app's own page, or another system in a new window.
 */
function OtherPortals({ style, dense }: { style: CSSProperties; dense: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const appId = location.pathname === '/appContent' ? new URLSearchParams(location.search).get('id') : null;
  const [opened, setOpened] = useState(false);
  const apps = useQuery({
    queryKey: ['home', 'apps'],
    queryFn: () => call('getAppAuthList', { body: {} }),
    enabled: opened || appId !== null,
    staleTime: 5 * 60_000,
  });
  const current = apps.data?.find((app) => (appId ? app.id === appId : app.kind === 'home'));
  const label = current?.name ?? t('layout.portals.portal');
  const open = (app: SysApp) => {
    if (app.kind === 'home') navigate(LANDING_PATH);
    else if (app.kind === 'url' && app.url) window.open(app.url, '_blank', 'noopener,noreferrer');
    else navigate(`/appContent?${new URLSearchParams({ id: app.id })}`);
  };
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(next) => next && setOpened(true)}
      menu={{
        selectable: true,
        selectedKeys: current ? [current.id] : [],
        items: apps.data
          ? apps.data.map((app) => ({ key: app.id, label: app.name }))
          : [{ key: 'loading', label: t('app.loading'), disabled: true }],
        onClick: ({ key }) => {
          const app = apps.data?.find((entry) => entry.id === key);
          if (app) open(app);
        },
      }}
    >
      <Button
        type="text"
        style={style}
        aria-label={`${t('layout.otherPortals')}：${label}`}
        icon={<AppstoreOutlined />}
        onMouseEnter={() => setOpened(true)}
        onFocus={() => setOpened(true)}
      >
        {dense ? null : label}
      </Button>
    </Dropdown>
  );
}

function AvatarMenu({ color }: { color: string }) {
  const { t } = useTranslation();
  const show = useDialogs((state) => state.show);
  const sessionUser = useSession((state) => state.user);
  const currentPostId = useSession((state) => state.currentPostId);
  const detail = useCurrentUser();
  const { changeLanguage, changePost, confirmSignOut, modalHolder } = useShellActions();
  const name = detail.data?.user.fullname ?? sessionUser?.username ?? '';
  const posts = detail.data?.postList ?? [];
  // The server keeps the post chosen in this sign-in session; the stored one shows until it answers.
  const activePost = detail.data?.currentPostId ?? currentPostId;
  // Spec §8: 暂无岗位, or 暂无组织 for a user in no org at all (posts belong to orgs).
  const noPostLabel = detail.data?.orgList.length === 0 ? t('profile.noOrg') : t('profile.noPost');

  const items: MenuProps['items'] = [
    { key: 'personalInfo', icon: <UserOutlined />, label: t('profile.personalInfo') },
    {
      key: 'language',
      icon: <TranslationOutlined />,
      label: t('profile.switchLanguage'),
      children: LANGUAGES.map((lang) => ({
        key: `lang:${lang}`,
        label: t(`languages.${lang}`),
        disabled: lang === currentLanguage(),
      })),
    },
    {
      key: 'post',
      icon: <SwapOutlined />,
      label: t('profile.switchPost'),
      disabled: !detail.data,
      children:
        posts.length === 0
          ? [{ key: 'post-none', label: noPostLabel, disabled: true }]
          : posts.map((post) => ({
              key: `post:${post.postId}`,
              label: `${post.postName}（${post.orgName}）`,
              disabled: post.postId === activePost,
            })),
    },
    { key: 'changePassword', icon: <KeyOutlined />, label: t('profile.changePassword') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('profile.logout') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('lang:')) void changeLanguage(key.slice(5) as (typeof LANGUAGES)[number]);
    else if (key.startsWith('post:')) void changePost(key.slice(5));
    else if (key === 'personalInfo' || key === 'changePassword') show(key);
    else if (key === 'logout') confirmSignOut();
  };

  return (
    <>
      {modalHolder}
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button
          type="text"
          aria-label={name ? `${name}，${t('profile.menu')}` : t('profile.menu')}
          style={{ color, height: 'auto', paddingInline: 8 }}
        >
          <Space size={6}>
            <Avatar size="small" icon={<UserOutlined />} src={detail.data?.user.photo || undefined} alt="" />
            <span className="eip-user-name">{name}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </Button>
      </Dropdown>
    </>
  );
}

/** The right side of the nav bar (spec §2): error log, message count, full screen, refresh, theme, portals, avatar. */
export function HeaderTools({
  color,
  compact,
  dense = false,
}: {
  color: string;
  compact: boolean;
  dense?: boolean;
}) {
  const { t } = useTranslation();
  const show = useDialogs((state) => state.show);
  const errors = useErrorLog((state) => state.entries.length);
  const style: CSSProperties = { color };
  return (
    <Space size={2} wrap={false}>
      {errors > 0 && (
        <Tooltip title={t('layout.errorLog')}>
          <Badge count={errors} size="small" offset={[-6, 6]}>
            <Button
              type="text"
              style={style}
              aria-label={t('layout.errorLog')}
              icon={<BugOutlined />}
              onClick={() => show('errorLog')}
            />
          </Badge>
        </Tooltip>
      )}
      <MessageBell color={color} />
      <OftenMenus style={style} />
      {!compact && <FullscreenToggle style={style} />}
      <Tooltip title={t('layout.refresh')}>
        <Button
          type="text"
          style={style}
          aria-label={t('layout.refresh')}
          icon={<ReloadOutlined />}
          onClick={() => window.dispatchEvent(new Event(RELOAD_VIEW_EVENT))}
        />
      </Tooltip>
      <Tooltip title={t('layout.theme')}>
        <Button
          type="text"
          style={style}
          aria-label={t('layout.theme')}
          icon={<BgColorsOutlined />}
          onClick={() => show('theme')}
        />
      </Tooltip>
      {!compact && <OtherPortals style={style} dense={dense} />}
      <AvatarMenu color={color} />
    </Space>
  );
}
