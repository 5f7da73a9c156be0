import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { LANDING_PATH } from '../config';
import { LoginPage } from '../pages/login';
import { RouteGuard } from './guards';
import { lazyNamed } from './lazy';
import { BASENAME } from './navigation';
import { Shell, ThemedOutlet } from './preload';

export { BASENAME };

// The sign-in page is in the first paint (no chunk between the app and its form); every other page loads on
// first visit, so the sign-in page downloads only what it needs.
const ErrorPage = lazyNamed(() => import('../pages/errors'), 'ErrorPage');
const LoadingPage = lazyNamed(() => import('../pages/errors'), 'LoadingPage');

export const routeTable: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/:tenant', element: <LoginPage /> },
      {
        element: <ThemedOutlet />,
        children: [
          { path: '/401', element: <ErrorPage code={401} /> },
          { path: '/403', element: <ErrorPage code={403} /> },
          { path: '/404', element: <ErrorPage code={404} /> },
          { path: '/500', element: <ErrorPage code={500} /> },
          { path: '/loading', element: <LoadingPage /> },
          { path: '/', element: <Navigate to={LANDING_PATH} replace /> },
          { path: '*', element: <Shell /> },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routeTable);
}
