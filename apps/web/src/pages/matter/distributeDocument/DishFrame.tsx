import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The way back from a distribution's detail to the lists of 分发文件. */
export function BackToDistributions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Button onClick={() => navigate('/matter/distributeDocument')}>{t('approval.dish.back')}</Button>;
}

/** A distribution that cannot be read (gone, or not the user's): why, and the way back. */
export function DistributionUnavailable({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="middle" align="flex-start">
      <Alert type="error" showIcon title={t('approval.dish.notFound')} description={error.message} />
      <BackToDistributions />
    </Flex>
  );
}
