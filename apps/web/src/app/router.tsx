import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { matchRoutes, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths, type LoginPageState } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api/api-client';
import { revalidateOnNewPage } from '@/lib/route-prefetch';
import { removePrivateQueries } from '@/lib/api/visitor-queries';
import { loadDashboardRoute } from '@/app/dashboard-early';
import { RequireAuth, RequireStaff } from '@/app/guards';
import { RootLayout } from '@/app/layout/root-layout';
import { RouteErrorPage } from '@/app/routes/error-page';
import { dashboardLoader } from '@/features/dashboard/api/prefetch-dashboard';
import LandingRoute from '@/features/landing/routes/landing';
import { postsLoader } from '@/features/learn/api/posts-loader';
import { productLoader } from '@/features/shop/api/get-product';
import { productsLoader } from '@/features/shop/api/get-products';

/**
 * Every other screen is its own chunk: a visitor on / downloads no quiz, scan or admin code. The
 * landing page is the exception: it is what most people open first, so it ships with the entry
 * and the router starts on it at once (no lazy step, no fallback render before the hero).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** The id of the route that holds every signed-in page (its guard is RequireAuth). */
const SIGNED_IN_ROUTE_ID = 'signed-in';

/** The admin console's pages (under RequireStaff), built fresh per call like the rest. */
const adminRoutes = (): RouteObject[] => [
  {
    index: true,
    lazy: lazyPage(() => import('@/features/admin/routes/overview')),
  },
  {
    path: paths.adminUsers.path,
    lazy: lazyPage(() => import('@/features/admin/routes/users')),
  },
  {
    path: paths.adminUser.path,
    lazy: lazyPage(() => import('@/features/admin/routes/user-detail')),
  },
  {
    path: paths.adminProducts.path,
    lazy: lazyPage(() => import('@/features/admin/routes/products')),
  },
  {
    path: paths.adminProductNew.path,
    lazy: lazyPage(() => import('@/features/admin/routes/product-edit')),
  },
  {
    path: paths.adminProduct.path,
    lazy: lazyPage(() => import('@/features/admin/routes/product-edit')),
  },
  {
    path: paths.adminArticles.path,
    lazy: lazyPage(() => import('@/features/admin/routes/articles')),
  },
  {
    path: paths.adminQuiz.path,
    lazy: lazyPage(() => import('@/features/admin/routes/quiz-bank')),
  },
  {
    path: paths.adminQuizCategories.path,
    lazy: lazyPage(() => import('@/features/admin/routes/quiz-categories')),
  },
  {
    path: paths.adminAudit.path,
    lazy: lazyPage(() => import('@/features/admin/routes/audit')),
  },
  {
    path: paths.adminOrders.path,
    lazy: lazyPage(() => import('@/features/admin/routes/orders')),
  },
  {
    path: paths.adminSettings.path,
    lazy: lazyPage(() => import('@/features/admin/routes/settings')),
  },
];

/**
 * The routes of the app. The shop and learn pages have loaders next to their lazy chunks: the
 * router starts the list request with the navigation, while the chunk is still downloading, and
 * puts it in the app's query client for the page's own query to use.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, Component: LandingRoute },
      { path: paths.login.path, lazy: lazyPage(() => import('@/features/auth/routes/login')) },
      {
        path: paths.register.path,
        lazy: lazyPage(() => import('@/features/auth/routes/register')),
      },
      {
        path: paths.forgotPassword.path,
        lazy: lazyPage(() => import('@/features/auth/routes/forgot-password')),
      },
      {
        path: paths.resetPassword.path,
        lazy: lazyPage(() => import('@/features/auth/routes/reset-password')),
      },
      {
        path: paths.confirmEmail.path,
        lazy: lazyPage(() => import('@/features/auth/routes/confirm-email')),
      },
      { path: paths.terms.path, lazy: lazyPage(() => import('@/features/legal/routes/terms')) },
      { path: paths.privacy.path, lazy: lazyPage(() => import('@/features/legal/routes/privacy')) },
      {
        path: paths.shop.path,
        loader: productsLoader(queryClient),
        shouldRevalidate: revalidateOnNewPage,
        lazy: lazyPage(() => import('@/features/shop/routes/shop')),
      },
      {
        path: paths.product.path,
        loader: productLoader(queryClient),
        shouldRevalidate: revalidateOnNewPage,
        lazy: lazyPage(() => import('@/features/shop/routes/product')),
      },
      {
        path: paths.learn.path,
        loader: postsLoader(queryClient),
        shouldRevalidate: revalidateOnNewPage,
        lazy: lazyPage(() => import('@/features/learn/routes/learn')),
      },
      { path: paths.article.path, lazy: lazyPage(() => import('@/features/learn/routes/article')) },
      {
        path: paths.download.path,
        lazy: lazyPage(() => import('@/features/download/routes/download')),
      },
      {
        id: SIGNED_IN_ROUTE_ID,
        Component: RequireAuth,
        children: [
          {
            path: paths.dashboard.path,
            loader: dashboardLoader(queryClient),
            lazy: lazyPage(loadDashboardRoute),
          },
          {
            path: paths.history.path,
            lazy: lazyPage(() => import('@/features/dashboard/routes/history')),
          },
          { path: paths.scan.path, lazy: lazyPage(() => import('@/features/scan/routes/scan')) },
          {
            path: paths.analysis.path,
            lazy: lazyPage(() => import('@/features/scan/routes/analysis')),
          },
          {
            path: paths.profile.path,
            lazy: lazyPage(() => import('@/features/profile/routes/profile')),
          },
          {
            path: paths.checkout.path,
            lazy: lazyPage(() => import('@/features/checkout/routes/checkout')),
          },
          {
            path: paths.order.path,
            lazy: lazyPage(() => import('@/features/checkout/routes/order')),
          },
          { path: paths.quiz.path, lazy: lazyPage(() => import('@/features/quiz/routes/quiz')) },
          {
            path: paths.quizChallenges.path,
            lazy: lazyPage(() => import('@/features/quiz/routes/quiz-challenges')),
          },
          {
            path: paths.quizPlay.path,
            lazy: lazyPage(() => import('@/features/quiz/routes/quiz-player')),
          },
          {
            path: paths.quizCategory.path,
            lazy: lazyPage(() => import('@/features/quiz/routes/quiz-player')),
          },
          {
            Component: RequireStaff,
            children: [
              {
                path: paths.admin.path,
                lazy: lazyPage(() => import('@/features/admin/routes/admin-layout')),
                children: adminRoutes(),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('@/app/routes/not-found')) },
    ],
  },
];

/**
 * docs/product-rules.md#session: a 401 on any call has already cleared the stored session; drop cached private data
 * (not the server-rendered page's visitor data, lib/api/visitor-queries)
 * and, on a signed-in page, go to /login inside the SPA (no reload), with the way back and a
 * note that the session ended: a session revoked elsewhere (a password change, a sign-out of
 * every device) or expired must not look like a random jump to the login page. A public page
 * stays where it is and simply shows the visitor header:
 * an expired token in storage must not take a visitor off the landing page (issue 13).
 */
export function installUnauthorizedHandler(router: DataRouter, queryClient: QueryClient) {
  setUnauthorizedHandler(() => {
    removePrivateQueries(queryClient);
    const onSignedInPage = router.state.matches.some(
      ({ route }) => route.id === SIGNED_IN_ROUTE_ID,
    );
    const { pathname, search } = router.state.location;
    if (onSignedInPage && pathname !== paths.login.path)
      void router.navigate(paths.login.withRedirect(pathname + search), {
        state: { sessionEnded: true } satisfies LoginPageState,
      });
  });
}

/**
 * Loads the lazy route modules the URL matches before hydrating server-rendered HTML: hydration
 * must render the same page the server did, not a fallback while a chunk downloads.
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: Location) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

export function AppRouter({ router }: { router: DataRouter }) {
  const queryClient = useQueryClient();
  useEffect(() => installUnauthorizedHandler(router, queryClient), [queryClient, router]);

  return <RouterProvider router={router} />;
}
