import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { LANDING_PATH } from '../config';
import { GuestOnly, RequireSession } from './guards';

/** The app is served under /eipFront in history mode (spec §2). */
export const BASENAME = '/eipFront';

// Pages are loaded on first visit, so the login page downloads only what it needs.
const LoginPage = lazy(() => import('../pages/login').then(({ LoginPage }) => ({ default: LoginPage })));
const HomePage = lazy(() => import('../pages/home').then(({ HomePage }) => ({ default: HomePage })));

export const routeTable: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/:tenant', element: <LoginPage /> },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      { path: '/', element: <Navigate to={LANDING_PATH} replace /> },
      { path: LANDING_PATH, element: <HomePage /> },
      { path: '*', element: <Navigate to={LANDING_PATH} replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routeTable);
}
