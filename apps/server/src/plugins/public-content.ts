import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cachedBody, type CachedBody } from '../http/cached-body';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Public content (catalogue, categories, articles, quiz categories) as serialised answers in
     * this process's memory, dropped on every instance when staff change content (decision 086).
     */
    publicContent: PublicContent;
  }
}

export interface PublicContent {
  /**
   * The answer kept under `key`, or `make()`'s (serialised JSON) with its ETag, kept for the next
   * request unless the content changed while it was made. Concurrent misses make it once.
   * `maxAgeMs` bounds its age where figures change without staff (views, likes, a scheduled post).
   */
  get(
    key: string,
    make: () => Promise<string>,
    options?: { maxAgeMs?: number },
  ): Promise<CachedBody>;
  /** The same for a value a route builds its answer from (quiz categories before progress). */
  value<T>(key: string, load: () => Promise<T>, options?: { maxAgeMs?: number }): Promise<T>;
  /**
   * After a staff change: every instance drops every answer (or those whose key starts with
   * `prefix`) before this resolves here.
   */
  invalidate(prefix?: string): Promise<void>;
}

const TOPIC = 'public-content';
/** Distinct answers kept (one per search): the least recently used goes beyond this. */
export const PUBLIC_CONTENT_ENTRIES = 300;

async function publicContentPlugin(app: FastifyInstance) {
  const entries = new Map<string, { value: unknown; at: number }>();
  const making = new Map<string, Promise<unknown>>();
  /** Bumped by every change: a value loaded across a change is not kept. */
  let generation = 0;
  app.broadcast.subscribe(TOPIC, (prefix) => {
    generation++;
    const drops = (stored: string) => !prefix || stored.startsWith(prefix, stored.indexOf(' ') + 1);
    for (const key of entries.keys()) if (drops(key)) entries.delete(key);
    for (const key of making.keys()) if (drops(key)) making.delete(key);
  });

  const load = async (key: string, produce: () => Promise<unknown>) => {
    const started = generation;
    const value = await produce();
    if (started === generation && app.broadcast.isLive()) {
      entries.set(key, { value, at: Date.now() });
      if (entries.size > PUBLIC_CONTENT_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    }
    return value;
  };

  const remember = async <T>(
    key: string,
    produce: () => Promise<T>,
    options?: { maxAgeMs?: number },
  ): Promise<T> => {
    // Not subscribed (Redis configured but out of reach): another instance's change could be
    // missed, so every answer is made afresh until the subscription is back.
    if (!app.broadcast.isLive()) return produce();
    const entry = entries.get(key);
    const isFresh =
      entry && (options?.maxAgeMs === undefined || Date.now() - entry.at < options.maxAgeMs);
    if (entry && isFresh) {
      // most recently used last: the Map's order is the eviction order
      entries.delete(key);
      entries.set(key, entry);
      return entry.value as T;
    }
    const inFlight = making.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const mine = load(key, produce).finally(() => {
      if (making.get(key) === mine) making.delete(key);
    });
    making.set(key, mine);
    return mine as Promise<T>;
  };

  app.decorate('publicContent', {
    // Stored as 'body <key>' and 'value <key>': the kind, a space, the route's key.
    get: (key, make, options) =>
      remember(`body ${key}`, async () => cachedBody(await make()), options),
    value: (key, load, options) => remember(`value ${key}`, load, options),
    async invalidate(prefix = '') {
      await app.broadcast.publish(TOPIC, prefix);
    },
  } satisfies PublicContent);
}

export default fp(publicContentPlugin, {
  name: 'public-content',
  dependencies: ['broadcast'],
});
