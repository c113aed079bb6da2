import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WifiOffIcon } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { isOfflineFailure } from '@/lib/api/api-client';
import { getAccountQueryOptions } from '@/lib/api/get-account';
import { isServerReachable, subscribeReachable } from '@/lib/platform/connection';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** navigator.onLine as React state (always online on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether a query on screen has nothing to show: it failed for want of a connection and this
 * device kept no earlier answer (a page never opened before, or one whose copy has expired).
 */
function hasUnsavedQueryOnScreen(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      (query) =>
        query.getObserversCount() > 0 &&
        query.state.data === undefined &&
        query.state.status === 'error' &&
        isOfflineFailure(query.state.error),
    );
}

/** Whether the account this device kept analyses scans here (read from the cache, never fetched). */
function scansOnDevice(queryClient: QueryClient): boolean {
  return (
    queryClient.getQueryData(getAccountQueryOptions().queryKey)?.settings.analyse_on_device ?? false
  );
}

/** What still needs the connection, in the bar's words. */
export const OFFLINE_SEEN_LAST = {
  server:
    'You’re offline — showing what you saw last. Scans and quiz answers will work when you’re back online.',
  // Decision 100: a scan on this device works offline; its results wait on the phone.
  device:
    'You’re offline — showing what you saw last. Scans on this device still work and are sent later; quiz answers will work when you’re back online.',
} as const;

/**
 * "You're offline — showing what you saw last": a thin bar under the navigation. When the page has
 * nothing saved on this device, it says that instead of promising what it cannot show (issue 34).
 */
export function OfflineBar() {
  const online = useOnline();
  const reachable = useSyncExternalStore(subscribeReachable, isServerReachable, () => true);
  const queryClient = useQueryClient();
  const subscribeQueries = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const isUnsaved = useSyncExternalStore(
    subscribeQueries,
    () => hasUnsavedQueryOnScreen(queryClient),
    () => false,
  );
  const onDevice = useSyncExternalStore(
    subscribeQueries,
    () => scansOnDevice(queryClient),
    () => false,
  );
  if (online && reachable) return null;
  return (
    <div
      role="status"
      data-testid="offline-bar"
      className="flex items-center justify-center gap-2 bg-warning-soft print:hidden px-4 py-2 text-center text-sm font-medium text-warning-soft-foreground"
    >
      <WifiOffIcon className="size-4 shrink-0" aria-hidden />
      {isUnsaved
        ? 'You’re offline, and this page has not been saved on this device yet: it will load when you’re back online.'
        : OFFLINE_SEEN_LAST[onDevice ? 'device' : 'server']}
    </div>
  );
}
