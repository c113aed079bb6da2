/**
 * Offline edits (issue 15 §2): a like, a save or a routine change made without a connection is
 * kept here — IndexedDB, for the person signed in — and sent in the order it was made when the
 * connection returns. Signing out, or another person signing in, drops what was not sent. The
 * screens show what is still waiting (`useOutbox`). Decision 034.
 */
import { useSyncExternalStore } from 'react';
import { apiRequest, ApiRequestError } from '@/lib/api/api-client';
import { subscribeReachable, isServerReachable } from '@/lib/platform/connection';
import { hasIndexedDb, idbStore } from '@/lib/platform/idb';
import { getSession, subscribeSession } from '@/lib/platform/storage';

export interface OutboxEntry {
  id: string;
  owner: string;
  /** Order of sending: the moment it was made, then a counter for the same millisecond. */
  seq: number;
  method: 'POST' | 'DELETE' | 'PATCH';
  /** Path under /api, e.g. '/blog/posts/{id}/like'. */
  path: string;
  body?: unknown;
  /** What the person did, in their words ("Like “Retinol 101”"), for the pending list. */
  label: string;
}

export type SendResult<T> = { queued: false; data: T } | { queued: true; entry: OutboxEntry };

const DB_NAME = 'lumiskin-outbox';
const STORE = 'entries';
/** While something waits, try again this often even without an 'online' event. */
const RETRY_MS = 30_000;

let entries: OutboxEntry[] = [];
let loaded = false;
let counter = 0;
const listeners = new Set<() => void>();
let afterFlush: (() => void) | null = null;

function emit() {
  for (const listener of listeners) listener();
}

const ownerNow = () => getSession()?.user.id ?? null;

const run = idbStore(DB_NAME, STORE, { keyPath: 'id' });

async function store<T>(
  mode: IDBTransactionMode,
  action: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  if (!hasIndexedDb()) return undefined;
  try {
    return await run(mode, action);
  } catch {
    return undefined; // private mode or a blocked database: the queue lives in memory only
  }
}

/** Reads what a previous visit left, keeping only the signed-in person's. */
async function load(): Promise<void> {
  if (loaded) return;
  loaded = true;
  const saved = ((await store('readonly', (s) => s.getAll())) ?? []) as OutboxEntry[];
  const owner = ownerNow();
  const mine = saved.filter((e) => e.owner === owner);
  for (const e of saved) if (e.owner !== owner) void store('readwrite', (s) => s.delete(e.id));
  const known = new Set(entries.map((e) => e.id));
  entries = [...entries, ...mine.filter((e) => !known.has(e.id))].sort((a, b) => a.seq - b.seq);
  emit();
}

function isOffline(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || !isServerReachable();
}

/** A failure with no answer from the server (offline, unreachable), as opposed to a refusal. */
function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiRequestError) && !(error instanceof DOMException);
}

export async function enqueue(
  request: Pick<OutboxEntry, 'method' | 'path' | 'body' | 'label'>,
): Promise<OutboxEntry> {
  const owner = ownerNow();
  if (!owner) throw new Error('Nothing can be kept for later without a signed-in person');
  await load();
  const now = Date.now();
  counter = Math.max(counter + 1, now * 1000);
  const entry: OutboxEntry = { id: crypto.randomUUID(), owner, seq: counter, ...request };
  entries = [...entries, entry];
  emit();
  await store('readwrite', (s) => s.put(entry));
  scheduleRetry();
  return entry;
}

/**
 * Sends the request now, or — offline, or when it gets no answer — keeps it for later. An earlier
 * edit still waiting goes first: a new one joins the queue behind it, so the order holds.
 */
export async function sendOrQueue<T>(
  request: Pick<OutboxEntry, 'method' | 'path' | 'body' | 'label'>,
): Promise<SendResult<T>> {
  await load();
  const mine = entries.filter((e) => e.owner === ownerNow());
  if (isOffline() || mine.length > 0) {
    const entry = await enqueue(request);
    if (!isOffline()) void flushOutbox();
    return { queued: true, entry };
  }
  try {
    const data = await apiRequest<T>(request.path, { method: request.method, body: request.body });
    return { queued: false, data };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    return { queued: true, entry: await enqueue(request) };
  }
}

async function remove(id: string) {
  entries = entries.filter((e) => e.id !== id);
  emit();
  await store('readwrite', (s) => s.delete(id));
}

/** Takes back an edit not yet sent (e.g. a routine step added and deleted while offline). */
export function cancelQueued(id: string): Promise<void> {
  return remove(id);
}

let flushing: Promise<number> | null = null;

/**
 * Sends the signed-in person's waiting edits in order. Stops at the first that gets no answer
 * (tried again later); one the server refuses (4xx: the article is gone, the step was deleted
 * elsewhere) is dropped so it cannot block the rest. Returns how many were sent.
 */
export function flushOutbox(): Promise<number> {
  flushing ??= (async () => {
    await load();
    let sent = 0;
    try {
      for (;;) {
        const owner = ownerNow();
        const next = entries.find((e) => e.owner === owner);
        if (!next || !owner) break;
        try {
          await apiRequest(next.path, { method: next.method, body: next.body });
          sent += 1;
          await remove(next.id);
        } catch (error) {
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
            console.warn(`An offline edit was refused (${error.status}): ${next.label}`);
            await remove(next.id);
            continue;
          }
          break;
        }
      }
    } finally {
      flushing = null;
    }
    if (sent > 0) afterFlush?.();
    if (entries.some((e) => e.owner === ownerNow())) scheduleRetry();
    return sent;
  })();
  return flushing;
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleRetry() {
  if (retryTimer || typeof window === 'undefined') return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (!isOffline() || navigator.onLine) void flushOutbox();
  }, RETRY_MS);
}

/** Drops everything waiting (sign-out, or another person signed in). */
export async function clearOutbox(): Promise<void> {
  const all = entries;
  entries = [];
  emit();
  for (const e of all) await store('readwrite', (s) => s.delete(e.id));
  const saved = ((await store('readonly', (s) => s.getAll())) ?? []) as OutboxEntry[];
  for (const e of saved) await store('readwrite', (s) => s.delete(e.id));
}

/**
 * Starts sending when the connection returns (the browser's 'online', or any answer from the
 * server) and at start; drops the queue when the person changes. `onFlushed` refreshes the
 * screens from the server once queued edits went through. Returns a function that stops it.
 */
export function startOutbox(onFlushed: () => void): () => void {
  afterFlush = onFlushed;
  const flush = () => void flushOutbox();
  window.addEventListener('online', flush);
  const unsubscribeReachable = subscribeReachable(() => {
    if (isServerReachable()) flush();
  });
  let owner = ownerNow();
  const unsubscribeSession = subscribeSession(() => {
    const next = ownerNow();
    if (next === owner) return;
    owner = next;
    void clearOutbox();
  });
  void load().then(() => {
    if (!isOffline()) flush();
  });
  return () => {
    window.removeEventListener('online', flush);
    unsubscribeReachable();
    unsubscribeSession();
    afterFlush = null;
  };
}

const snapshot = () => entries;

/** The edits still waiting to be sent (the signed-in person's), oldest first. */
export function useOutbox(): OutboxEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      void load();
      return () => listeners.delete(listener);
    },
    snapshot,
    () => EMPTY,
  );
}
const EMPTY: OutboxEntry[] = [];

/** Test helper: forget the in-memory state (IndexedDB is read again on next use). */
export function resetOutboxForTests() {
  entries = [];
  loaded = false;
  flushing = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
}
