import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistOfflineCache, restoreOfflineCache } from '@/lib/platform/offline-cache';

const store = vi.hoisted(() => ({ saved: undefined as unknown, writes: 0 }));
vi.mock('@/lib/platform/idb', () => ({ hasIndexedDb: () => true }));
vi.mock('@/lib/platform/offline-store', () => ({
  readSaved: () => Promise.resolve(store.saved),
  writeSaved: (value: unknown) => {
    store.writes += 1;
    store.saved = structuredClone(value);
    return Promise.resolve();
  },
  deleteSaved: () => {
    store.saved = undefined;
    return Promise.resolve();
  },
}));

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const posts = { posts: [{ title: 'Building a Routine' }] };

beforeEach(() => {
  store.saved = undefined;
  store.writes = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the offline cache', () => {
  it('keeps a new answer within a moment, not only after the batching second (issue 34)', async () => {
    const queryClient = client();
    const stop = persistOfflineCache(queryClient);
    queryClient.setQueryData(['blog', 'posts'], posts);
    await vi.advanceTimersByTimeAsync(150);
    expect(store.writes).toBe(1);
    const restored = client();
    vi.useRealTimers();
    expect(await restoreOfflineCache(restored)).toBe(true);
    expect(restored.getQueryData(['blog', 'posts'])).toEqual(posts);
    stop();
  });

  it('keeps what was seen last when a refetch failed offline, so the next offline visit has it', async () => {
    const queryClient = client();
    const stop = persistOfflineCache(queryClient);
    queryClient.setQueryData(['blog', 'posts'], posts);
    await vi.advanceTimersByTimeAsync(150);
    // Offline: the page asks again and the request gets no answer.
    await queryClient
      .fetchQuery({
        queryKey: ['blog', 'posts'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(queryClient.getQueryState(['blog', 'posts'])?.status).toBe('error');
    await vi.advanceTimersByTimeAsync(1100);
    expect(store.writes).toBe(2);

    const restored = client();
    vi.useRealTimers();
    expect(await restoreOfflineCache(restored)).toBe(true);
    expect(restored.getQueryData(['blog', 'posts'])).toEqual(posts);
    expect(restored.getQueryState(['blog', 'posts'])?.status).toBe('success');
    stop();
  });

  it('does not keep a query that opted out, nor one that never had an answer', async () => {
    const queryClient = client();
    const stop = persistOfflineCache(queryClient);
    await queryClient
      .fetchQuery({
        queryKey: ['quiz', 'stats'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      })
      .catch(() => undefined);
    await queryClient.fetchQuery({
      queryKey: ['secret'],
      queryFn: () => Promise.resolve({ a: 1 }),
      meta: { offline: false },
    });
    queryClient.setQueryData(['blog', 'posts'], posts);
    await vi.advanceTimersByTimeAsync(1100);
    const keys = (
      store.saved as { state: { queries: Array<{ queryKey: unknown }> } }
    ).state.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual([JSON.stringify(['blog', 'posts'])]);
    stop();
  });
});
