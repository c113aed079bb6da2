import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a server-rendered page is still plain HTML (and during its hydration pass), true
 * once React runs it. A form whose submit button is disabled until then cannot be sent by the
 * browser itself before the app handles it, which would put its fields (a password) in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
