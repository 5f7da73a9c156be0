import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BaseProviders } from './baseProviders';
import { ThemedAntd } from './themedAntd';

/** Everything a page needs around it: server-state cache, translations, Ant Design locale and theme. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <BaseProviders queryClient={queryClient}>
      <ThemedAntd>{children}</ThemedAntd>
    </BaseProviders>
  );
}
