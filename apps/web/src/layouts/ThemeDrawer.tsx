import { CheckOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Drawer, Flex, Radio, Switch, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_COLORS, useSettings } from '../stores/settings';

/** Spec §2, §9: the theme drawer (470 px). Every change applies at once and is kept in local storage. */
export function ThemeDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const setting = useSettings((state) => state.theme);
  const setTheme = useSettings((state) => state.setTheme);
  const resetTheme = useSettings((state) => state.resetTheme);
  const mobile = useSettings((state) => state.device === 'mobile');
  const presets: readonly string[] = THEME_COLORS;
  const custom = !presets.includes(setting.themeColor);

  const row = (label: string, id: string, control: ReactNode) => (
    <Flex justify="space-between" align="center" gap="middle" style={{ marginBottom: token.marginLG }}>
      <Typography.Text id={id}>{label}</Typography.Text>
      {control}
    </Flex>
  );

  return (
    <Drawer
      open
      title={t('theme.title')}
      size={mobile ? '100%' : 470}
      onClose={onClose}
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={resetTheme}>{t('common.reset')}</Button>
          <Button type="primary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        </Flex>
      }
    >
      {row(
        t('theme.layout'),
        'theme-layout',
        <Radio.Group
          aria-labelledby="theme-layout"
          optionType="button"
          value={setting.layout}
          onChange={(event) => setTheme({ layout: event.target.value })}
          options={[
            { value: 'vertical', label: t('theme.vertical') },
            { value: 'horizontal', label: t('theme.horizontal'), disabled: mobile },
          ]}
        />,
      )}
      {row(
        t('theme.header'),
        'theme-header',
        <Switch
          aria-labelledby="theme-header"
          checked={setting.header === 'fixed'}
          onChange={(checked) => setTheme({ header: checked ? 'fixed' : 'noFixed' })}
        />,
      )}
      {row(
        t('theme.tabsBar'),
        'theme-tabs',
        <Switch
          aria-labelledby="theme-tabs"
          checked={setting.tabsBar}
          onChange={(checked) => setTheme({ tabsBar: checked })}
        />,
      )}
      {row(
        t('theme.style'),
        'theme-style',
        <Radio.Group
          aria-labelledby="theme-style"
          optionType="button"
          value={setting.style}
          onChange={(event) => setTheme({ style: event.target.value })}
          options={[
            { value: 'light', label: t('theme.light') },
            { value: 'mashup', label: t('theme.mashup') },
            { value: 'dark', label: t('theme.dark') },
          ]}
        />,
      )}
      <Typography.Text id="theme-color">{t('theme.color')}</Typography.Text>
      <Flex
        role="radiogroup"
        aria-labelledby="theme-color"
        wrap
        gap="small"
        style={{ marginTop: token.marginSM }}
      >
        {THEME_COLORS.map((color) => {
          const selected = setting.themeColor === color;
          return (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={t(`theme.colors.${color}`)}
              title={t(`theme.colors.${color}`)}
              onClick={() => setTheme({ themeColor: color })}
              style={{
                width: 32,
                height: 32,
                borderRadius: token.borderRadius,
                border: `2px solid ${selected ? token.colorText : 'transparent'}`,
                background: color,
                color: '#fff',
                cursor: 'pointer',
              }}
            >
              {selected && <CheckOutlined aria-hidden />}
            </button>
          );
        })}
        <ColorPicker
          value={setting.themeColor}
          disabledAlpha
          onChangeComplete={(color) => setTheme({ themeColor: color.toHexString().toUpperCase() })}
        >
          <Button aria-pressed={custom} style={{ height: 32 }}>
            {t('theme.custom')}
          </Button>
        </ColorPicker>
      </Flex>
    </Drawer>
  );
}
