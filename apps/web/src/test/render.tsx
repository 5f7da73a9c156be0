import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';

/** Shows where the router is, so a test can see a redirect. */
function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

/** Renders routes inside the app's providers (a fresh query cache) at the given address. */
export function renderRoutes(routes: ReactNode, path: string) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{routes}</Routes>
        <CurrentPath />
      </MemoryRouter>
    </AppProviders>,
  );
}
