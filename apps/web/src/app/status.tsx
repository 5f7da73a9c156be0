import { Button, Flex, Spin, theme } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown while a page is loading. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex style={{ minHeight: '100vh' }} align="center" justify="center">
      <Spin size="large" description={t('app.loading')} />
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
      <Button type="primary" onClick={() => window.location.reload()}>
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

  override render() {
    return this.state.error ? <ErrorNotice error={this.state.error} /> : this.props.children;
  }
}
