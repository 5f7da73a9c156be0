import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, theme } from 'antd';
import { Children, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The height the bar takes at the bottom of the screen: the page leaves this much room below its content. */
export const PHONE_BAR_HEIGHT = 64;

/**
 * The actions of a request on a phone, as staff know them from DingTalk and Feishu: the node's main
 * actions in a bar fixed at the bottom of the screen, every other one in an action sheet under 更多.
 */
export function PhoneActionBar({ main, more, label }: { main: ReactNode; more: ReactNode; label: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Flex
        role="toolbar"
        aria-label={label}
        className="eip-phone-action-bar"
        gap="small"
        align="center"
        style={{
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: 20,
          minHeight: PHONE_BAR_HEIGHT,
          padding: `${token.paddingSM}px ${token.padding}px calc(${token.paddingSM}px + env(safe-area-inset-bottom))`,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        <Flex gap="small" flex={1} style={{ minWidth: 0 }}>
          {Children.map(main, (action) => (
            <Flex vertical flex={1} style={{ minWidth: 0 }}>
              {action}
            </Flex>
          ))}
        </Flex>
        <Button icon={<EllipsisOutlined />} onClick={() => setOpen(true)}>
          {t('approval.actions.more')}
        </Button>
      </Flex>
      <Drawer
        placement="bottom"
        size="auto"
        title={t('approval.actions.more')}
        open={open}
        onClose={() => setOpen(false)}
        styles={{ body: { padding: token.padding } }}
      >
        {/* a choice closes the sheet; the dialog it opens shows over the page */}
        <Flex vertical gap="small" onClickCapture={() => setOpen(false)} className="eip-phone-action-sheet">
          {more}
        </Flex>
      </Drawer>
    </>
  );
}
