/**
 * Whether the server can be reached, as the app last saw it: a request that failed without an
 * answer (no network, server unreachable) marks it unreachable, any answer marks it reachable.
 * navigator.onLine alone is not enough: it stays true on a network without internet.
 */
let reachable = true;
const listeners = new Set<() => void>();

export function reportReachable(value: boolean): void {
  if (reachable === value) return;
  reachable = value;
  for (const listener of listeners) listener();
}

export function isServerReachable(): boolean {
  return reachable;
}

export function subscribeReachable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
