import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A minimal IndexedDB: one database, one store, reads and writes answered in a later task as the
 * browser's are. It counts how often the database is opened.
 */
function fakeIndexedDb(initial: Record<string, unknown> = {}) {
  const data = new Map(Object.entries(initial));
  let opens = 0;
  const request = <T>(result: () => T) => {
    const req = {
      result: undefined as T | undefined,
      error: null,
      onsuccess: null as null | (() => void),
      onerror: null,
    };
    setTimeout(() => {
      req.result = result();
      req.onsuccess?.();
    }, 0);
    return req;
  };
  const store = {
    get: (key: string) => request(() => data.get(key)),
    put: (value: unknown, key: string) => request(() => void data.set(key, value)),
    delete: (key: string) => request(() => void data.delete(key)),
  };
  const db = { transaction: () => ({ objectStore: () => store }), close: () => undefined };
  return {
    data,
    opens: () => opens,
    factory: {
      open: () => {
        opens += 1;
        return Object.assign(
          request(() => db),
          { onupgradeneeded: null },
        );
      },
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('offline store', () => {
  it('hands the read boot.ts started to the app once, then reads afresh', async () => {
    const idb = fakeIndexedDb({ v1: { owner: 'usr_1', savedAt: 1 } });
    vi.stubGlobal('indexedDB', idb.factory);
    const store = await import('@/lib/platform/offline-store');

    store.readSavedEarly();
    store.readSavedEarly(); // a second call starts nothing new
    expect(idb.opens()).toBe(1);
    await expect(store.readSaved()).resolves.toEqual({ owner: 'usr_1', savedAt: 1 });
    expect(idb.opens()).toBe(1);

    // Taken once: the next read asks the database again and sees what is there now.
    idb.data.set('v1', { owner: 'usr_1', savedAt: 2 });
    await expect(store.readSaved()).resolves.toEqual({ owner: 'usr_1', savedAt: 2 });
    expect(idb.opens()).toBe(2);
  });

  it('reads, writes and deletes the saved cache', async () => {
    const idb = fakeIndexedDb();
    vi.stubGlobal('indexedDB', idb.factory);
    const store = await import('@/lib/platform/offline-store');

    await expect(store.readSaved()).resolves.toBeUndefined();
    await store.writeSaved({ owner: null, savedAt: 3 });
    await expect(store.readSaved()).resolves.toEqual({ owner: null, savedAt: 3 });
    await store.deleteSaved();
    await expect(store.readSaved()).resolves.toBeUndefined();
  });

  it('starts nothing without IndexedDB (private modes, old browsers)', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = await import('@/lib/platform/offline-store');
    const { hasIndexedDb } = await import('@/lib/platform/idb');
    expect(hasIndexedDb()).toBe(false);
    expect(() => store.readSavedEarly()).not.toThrow();
  });
});
