import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from './ErrorScreen';
import { RequireAdmin } from './guards';
import { Layout } from './Layout';
import { LandingPage } from '../pages/landing/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';

// The admin console is its own chunk: public pages never download it.
const AdminApp = lazy(() => import('../admin/AdminApp'));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: '/admin/*',
            element: (
              <Suspense fallback={null}>
                <AdminApp />
              </Suspense>
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
