import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * Secondary, tertiary and placeholder texts in the secondary text colour, which meets the WCAG AA contrast
 * the approval centre is held to (axe: no serious violation); the theme's other tokens stay as they are.
 */
export function ReadableColors({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ConfigProvider
      theme={{
        token: {
          colorTextDescription: token.colorTextSecondary,
          colorTextTertiary: token.colorTextSecondary,
          colorTextPlaceholder: token.colorTextSecondary,
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
