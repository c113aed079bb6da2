import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following its changes (a window dragged wider, a tablet
 * turned). False on the server and before the first render in the browser.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query)?.matches ?? false,
    () => false,
  );
}
