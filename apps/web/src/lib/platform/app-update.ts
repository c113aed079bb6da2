import { useSyncExternalStore } from 'react';
import { reloadPage } from '@/lib/platform/leave';

/**
 * A new version of the app reaching windows that are already open (decision 188).
 *
 * The service worker keeps serving the version a window started with until every window of the
 * app is closed (no skipWaiting): an installed app kept in the background for days stayed on its
 * old code, and the browser only looks for a new worker when a page loads. Now an open app looks
 * again now and then, and a new version found waiting is offered: "Reload" lets it take over and
 * loads the page again with it.
 *
 * - `ready`: a new version is installed and waits; reloading puts it in charge.
 * - `activated`: another window put the new version in charge; this window still runs the old
 *   code, whose page files the worker no longer keeps. Reloading loads the new one.
 */
export type AppUpdate = 'none' | 'ready' | 'activated';

/** How often an open, visible app asks the server whether a new version was deployed. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Coming back to the app (the tab or the installed app shown again) asks if the last look is older. */
export const UPDATE_CHECK_ON_RETURN_MS = 15 * 60 * 1000;
/** If the waiting worker never takes over (it was replaced meanwhile), the page reloads anyway. */
export const APPLY_TIMEOUT_MS = 3_000;

let state: AppUpdate = 'none';
/** The update the person put off with "Later": not offered again in this page's life. */
let putOff: AppUpdate | null = null;
/** What Reload does for `state` (null: load the page again). */
let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function setState(next: AppUpdate, applyNext: (() => void) | null) {
  apply = applyNext;
  if (state === next) return;
  state = next;
  notify();
}

/** Reloads the page into the new version (the waiting worker first takes over, when there is one). */
export function applyUpdate(): void {
  (apply ?? reloadPage)();
}

/** "Later": the update stays unoffered until the app is opened again (which loads it anyway). */
export function putOffUpdate(): void {
  putOff = state;
  notify();
}

/** The update to offer now: none, or one the person has not put off. */
export function offeredUpdate(): AppUpdate {
  return state === putOff ? 'none' : state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOfferedUpdate(): AppUpdate {
  return useSyncExternalStore(subscribe, offeredUpdate, () => 'none');
}

/** Back to no update (tests). */
export function resetAppUpdate(): void {
  state = 'none';
  putOff = null;
  apply = null;
  notify();
}

/**
 * Follows `registration` for new versions: one already waiting, one installing now or later, and
 * another window putting one in charge. Looks for a new version every hour while the app is on
 * screen and when it is shown again after 15 minutes. Returns a function that stops it all.
 */
export function watchForUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer = navigator.serviceWorker,
  doc: Document = document,
): () => void {
  // A page the worker did not control yet is taken over by the first install (clientsClaim): that
  // takeover is the version the page already runs, not a new one.
  let controlled = container.controller !== null;
  let reloading = false;

  const offer = (worker: ServiceWorker) => {
    setState('ready', () => {
      if (reloading) return;
      reloading = true;
      worker.postMessage({ type: 'SKIP_WAITING' });
      setTimeout(reloadPage, APPLY_TIMEOUT_MS);
    });
  };
  // A new worker waits only when an older one is active: without one it is the first install.
  const follow = (worker: ServiceWorker) => {
    const settle = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', settle);
      if (worker.state === 'installed' && registration.active) offer(worker);
    };
    worker.addEventListener('statechange', settle);
    settle();
  };
  if (registration.waiting) follow(registration.waiting);
  if (registration.installing) follow(registration.installing);
  const onUpdateFound = () => {
    if (registration.installing) follow(registration.installing);
  };
  registration.addEventListener('updatefound', onUpdateFound);

  const onControllerChange = () => {
    if (reloading) {
      reloadPage();
      return;
    }
    if (!controlled) {
      controlled = true;
      return;
    }
    setState('activated', null);
  };
  container.addEventListener('controllerchange', onControllerChange);

  let lastCheck = Date.now();
  const check = () => {
    lastCheck = Date.now();
    // Offline, or the server down: the next look tries again.
    registration.update().catch(() => undefined);
  };
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'visible' && Date.now() - lastCheck >= UPDATE_CHECK_ON_RETURN_MS)
      check();
  };
  doc.addEventListener('visibilitychange', onVisibilityChange);
  const timer = setInterval(() => {
    if (doc.visibilityState === 'visible') check();
  }, UPDATE_CHECK_INTERVAL_MS);

  return () => {
    registration.removeEventListener('updatefound', onUpdateFound);
    container.removeEventListener('controllerchange', onControllerChange);
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    clearInterval(timer);
  };
}
