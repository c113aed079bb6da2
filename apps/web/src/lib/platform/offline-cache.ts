/**
 * "Offline that works": what the person last saw (their dashboard, analyses, routine, quiz hub,
 * articles, shop) is kept in IndexedDB and put back into the query cache when the app starts
 * without server-rendered data (an installed app, or a reload with no connection: the service
 * worker serves the app shell). It belongs to one signed-in person: signing out, or another
 * person signing in, drops it. Only successful answers are kept, for at most MAX_AGE_MS.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { hasIndexedDb } from '@/lib/platform/idb';
import { deleteSaved, readSaved, writeSaved } from '@/lib/platform/offline-store';
import { getSession, subscribeSession } from '@/lib/platform/storage';

export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Writes are batched: the cache is saved at most once per this interval… */
const SAVE_EVERY_MS = 1000;
/** …except that a query's new answer is saved this soon (answers arriving together, one write). */
const SAVE_NEW_ANSWER_MS = 100;

interface Saved {
  owner: string | null;
  savedAt: number;
  state: DehydratedState;
}

const ownerNow = () => getSession()?.user.id ?? null;

/** Removes the saved cache (sign-out, another person). */
export function dropOfflineCache(): Promise<void> {
  if (!hasIndexedDb()) return Promise.resolve();
  return deleteSaved().catch(() => undefined);
}

/**
 * Puts the saved answers back into `queryClient` when they belong to the person signed in now and
 * are recent; newer data already in the cache wins (hydrate keeps the newer of the two).
 */
export async function restoreOfflineCache(queryClient: QueryClient, now = Date.now()) {
  if (!hasIndexedDb()) return false;
  try {
    const saved = (await readSaved()) as Saved | undefined;
    if (!saved) return false;
    if (saved.owner !== ownerNow() || now - saved.savedAt > MAX_AGE_MS) {
      await dropOfflineCache();
      return false;
    }
    hydrate(queryClient, saved.state);
    // What was saved is shown at once but is not fresh: every screen asks the server again on
    // mount (and, offline, that failed request is what brings up the offline bar).
    void queryClient.invalidateQueries({ refetchType: 'none' });
    return true;
  } catch {
    return false; // private mode or a blocked database: the app simply starts empty
  }
}

/**
 * The answers worth keeping: every query that has data, including one whose latest refetch failed
 * (offline, its status is 'error' but its data is still what the person saw last). Keeping only
 * 'success' queries dropped a page's data the first time it was opened offline, so the second
 * offline visit had nothing (issue 34). The failure itself is not kept.
 */
function keptAnswers(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.data !== undefined && query.meta?.offline !== false,
  });
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? {
            ...query,
            state: { ...query.state, status: 'success', error: null, fetchFailureReason: null },
          }
        : query,
    ),
  };
}

/** Saves the cache's successful answers as they change; returns a function that stops it. */
export function persistOfflineCache(queryClient: QueryClient): () => void {
  if (!hasIndexedDb()) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the pending save is the quick one of a new answer. */
  let soon = false;
  const save = () => {
    timer = undefined;
    soon = false;
    const saved: Saved = {
      owner: ownerNow(),
      savedAt: Date.now(),
      state: keptAnswers(queryClient),
    };
    void writeSaved(saved).catch(() => undefined);
  };
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    // A new answer is kept within a moment: a page opened and left within the batching interval
    // was otherwise never kept, and the first offline visit had nothing (issue 34).
    const isNewAnswer = event.type === 'updated' && event.action.type === 'success';
    if (isNewAnswer && timer !== undefined && soon) return;
    if (isNewAnswer && timer !== undefined) clearTimeout(timer);
    if (timer !== undefined && !isNewAnswer) return;
    soon = isNewAnswer;
    timer = setTimeout(save, isNewAnswer ? SAVE_NEW_ANSWER_MS : SAVE_EVERY_MS);
  });
  // The tab or app put in the background (the page stays alive): save what waits now.
  const onHidden = () => {
    if (document.visibilityState !== 'hidden' || timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  document.addEventListener('visibilitychange', onHidden);
  let owner = ownerNow();
  const unsubscribeSession = subscribeSession(() => {
    const next = ownerNow();
    if (next === owner) return;
    owner = next;
    // Signed out, or someone else signed in: what the last person saw must not be kept.
    if (timer) clearTimeout(timer);
    timer = undefined;
    void dropOfflineCache();
  });
  return () => {
    unsubscribeCache();
    unsubscribeSession();
    document.removeEventListener('visibilitychange', onHidden);
    if (timer) clearTimeout(timer);
  };
}
