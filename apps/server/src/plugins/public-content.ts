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
    options?: { maxAgeMs?: number; alias?: string },
  ): Promise<CachedBody>;
  /**
   * The answer kept for a request seen before, found by `alias` (the route and its raw query
   * string, as `get` was told) without validating the query again; undefined when there is none,
   * it is older than `maxAgeMs`, or this process is not subscribed to changes (decision 103).
   */
  peek(alias: string, options?: { maxAgeMs?: number }): CachedBody | undefined;
  /** The same for a value a route builds its answer from (quiz categories before progress). */
  value<T>(key: string, load: () => Promise<T>, options?: { maxAgeMs?: number }): Promise<T>;
  /**
   * After a staff change: every instance drops every answer (or those whose key starts with
   * `prefix`) before this resolves here.
   */
  invalidate(prefix?: string): Promise<void>;
  /** How many answers and values, and raw query strings, this process keeps (both bounded). */
  sizes(): { entries: number; aliases: number };
}

const TOPIC = 'public-content';
/** Distinct answers kept (one per search): the least recently used goes beyond this. */
export const PUBLIC_CONTENT_ENTRIES = 300;
/** Raw query strings remembered with the answer they name (`?q=a+b` and `?q=a%20b` are two). */
export const PUBLIC_CONTENT_ALIASES = 1_000;

type Entry = { value: unknown; at: number };

async function publicContentPlugin(app: FastifyInstance) {
  const entries = new Map<string, Entry>();
  const making = new Map<string, Promise<unknown>>();
  /** A request's route and raw query → the key of its answer (what validation made of it). */
  const aliases = new Map<string, string>();
  /** Bumped by every change: a value loaded across a change is not kept. */
  let generation = 0;
  /**
   * The key last set in `entries`, so the Map's last while it is there (deletes never reorder
   * the rest): a hit on it is already the most recently used, and the catalogue's answer, asked
   * for again and again, is not deleted and set again on every request (decision 144).
   */
  let newest: string | undefined;
  /** Marks `entry` the most recently used: the Map's order is the eviction order. */
  const touch = (key: string, entry: Entry) => {
    if (key === newest) return;
    entries.delete(key);
    entries.set(key, entry);
    newest = key;
  };
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
      entries.delete(key);
      entries.set(key, { value, at: Date.now() });
      newest = key;
      if (entries.size > PUBLIC_CONTENT_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    }
    return value;
  };

  const isFresh = (entry: Entry | undefined, maxAgeMs: number | undefined): entry is Entry =>
    entry !== undefined && (maxAgeMs === undefined || Date.now() - entry.at < maxAgeMs);

  const remember = async <T>(
    key: string,
    produce: () => Promise<T>,
    options?: { maxAgeMs?: number },
  ): Promise<T> => {
    // Not subscribed (Redis configured but out of reach): another instance's change could be
    // missed, so every answer is made afresh until the subscription is back.
    if (!app.broadcast.isLive()) return produce();
    const entry = entries.get(key);
    if (entry && isFresh(entry, options?.maxAgeMs)) {
      touch(key, entry);
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

  const rememberAlias = (alias: string, key: string) => {
    if (aliases.get(alias) === key) return;
    aliases.delete(alias);
    aliases.set(alias, key);
    if (aliases.size > PUBLIC_CONTENT_ALIASES) {
      const oldest = aliases.keys().next().value;
      if (oldest !== undefined) aliases.delete(oldest);
    }
  };

  app.decorate('publicContent', {
    // Stored as 'body <key>' and 'value <key>': the kind, a space, the route's key.
    async get(key, make, options) {
      const body = await remember(`body ${key}`, async () => cachedBody(await make()), options);
      if (options?.alias !== undefined) rememberAlias(options.alias, `body ${key}`);
      return body;
    },
    peek(alias, options) {
      if (!app.broadcast.isLive()) return undefined;
      const key = aliases.get(alias);
      if (key === undefined) return undefined;
      const entry = entries.get(key);
      if (!isFresh(entry, options?.maxAgeMs)) return undefined;
      touch(key, entry);
      return entry.value as CachedBody;
    },
    value: (key, load, options) => remember(`value ${key}`, load, options),
    async invalidate(prefix = '') {
      await app.broadcast.publish(TOPIC, prefix);
    },
    sizes: () => ({ entries: entries.size, aliases: aliases.size }),
  } satisfies PublicContent);
}

export default fp(publicContentPlugin, {
  name: 'public-content',
  dependencies: ['broadcast'],
});
