import { RefreshCwIcon, TriangleAlertIcon, WifiOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { reloadPage } from '@/lib/platform/leave';

/**
 * A page's code that did not load, as each browser words it: Chromium "Failed to fetch
 * dynamically imported module", Firefox "error loading dynamically imported module", Safari
 * "Importing a module script failed", Vite's preloader "Unable to preload CSS".
 */
const CODE_LOAD_FAILED =
  /dynamically imported module|importing a module script failed|unable to preload/i;

export function isCodeLoadError(error: unknown): boolean {
  return error instanceof Error && CODE_LOAD_FAILED.test(error.message);
}

/** The page reloaded for its missing code, and when: one try per page a minute, never a loop. */
export const CODE_RELOAD_KEY = 'lumiskin:code-reload';
export const CODE_RELOAD_WINDOW_MS = 60_000;

function reloadedLately(pathname: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(CODE_RELOAD_KEY) ?? 'null') as {
      pathname?: unknown;
      at?: unknown;
    } | null;
    return (
      last !== null &&
      last.pathname === pathname &&
      typeof last.at === 'number' &&
      Date.now() - last.at < CODE_RELOAD_WINDOW_MS
    );
  } catch {
    return false;
  }
}

function noteReload(pathname: string) {
  try {
    sessionStorage.setItem(CODE_RELOAD_KEY, JSON.stringify({ pathname, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full): reload once anyway; the next failure shows the page.
  }
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * Shown when a route fails to render or its code cannot load. Code that cannot load is most
 * often a new version deployed while the page was open (its old files are gone): the page then
 * loads itself again, once, and opens on the new version (decision 188). Offline, it waits for
 * the connection and then does the same.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const codeMissing = isCodeLoadError(error);
  const [online, setOnline] = useState(isOnline);
  // Decided once per error: the note written below must not turn this render into the fallback.
  const [reloading] = useState(() => codeMissing && isOnline() && !reloadedLately(pathname));

  useEffect(() => {
    if (!reloading) return;
    noteReload(pathname);
    reloadPage();
  }, [reloading, pathname]);

  useEffect(() => {
    if (!codeMissing) return;
    const onOnline = () => {
      setOnline(true);
      noteReload(pathname);
      reloadPage();
    };
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [codeMissing, pathname]);

  if (reloading) return <FullPageSpinner label="Loading the latest version of Lumiskin" />;
  const offline = codeMissing && !online;
  const Icon = offline ? WifiOffIcon : TriangleAlertIcon;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <title>{offline ? 'You are offline — Lumiskin' : 'Something went wrong — Lumiskin'}</title>
      <span className="mb-6 inline-flex size-16 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      <h1 className="text-h1 font-semibold">
        {offline ? 'You are offline' : 'Something went wrong'}
      </h1>
      <p className="mt-4 text-muted-foreground">
        {offline
          ? 'This page is not saved on this device yet. It opens as soon as you are back online.'
          : 'This page could not be shown. Reloading usually fixes it; your data is safe.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={reloadPage}>
          <RefreshCwIcon aria-hidden /> Reload
        </Button>
        <Button asChild variant="outline">
          <a href={paths.home.href}>Back to home</a>
        </Button>
      </div>
    </main>
  );
}
