import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TokenSwitchDialogProps {
  /** The name of the user signed in on this tab, and of the user the link's token belongs to. */
  current: string;
  other: string;
  onSwitch: () => void;
  onKeep: () => void;
}

/** Issue 14: a link carrying another user's token switches this tab's account only when the user says so. */
export default function TokenSwitchDialog({ current, other, onSwitch, onKeep }: TokenSwitchDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('tokenSwitch.title')}
      okText={t('tokenSwitch.switch', { other })}
      cancelText={t('tokenSwitch.keep', { current })}
      onOk={onSwitch}
      onCancel={onKeep}
      maskClosable={false}
    >
      {t('tokenSwitch.content', { current, other })}
    </Modal>
  );
}
