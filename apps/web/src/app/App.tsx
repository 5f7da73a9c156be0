import { Suspense, useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { onTokenChangedElsewhere } from '../stores/session';
import { bindNavigator, page } from './navigation';
import { NavigationProgress, ProgressFallback } from './progress';
import { BaseProviders } from './baseProviders';
import { queryClient } from './queryClient';
import { AppRoutes, BASENAME } from './router';
import { EmbeddedBrowserNotice, LoadingOverlay, PageError, PageLoading } from './status';

/** Lets code outside React (the API client) navigate through the router. */
function NavigatorBinding() {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigator((to, options) => void navigate(to, options));
    return () => bindNavigator(null);
  }, [navigate]);
  return null;
}

/** Spec §2: another tab changing or clearing the token reloads this page. */
function TokenWatch() {
  useEffect(() => onTokenChangedElsewhere(() => page.reload()), []);
  return null;
}

export function App() {
  return (
    <BaseProviders queryClient={queryClient}>
      <BrowserRouter basename={BASENAME}>
        <NavigatorBinding />
        <TokenWatch />
        <NavigationProgress />
        <LoadingOverlay />
        <EmbeddedBrowserNotice />
        <PageError>
          <Suspense
            fallback={
              <>
                <ProgressFallback />
                <PageLoading />
              </>
            }
          >
            <AppRoutes />
          </Suspense>
        </PageError>
      </BrowserRouter>
    </BaseProviders>
  );
}
