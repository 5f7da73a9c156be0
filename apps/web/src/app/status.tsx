import { Button, Flex, theme } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../stores/errorLog';
import { useLoadingOverlay } from '../stores/loadingOverlay';
import { page } from './navigation';

/** A plain spinner with 加载中… (it is on every first paint, so it stays light). */
function Loading({ textColor }: { textColor: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <>
      <span
        aria-hidden
        className="eip-spinner"
        style={{ borderColor: token.colorPrimaryBg, borderTopColor: token.colorPrimary }}
      />
      <span style={{ color: textColor, fontFamily: token.fontFamily }}>{t('app.loading')}</span>
    </>
  );
}

/** Shown while a page is loading. */
export function PageLoading() {
  const { token } = theme.useToken();
  return (
    <Flex role="status" vertical gap="small" style={{ minHeight: '60vh' }} align="center" justify="center">
      <Loading textColor={token.colorTextSecondary} />
    </Flex>
  );
}

/** Spec §9: the full-page loading overlay, over everything while a call to a doEdit address runs. */
export function LoadingOverlay() {
  const { token } = theme.useToken();
  const shown = useLoadingOverlay((state) => state.pending > 0);
  if (!shown) return null;
  return (
    <Flex
      role="status"
      aria-busy="true"
      className="eip-loading-overlay"
      vertical
      gap="small"
      align="center"
      justify="center"
      style={{ position: 'fixed', inset: 0, zIndex: 2900, background: token.colorBgMask }}
    >
      <Loading textColor={token.colorTextLightSolid} />
    </Flex>
  );
}

function ErrorNotice({ error }: { error: Error }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      role="alert"
      vertical
      align="center"
      justify="center"
      gap="middle"
      style={{ minHeight: '100vh', fontFamily: token.fontFamily, color: token.colorText }}
    >
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>{t('app.error')}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{error.message}</p>
      <Button type="primary" onClick={() => page.reload()}>
        {t('app.reload')}
      </Button>
    </Flex>
  );
}

/** Catches a page that fails to load or render (for example a chunk that cannot be fetched). */
export class PageError extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    if (import.meta.env.PROD) useErrorLog.getState().add(error);
  }

  override render() {
    return this.state.error ? <ErrorNotice error={this.state.error} /> : this.props.children;
  }
}

/** Spec §1: the embedded browser of Juejin gets a notice that the demo does not run there. */
export function EmbeddedBrowserNotice() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (typeof navigator === 'undefined' || !navigator.userAgent.includes('Juejin')) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="eip-juejin-title"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 4000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorBgMask,
      }}
    >
      <div
        style={{
          maxWidth: 360,
          padding: token.paddingLG,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgElevated,
          color: token.colorText,
        }}
      >
        <h2 id="eip-juejin-title" style={{ marginTop: 0, fontSize: token.fontSizeHeading5 }}>
          {t('common.tip')}
        </h2>
        <p style={{ marginBottom: 0 }}>{t('app.juejin')}</p>
      </div>
    </div>
  );
}
