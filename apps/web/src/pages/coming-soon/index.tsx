import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANDING_PATH } from '../../config';

/**
 * A page of the menu that this version does not have yet: says so and names it. It never shows made-up data.
 */
export function ComingSoonPage({ title, name }: { title: string; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{t('pages.comingSoonTitle', { title })}</h1>}
      subTitle={t('pages.comingSoonText', { name })}
      extra={
        <Button type="primary" onClick={() => navigate(LANDING_PATH)}>
          {t('pages.backHome')}
        </Button>
      }
    />
  );
}
