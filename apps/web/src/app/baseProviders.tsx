import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { useThemeOnBody } from './theme';

/**
 * What every page needs around it: the server-state cache and the translations; the body takes the theme.
 * Ant Design's own providers come with the pages that use its components (app/themedAntd.tsx).
 */
export function BaseProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useThemeOnBody();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
