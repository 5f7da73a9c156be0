import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { queryClient } from './queryClient';
import { AppRoutes, BASENAME } from './router';
import { PageError, PageLoading } from './status';

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter basename={BASENAME}>
        <PageError>
          <Suspense fallback={<PageLoading />}>
            <AppRoutes />
          </Suspense>
        </PageError>
      </BrowserRouter>
    </AppProviders>
  );
}
