import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 签收状态 of a receiver: signed for or not yet. */
export function SignTag({ signTime }: { signTime: string | null }) {
  const { t } = useTranslation();
  return signTime ? (
    <Tag color="success">{t('approval.dish.signed')}</Tag>
  ) : (
    <Tag color="warning">{t('approval.dish.unsigned')}</Tag>
  );
}
