/**
 * The IndexedDB side of the offline cache (lib/platform/offline-cache.ts), without the query library, so
 * that boot.ts (the first script) can start reading it: on the app shell the read then runs while
 * the app's scripts download instead of after they have run (opening the database is a round trip
 * to the browser's storage process, ~0.1 s on a phone before the first render).
 */
import { hasIndexedDb, idbStore } from '@/lib/platform/idb';

const KEY = 'v1';
const run = idbStore('lumiskin', 'query-cache');

/** The read boot.ts started, until the app takes it. */
let early: Promise<unknown> | undefined;

/** Starts reading the saved cache now; the app's next readSaved() gets this read's answer. */
export function readSavedEarly(): void {
  if (!hasIndexedDb() || early) return;
  early = run('readonly', (store) => store.get(KEY));
  // Nobody may take it (the app fails to start): an unread rejection is not an error here.
  early.catch(() => undefined);
}

/** The saved cache as stored (unknown shape: the caller checks it). */
export function readSaved(): Promise<unknown> {
  const started = early;
  early = undefined;
  return started ?? run('readonly', (store) => store.get(KEY));
}

export function writeSaved(value: unknown): Promise<void> {
  return run('readwrite', (store) => store.put(value, KEY)).then(() => undefined);
}

export function deleteSaved(): Promise<void> {
  return run('readwrite', (store) => store.delete(KEY)).then(() => undefined);
}
