import { ConfigProvider, message } from 'antd';
import type { ReactNode } from 'react';
import { MESSAGE_DURATION_MS } from '../config';
import { useSettings } from '../stores/settings';
import { themeConfig } from './theme';

/** Toasts take the theme of the moment (colour, dark style). */
function Themed({ children }: { children: ReactNode }) {
  const style = useSettings((state) => state.theme.style);
  const themeColor = useSettings((state) => state.theme.themeColor);
  return <ConfigProvider theme={themeConfig({ style, themeColor })}>{children}</ConfigProvider>;
}

ConfigProvider.config({ holderRender: (children) => <Themed>{children}</Themed> });

export function showToast(kind: 'error' | 'success' | 'warning', content: string): void {
  void message[kind]({ content, duration: MESSAGE_DURATION_MS / 1000 });
}
