import { WifiOffIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
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

/** "You're offline — showing what you saw last": a thin bar under the navigation. */
export function OfflineBar() {
  const online = useOnline();
  const reachable = useSyncExternalStore(subscribeReachable, isServerReachable, () => true);
  if (online && reachable) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-warning-soft px-4 py-2 text-center text-sm font-medium text-warning-soft-foreground"
    >
      <WifiOffIcon className="size-4 shrink-0" aria-hidden />
      You’re offline — showing what you saw last. Scans and quiz answers will work when you’re back
      online.
    </div>
  );
}
