import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, type HydrationState } from 'react-router';
import { AppProvider, createQueryClient } from '@/app/provider';
import { markFirstPaint } from '@/components/after-first-paint';
import { AppRouter, createRoutes, loadMatchedRoutes } from '@/app/router';
import { DEFAULT_LOCALE, setLocale } from '@/lib/format';
import { watchForUpdates } from '@/lib/platform/app-update';
import { isNative, startNativeApp } from '@/lib/platform/native';
import { persistOfflineCache, restoreOfflineCache } from '@/lib/platform/offline-cache';
import { startOutbox } from '@/lib/platform/outbox';
import { rememberVisitorQueries } from '@/lib/api/visitor-queries';
import { SSR_STATE_ID } from '@/ssr-state';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
  /** The locale the page was rendered in: hydration formats dates and numbers the same way. */
  locale?: string;
}

/** The data a server-rendered page was rendered with (a JSON block, not a script: CSP). */
function readServerState(): ServerState | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text || !root?.firstElementChild) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

/** The longest the app waits for IndexedDB before its first render. */
const RESTORE_WAIT_MS = 300;
/** The longest the first render waits for the router's first matches (code and loaders). */
const ROUTER_WAIT_MS = 100;

/** Resolves once the router has loaded the first page's code and data, or after `ms`. */
function routerReady(router: DataRouter, ms: number): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}

async function start(container: HTMLElement): Promise<Root> {
  const queryClient = createQueryClient();
  const state = readServerState();
  // Checked when the first date or number is formatted (lib/format.ts).
  setLocale(state ? (state.locale ?? DEFAULT_LOCALE) : navigator.language);

  // Edits made offline go out when the connection returns; then every screen asks again.
  startOutbox(() => void queryClient.invalidateQueries());
  const routes = createRoutes(queryClient);
  const app = (router: DataRouter) => (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );

  if (state) {
    // Server-rendered public page (docs/decisions/013): take over its HTML with the same data,
    // the same route modules and the visitor's markup, so nothing is rendered twice.
    // boot.ts started the app after the server's page painted: nothing waits for a first paint.
    markFirstPaint();
    hydrate(queryClient, state.queries);
    rememberVisitorQueries(queryClient);
    await loadMatchedRoutes(routes, window.location);
    const router = createBrowserRouter(routes, { hydrationData: state.router });
    let root: Root | undefined;
    // As a transition, React hydrates in short slices: taps and scrolling stay responsive.
    startTransition(() => {
      root = hydrateRoot(container, app(router), {
        // A page that differs from the server's is re-rendered by React; say so, it is a bug.
        onRecoverableError: (error) => console.error('Hydration recovered from:', error),
      });
    });
    if (!root) throw new Error('hydrateRoot did not run');
    persistOfflineCache(queryClient);
    return root;
  }

  // No server HTML (the app shell, or an installed app opened offline): start from what the
  // person saw last, so the screen has data at once and without a connection. Never blocks long.
  await Promise.race([
    restoreOfflineCache(queryClient),
    new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
  ]);
  persistOfflineCache(queryClient);
  const router = createBrowserRouter(routes);
  // Inside the Android app: status bar, push registration, splash (docs/product-rules.md#native-app).
  if (isNative()) void startNativeApp((link) => void router.navigate(link));
  // One render of the whole first screen, as soon as the router has the page's code (the route
  // chunk usually came with the app's scripts) and its loader has answered: on the app shell there
  // is nothing on screen to keep responsive, and rendering in transition slices made a phone's
  // signed-in page ~10 % slower to show (decision 040). A route still downloading renders its
  // spinner now and the page when it comes.
  await routerReady(router, ROUTER_WAIT_MS);
  const root = createRoot(container);
  root.render(app(router));
  return root;
}

/** The app's React root, once started (tests unmount it). */
export const started = start(root);

/**
 * The service worker (vite-plugin-pwa, generateSW, autoUpdate) makes the app installable and
 * work offline. It is registered when the browser is idle after start-up, so downloading and
 * precaching the app's files does not slow the first visit down.
 */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      // A version deployed while the app is open is offered to it (decision 188). A browser
      // that only pretends to register (an automated one blocking workers) gives no registration.
      .then((registration: ServiceWorkerRegistration | undefined) => {
        if (registration) watchForUpdates(registration);
      })
      .catch((error: unknown) => {
        console.warn('The service worker could not be registered:', error);
      });
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void register(), { timeout: 5_000 })
      : setTimeout(() => void register(), 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

void started.then(registerServiceWorker);
