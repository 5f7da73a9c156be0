import { Component, type ButtonHTMLAttributes, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../stores/errorLog';
import { useLoadingOverlay } from '../stores/loadingOverlay';
import { page } from './navigation';
import { useDesignToken } from './theme';

/** A centred column (the states below are in the first paint, so they use no Ant Design component). */
const column = (gap: number): CSSProperties => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap,
});

/** A plain spinner with 加载中… (it is on every first paint, so it stays light). */
function Loading({ textColor }: { textColor: string }) {
  const { t } = useTranslation();
  const token = useDesignToken();
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
  const token = useDesignToken();
  return (
    <div role="status" style={{ ...column(token.marginXS), minHeight: '60vh' }}>
      <Loading textColor={token.colorTextSecondary} />
    </div>
  );
}

/** Spec §9: the full-page loading overlay, over everything while a call to a doEdit address runs. */
export function LoadingOverlay() {
  const token = useDesignToken();
  const shown = useLoadingOverlay((state) => state.pending > 0);
  if (!shown) return null;
  return (
    <div
      role="status"
      aria-busy="true"
      className="eip-loading-overlay"
      style={{
        ...column(token.marginXS),
        position: 'fixed',
        inset: 0,
        zIndex: 2900,
        background: token.colorBgMask,
      }}
    >
      <Loading textColor={token.colorTextLightSolid} />
    </div>
  );
}

function ErrorNotice({ error }: { error: Error }) {
  const { t } = useTranslation();
  const token = useDesignToken();
  return (
    <div
      role="alert"
      style={{
        ...column(token.margin),
        minHeight: '100vh',
        fontFamily: token.fontFamily,
        color: token.colorText,
      }}
    >
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>{t('app.error')}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{error.message}</p>
      <PrimaryButton onClick={() => page.reload()}>{t('app.reload')}</PrimaryButton>
    </div>
  );
}

/**
 * A primary button in the look of Ant Design's, for the first paint (the sign-in page, the error notice).
 * Hover and keyboard focus come from the `eip-primary-button` rules of index.html.
 */
export function PrimaryButton({
  busy = false,
  large = false,
  style,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; large?: boolean }) {
  const token = useDesignToken();
  return (
    <button
      type="button"
      {...button}
      className="eip-primary-button"
      aria-busy={busy || undefined}
      disabled={busy || button.disabled}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: token.marginXS,
        height: large ? token.controlHeightLG : token.controlHeight,
        paddingInline: large ? token.paddingContentHorizontal : token.paddingContentHorizontalSM,
        border: 0,
        borderRadius: large ? token.borderRadiusLG : token.borderRadius,
        background: token.colorPrimary,
        color: token.colorTextLightSolid,
        fontFamily: 'inherit',
        fontSize: large ? token.fontSizeLG : token.fontSize,
        boxShadow: `0 2px 0 ${token.controlOutline}`,
        cursor: busy ? 'default' : 'pointer',
        opacity: busy ? 0.65 : 1,
        ...({
          '--eip-button-hover': token.colorPrimaryHover,
          '--eip-button-focus': token.colorPrimaryBorder,
        } as CSSProperties),
        ...style,
      }}
    >
      {busy && (
        <span
          aria-hidden
          className="eip-spinner"
          style={{
            width: '1em',
            height: '1em',
            borderWidth: 2,
            borderColor: 'currentColor',
            borderTopColor: 'transparent',
          }}
        />
      )}
      {children}
    </button>
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
  const token = useDesignToken();
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
