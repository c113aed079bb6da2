/** Whether this browser has IndexedDB (not in some private modes, nor in tests without it). */
export const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/**
 * One object store in its own IndexedDB database (the offline cache, the outbox): opened for each
 * request and closed after it, so nothing holds a connection a newer version would wait for.
 */
export function idbStore(database: string, name: string, options?: IDBObjectStoreParameters) {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(name, options);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
    });

  /** Runs `action` in a transaction of its own; rejects if the database or request fails. */
  return async function run<T>(
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const request = action(db.transaction(name, mode).objectStore(name));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('indexedDB request failed'));
      });
    } finally {
      db.close();
    }
  };
}
