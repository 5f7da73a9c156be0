import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { LANDING_PATH } from '../config';
import { RouteGuard } from './guards';
import { lazyNamed } from './lazy';
import { BASENAME } from './navigation';

export { BASENAME };

// Pages are loaded on first visit, so the login page downloads only what it needs.
const LoginPage = lazyNamed(() => import('../pages/login'), 'LoginPage');
const ErrorPage = lazyNamed(() => import('../pages/errors'), 'ErrorPage');
const LoadingPage = lazyNamed(() => import('../pages/errors'), 'LoadingPage');
/** Everything behind sign-in: the layouts and the pages built from the server menu. */
const Shell = lazyNamed(() => import('../layouts/Shell'), 'Shell');

export const routeTable: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/:tenant', element: <LoginPage /> },
      { path: '/401', element: <ErrorPage code={401} /> },
      { path: '/403', element: <ErrorPage code={403} /> },
      { path: '/404', element: <ErrorPage code={404} /> },
      { path: '/500', element: <ErrorPage code={500} /> },
      { path: '/loading', element: <LoadingPage /> },
      { path: '/', element: <Navigate to={LANDING_PATH} replace /> },
      { path: '*', element: <Shell /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routeTable);
}
