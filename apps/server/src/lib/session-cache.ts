/**
 * How long a session read from the database is trusted in memory (decision 087). With Redis every
 * change reaches every instance at once (pub/sub) and this only bounds a lost message; without
 * Redis it is the most another process sharing the database can lag behind (one process forgets
 * at once).
 */
export const SESSION_CACHE_TTL_MS = { shared: 30_000, alone: 1_000 };
/**
 * Live sessions kept in memory for a short while, keyed by the token's hash (decision 087).
 * `forget(userId)` drops every session of that account; a lookup that was reading the database
 * while a forget arrived is not kept (it may have read the row just before the change).
 */
export interface SessionCache<T> {
  get(tokenHash: string, now: number): T | undefined;
  /** The generation to hand back to `set`: read it before the database lookup starts. */
  generation(): number;
  set(tokenHash: string, userId: string, value: T, expiresAt: number, generation: number): void;
  forget(userId: string | null): void;
  /**
   * `load(generation)`, or the load of `key` already under way since the last `forget`: requests
   * that miss together (an entry that expired under 50 concurrent requests) share one database
   * read instead of making one each. A request after a `forget` never joins an older load.
   */
  loadOnce<R>(key: string, load: (generation: number) => Promise<R>): Promise<R>;
  readonly size: number;
}

export function sessionCache<T>(options: { ttlMs: number; maxEntries: number }): SessionCache<T> {
  const entries = new Map<string, { userId: string; value: T; until: number }>();
  /** Loads under way, by key, with the generation they started in (at most one per key). */
  const loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  let generation = 0;
  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(tokenHash);
        return undefined;
      }
      // most recently used last: the Map's order is the eviction order
      entries.delete(tokenHash);
      entries.set(tokenHash, entry);
      return entry.value;
    },
    generation: () => generation,
    set(tokenHash, userId, value, expiresAt, at) {
      if (at !== generation) return;
      const until = Math.min(Date.now() + options.ttlMs, expiresAt);
      entries.delete(tokenHash);
      entries.set(tokenHash, { userId, value, until });
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    forget(userId) {
      generation++;
      if (userId === null) {
        entries.clear();
        return;
      }
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
    loadOnce<R>(key: string, load: (at: number) => Promise<R>): Promise<R> {
      const under = loading.get(key);
      if (under && under.generation === generation) return under.promise as Promise<R>;
      const promise = load(generation).finally(() => {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      });
      loading.set(key, { generation, promise });
      return promise;
    },
    get size() {
      return entries.size;
    },
  };
}
