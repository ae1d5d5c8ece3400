import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@blueprintjs/core';
import { useRoutes, type RouteObject } from './routing';
import { RouteErrorBoundary } from './ErrorScreen';
import { RequireAdmin, RequireSignedOut, RequireUser } from './guards';
import { Layout } from './Layout';
import { LandingPage } from '../pages/landing/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';

// The admin console is its own chunk: public pages never download it.
const AdminApp = lazy(() => import('../admin/AdminApp'));
// The wish list pages are chunks too, so the landing page stays small.
const DashboardPage = lazy(() => import('../pages/wishlists/DashboardPage'));
const WishlistPage = lazy(() => import('../pages/wishlists/WishlistPage'));
const { Page: SharedWishlistPage, preload: loadSharedWishlistPage } = preloadablePage(() => import('../pages/share/SharedWishlistPage'));
const ClaimPage = lazy(() => import('../pages/claims/ClaimPage'));
const LoginPage = lazy(() => import('../pages/account/LoginPage'));
const RegisterPage = lazy(() => import('../pages/account/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../pages/account/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../pages/account/ResetPasswordPage'));
const AccountPage = lazy(() => import('../pages/account/AccountPage'));
const ChangePasswordPage = lazy(() => import('../pages/account/ChangePasswordPage'));
const ProviderSignedInPage = lazy(() => import('../pages/account/ProviderSignedInPage'));
const ShareTargetPage = lazy(() => import('../pages/wishlists/ShareTargetPage'));
const InvitationPage = lazy(() => import('../pages/invitations/InvitationPage'));
const CapturePage = lazy(() => import('../pages/capture/CapturePage'));
const NotificationsPage = lazy(() => import('../pages/notifications/NotificationsPage'));
const FollowerPage = lazy(() => import('../pages/follow/FollowerPage'));
const CirclesPage = lazy(() => import('../pages/circles/CirclesPage'));
const CirclePage = lazy(() => import('../pages/circles/CirclePage'));
const JoinCirclePage = lazy(() => import('../pages/circles/JoinCirclePage'));
const SantaPage = lazy(() => import('../pages/santa/SantaPage'));
const SantaResultPage = lazy(() => import('../pages/santa/SantaResultPage'));

type PageModule = { default: ComponentType };

/**
 * A lazy page whose module can be loaded before its first render (`preload`): it then renders at
 * once instead of suspending. Hydration needs that: a server-rendered page that suspends stays
 * dead server HTML until the module's promise settles, and an update meanwhile (the session, the
 * branding) makes React drop that HTML and render the page afresh, so a button tapped on it before
 * then is no longer on the page (web/src/app/early-taps.ts replays taps on the hydrated one).
 */
function preloadablePage(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  // React.lazy takes a thenable: one that calls back at once makes the first render synchronous.
  const alreadyLoaded = (module: PageModule) => ({ then: (resolve: (value: PageModule) => void) => resolve(module) }) as unknown as Promise<PageModule>;
  return { Page: lazy(() => (loaded ? alreadyLoaded(loaded) : preload())), preload };
}

const pageFallback = <Spinner className="ww-page-spinner" />;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/wishlist/:id', element: <Suspense fallback={pageFallback}><WishlistPage /></Suspense> },
      { path: '/share/wishlist/:id', element: <Suspense fallback={pageFallback}><SharedWishlistPage /></Suspense> },
      { path: '/share-target', element: <Suspense fallback={pageFallback}><ShareTargetPage /></Suspense> },
      { path: '/claims/:token', element: <Suspense fallback={pageFallback}><ClaimPage /></Suspense> },
      {
        element: <RequireSignedOut />,
        children: [
          { path: '/register', element: <Suspense fallback={pageFallback}><RegisterPage /></Suspense> },
          { path: '/login', element: <Suspense fallback={pageFallback}><LoginPage /></Suspense> },
        ],
      },
      { path: '/forgot-password', element: <Suspense fallback={pageFallback}><ForgotPasswordPage /></Suspense> },
      { path: '/reset-password/:token', element: <Suspense fallback={pageFallback}><ResetPasswordPage /></Suspense> },
      { path: '/invitations/:token', element: <Suspense fallback={pageFallback}><InvitationPage /></Suspense> },
      { path: '/follow/:token', element: <Suspense fallback={pageFallback}><FollowerPage /></Suspense> },
      { path: '/circles/join/:token', element: <Suspense fallback={pageFallback}><JoinCirclePage /></Suspense> },
      { path: '/santa/result/:token', element: <Suspense fallback={pageFallback}><SantaResultPage /></Suspense> },
      {
        element: <RequireUser />,
        children: [
          { path: '/dashboard', element: <Suspense fallback={pageFallback}><DashboardPage /></Suspense> },
          { path: '/account', element: <Suspense fallback={pageFallback}><AccountPage /></Suspense> },
          { path: '/capture', element: <Suspense fallback={pageFallback}><CapturePage /></Suspense> },
          { path: '/notifications', element: <Suspense fallback={pageFallback}><NotificationsPage /></Suspense> },
          { path: '/circles', element: <Suspense fallback={pageFallback}><CirclesPage /></Suspense> },
          { path: '/circles/:id', element: <Suspense fallback={pageFallback}><CirclePage /></Suspense> },
          { path: '/santa', element: <Suspense fallback={pageFallback}><SantaPage /></Suspense> },
          { path: '/santa/draws/:id', element: <Suspense fallback={pageFallback}><SantaResultPage /></Suspense> },
          { path: '/change-password', element: <Suspense fallback={pageFallback}><ChangePasswordPage /></Suspense> },
          { path: '/signed-in', element: <Suspense fallback={pageFallback}><ProviderSignedInPage /></Suspense> },
        ],
      },
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

/**
 * Loads the page module of a server-rendered path before hydration starts: a page still loading
 * while the session or branding updates would be thrown away and rendered again from a spinner.
 */
export function loadServerRenderedPage(pathname: string): Promise<unknown> {
  return pathname.startsWith('/share/wishlist/') ? loadSharedWishlistPage() : Promise.resolve();
}

/**
 * The app's pages at the current location, inside the error screen's boundary. Plain routes, no
 * data router: the pages load their own data, and the data router's code would double the
 * router's share of the first download.
 */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
