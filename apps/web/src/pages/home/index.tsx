import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Flex, Layout, Modal, Skeleton, Space, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { dayPeriod } from './greeting';
import { useCurrentUser, useSignOut } from './hooks';

const styles = {
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingInline: 24 },
  siteTitle: { color: '#fff', fontSize: 18 },
  userName: { color: 'rgba(255, 255, 255, 0.85)' },
  content: { padding: 24, minHeight: 'calc(100vh - 64px)' },
} as const;

/** Home (`/index`): the greeting by hour with the user's name, and sign-out. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.pageTitle'));
  const { token } = theme.useToken();
  const [modal, modalHolder] = Modal.useModal();
  const currentUser = useCurrentUser();
  const signOut = useSignOut();
  const siteTitle = t('app.title');
  const fullname = currentUser.data?.user.fullname;

  const confirmSignOut = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('home.signOutConfirm', { title: siteTitle }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => signOut.mutateAsync(),
    });

  return (
    <Layout>
      {modalHolder}
      <Layout.Header style={styles.header}>
        <Typography.Text strong style={styles.siteTitle}>
          {siteTitle}
        </Typography.Text>
        <Space size="middle">
          {fullname && (
            <Space>
              <Avatar icon={<UserOutlined />} style={{ backgroundColor: token.colorPrimary }} aria-hidden />
              <span style={styles.userName}>{fullname}</span>
            </Space>
          )}
          <Button ghost icon={<LogoutOutlined />} onClick={confirmSignOut}>
            {t('home.signOut')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={styles.content}>
        <Card>
          {currentUser.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
          {currentUser.error && (
            <Alert
              type="error"
              showIcon
              title={t('home.userInfoFailed')}
              description={currentUser.error.message}
            />
          )}
          {fullname && (
            <Flex vertical gap="small">
              <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading2 }}>
                {t('home.greeting', {
                  period: t(`greeting.${dayPeriod(new Date().getHours())}`),
                  name: fullname,
                })}
              </Typography.Title>
              <Typography.Text style={{ color: token.colorTextSecondary }}>
                {t('home.welcome', { title: siteTitle })}
              </Typography.Text>
            </Flex>
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
