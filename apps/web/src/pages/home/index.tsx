import { CloudSyncOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Skeleton, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback';
import { useCurrentUser } from '../../app/useCurrentUser';
import { dayPeriod } from './greeting';

/** Home (`/index`): the greeting by hour with the user's name, and 获取最新门户. */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [modal, modalHolder] = Modal.useModal();
  const currentUser = useCurrentUser();
  const fullname = currentUser.data?.user.fullname;

  // Spec §8: the portal layout comes with the portal-home work; until a layout is shown there is no layout id.
  const fetchLatestPortal = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('home.fetchLatestConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => toast.error(t('home.noLayoutId')),
    });

  return (
    <Flex vertical gap="middle">
      {modalHolder}
      {currentUser.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {currentUser.error && (
        <Alert
          type="error"
          showIcon
          title={t('login.userInfoFailed')}
          description={currentUser.error.message}
        />
      )}
      {fullname && (
        <Flex justify="space-between" align="flex-start" gap="middle" wrap>
          <Flex vertical gap="small">
            <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading2 }}>
              {t('home.greeting', {
                period: t(`greeting.${dayPeriod(new Date().getHours())}`),
                name: fullname,
              })}
            </Typography.Title>
            <Typography.Text style={{ color: token.colorTextLabel }}>
              {t('home.welcome', { title: t('app.title') })}
            </Typography.Text>
          </Flex>
          <Button icon={<CloudSyncOutlined />} onClick={fetchLatestPortal}>
            {t('home.fetchLatest')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
