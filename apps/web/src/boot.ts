/**
 * The entry: the stylesheet, and the app, which a server-rendered page loads once it has painted.
 *
 * A server-rendered page (docs/decisions/013) is complete HTML: the browser shows it as soon as
 * the stylesheet is there, with the page's first image, and only then downloads and runs the
 * app, which hydrates it. The app's chunks and the page's route chunks are asked for together
 * then (index.html lists the app's, the server the route's), so it is one round trip, not a chain.
 * The plain app shell has nothing to paint and starts the app at once.
 */
import { ROUTE_MODULES_ID } from '@lumiskin/contract/page-render';
import { startDashboardEarly } from '@/app/dashboard-early';
import { captureInstallPrompt } from '@/lib/platform/install-prompt';
import { readSavedEarly } from '@/lib/platform/offline-store';
import './index.css';

// The browser may offer installation before the app has loaded: keep the offer for the banner.
captureInstallPrompt();
// A signed-in landing page's chunk and data start now, beside the app's download.
startDashboardEarly(window.location.pathname);
/** A server-rendered page (it has its data) or the app shell (it starts from the offline cache). */
const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
// The app shell's first render waits for the offline cache: its read starts now.
if (!serverRendered) readSavedEarly();

/** JSON lists of scripts to fetch: the app's (vite.config.ts), a route's (the server). */
const MODULE_LISTS = ['app-modules', ROUTE_MODULES_ID];

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A callback of the frame, then a task after it: that frame has been painted.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    // A hidden tab has no frames.
    setTimeout(resolve, 250);
  });
}

/** Lets the browser handle input and paint between two pieces of start-up work. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Links added per task: asking for a script costs the main thread time of its own. */
const PRELOADS_PER_TASK = 4;

/** Starts downloading every script the app will run now; it then runs them in order. */
async function preloadModules() {
  const hrefs: string[] = [];
  for (const id of MODULE_LISTS) {
    try {
      const files: unknown = JSON.parse(document.getElementById(id)?.textContent ?? '[]');
      if (Array.isArray(files))
        for (const href of files)
          if (typeof href === 'string' && href.startsWith('/assets/')) hrefs.push(href);
    } catch {
      /* no list: the imports below find the files themselves */
    }
  }
  for (let i = 0; i < hrefs.length; i++) {
    if (i > 0 && i % PRELOADS_PER_TASK === 0) await yieldToMain();
    const href = hrefs[i];
    if (!href || document.head.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

async function start() {
  if (serverRendered) await afterFirstPaint();
  await preloadModules();
  // React DOM, the largest module, runs in a task of its own; then the app (which hydrates a
  // server-rendered page in slices, or renders the app shell's first screen at once).
  await import('react-dom/client');
  await yieldToMain();
  await import('./main');
}

void start();
