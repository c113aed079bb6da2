/**
 * Server rendering of the public pages (docs/decisions/013). Built by `vite build --ssr` into
 * dist-ssr/ and loaded by the API server, which calls `render` for a page request and puts the
 * HTML into index.html; main.tsx hydrates it. Only visitors' pages are rendered (a session lives
 * in the browser's storage, out of the server's sight): what depends on the session, the visitor's
 * mix or the theme is rendered for a visitor, and the browser updates it after hydration.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiTransport, RenderedPage, RenderOptions } from '@lumiskin/contract/page-render';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchPath,
  matchRoutes,
  StaticRouterProvider,
  type Params,
} from 'react-router';
import { AppProvider, createQueryClient } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { markFirstPaint } from '@/components/after-first-paint';
import { getDownloadInfoQueryOptions } from '@/features/download/api/get-download-info';
import { postQueryOptions } from '@/features/learn/api/get-post';
import { productQueryOptions } from '@/features/shop/api/get-product';
import { ApiRequestError, setApiTransport } from '@/lib/api/api-client';
import { localeFromAcceptLanguage, setLocale } from '@/lib/format';
import { landingPostsQueryOptions } from '@/lib/api/get-posts';
import { catalogueQueryOptions } from '@/lib/api/mix';
import { stateScript } from '@/ssr-state';

interface ServerPage {
  /** A route pattern (React Router's: `/learn/:slug`). */
  path: string;
  /** The route's lazy module (a key of Vite's manifest), so its chunk is preloaded with the HTML. */
  module: string | null;
  /** False when rendering has an effect (counting a view): every request renders then. */
  cacheable?: boolean;
  /** Data the page shows that no route loader asks for. */
  prefetch?: (queryClient: QueryClient, params: Params) => Promise<unknown>;
}

/** The pages rendered on the server: public, the same for every visitor, and worth a fast paint. */
export const SERVER_PAGES: readonly ServerPage[] = [
  {
    path: '/',
    module: null, // the landing page ships in the entry chunk
    prefetch: (queryClient) =>
      Promise.all([
        queryClient.prefetchQuery(catalogueQueryOptions()),
        queryClient.prefetchQuery(landingPostsQueryOptions()),
      ]),
  },
  { path: '/shop', module: 'src/features/shop/routes/shop.tsx' },
  {
    path: '/shop/:id',
    module: 'src/features/shop/routes/product.tsx',
    prefetch: (queryClient, { id = '' }) =>
      Promise.all([
        queryClient.prefetchQuery(productQueryOptions(id)),
        queryClient.prefetchQuery(catalogueQueryOptions()),
      ]),
  },
  { path: '/learn', module: 'src/features/learn/routes/learn.tsx' },
  {
    // Fetching the article counts the visitor's view, as the browser's own request would; a
    // signed-in reader's request that follows is not counted again (same browser, same day).
    path: '/learn/:slug',
    module: 'src/features/learn/routes/article.tsx',
    cacheable: false,
    prefetch: (queryClient, { slug = '' }) =>
      queryClient.prefetchQuery(postQueryOptions(slug, false)),
  },
  {
    path: '/download',
    module: 'src/features/download/routes/download.tsx',
    prefetch: (queryClient) => queryClient.prefetchQuery(getDownloadInfoQueryOptions()),
  },
  // The sign-in, sign-up and password reset request forms are the same for every visitor, and
  // the pages a new user meets first: painted with the HTML instead of after the app's script
  // (issue 33). A signed-in reader is sent on after hydration, as before (useSession reads the
  // visitor on the server).
  { path: '/login', module: 'src/features/auth/routes/login.tsx' },
  { path: '/register', module: 'src/features/auth/routes/register.tsx' },
  { path: '/forgot-password', module: 'src/features/auth/routes/forgot-password.tsx' },
  { path: '/terms', module: 'src/features/legal/routes/terms.tsx' },
  { path: '/privacy', module: 'src/features/legal/routes/privacy.tsx' },
];

// Renders run concurrently: each one's API calls go through its own request's transport.
const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error('API call outside a server render'));
  return transport(url, init);
});

// The server renders whole pages: nothing waits for a first paint (after-first-paint.tsx).
markFirstPaint();

/**
 * Renders `url` (path and query) for a visitor, or returns null when it is not a server-rendered
 * page or cannot be rendered as a plain 200 page (a redirect, an error, data that failed to load):
 * the server then sends the plain app shell and the browser renders the page itself. A path no page
 * has, or an article that does not exist, gives NOT_FOUND.
 */
export function render(url: string, options: RenderOptions): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://lumiskin.invalid');
  for (const page of SERVER_PAGES) {
    const match = matchPath(page.path, location.pathname);
    if (match) {
      const locale = localeFromAcceptLanguage(options.acceptLanguage);
      return transports.run(options.fetch, () => renderPage(page, match.params, location, locale));
    }
  }
  return Promise.resolve(isUnknownPath(location.pathname) ? NOT_FOUND : null);
}

/**
 * No such page: the server answers 404 with the app shell (the browser shows the app's "not
 * found" page), so search engines do not index a "not found" page as content.
 */
const NOT_FOUND: RenderedPage = { status: 404, html: '', state: '', modules: [], cacheable: true };

/** The app's routes, only to match paths against (no loader runs). */
const routeTable = createRoutes(createQueryClient());

/** True when only the catch-all route matches: no page of the app has this path. */
function isUnknownPath(pathname: string): boolean {
  return matchRoutes(routeTable, pathname)?.at(-1)?.route.path === '*';
}

async function renderPage(
  page: ServerPage,
  params: Params,
  location: URL,
  locale: string,
): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  try {
    await page.prefetch?.(queryClient, params);
    const handler = createStaticHandler(createRoutes(queryClient));
    const context = await handler.query(new Request(location.href));
    if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
    const failed = queryClient
      .getQueryCache()
      .findAll({ predicate: (q) => q.state.status === 'error' })
      .map((q) => q.state.error);
    if (failed.some((error) => error instanceof ApiRequestError && error.status === 404))
      return NOT_FOUND;
    if (failed.length) return null;

    // Taken together, synchronously: the HTML shows exactly the data the browser will hydrate,
    // formatted in the locale the browser will hydrate with.
    const queries = dehydrate(queryClient);
    setLocale(locale);
    const html = renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProvider>
      </StrictMode>,
    );
    const router = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
    return {
      status: 200,
      html,
      state: stateScript({ queries, router, locale }),
      modules: page.module ? [page.module] : [],
      cacheable: page.cacheable ?? true,
    };
  } finally {
    queryClient.clear();
  }
}
