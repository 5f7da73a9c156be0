import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { LANDING_PATH } from '../../config';
import { useSession } from '../../stores/session';

export type ErrorCode = 401 | 403 | 404 | 500;

const status = { 401: '403', 403: '403', 404: '404', 500: '500' } as const;

/** /401, /403, /404 and /500 (spec §2). */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((state) => Boolean(state.token));
  const title = t(`errors.title${code}`);
  useDocumentTitle(title);
  const toLogin = code === 401 || !signedIn;
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status={status[code]}
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{code}</h1>}
        subTitle={t(`errors.text${code}`)}
        extra={
          <Button
            type="primary"
            onClick={() => navigate(toLogin ? '/login' : LANDING_PATH, { replace: true })}
          >
            {toLogin ? t('errors.toLogin') : t('pages.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}

/** /loading (spec §2): shown while a sign-in from the address is checked. */
export function LoadingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.loading'));
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" description={t('app.loading')} />
    </Flex>
  );
}
