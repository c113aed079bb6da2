import { PoolBusyError } from './pool';

/**
 * Admission of scans (decision 072): `capacity` scans (the engine's threads) are read, decoded
 * and measured at once; up to `maxWaiting` more wait in arrival order before their body is even
 * read (the client's bytes wait in its socket); beyond that a scan is refused at once
 * (PoolBusyError → 503). Before issue 30 every upload was read and its photos decoded before the
 * pool's queue decided, so parallel uploads of large photos grew memory without bound.
 */
export interface ScanSlots {
  /** Resolves with `release` (idempotent) once a slot is free; PoolBusyError when too many wait. */
  acquire(): Promise<() => void>;
  readonly stats: { running: number; waiting: number };
}

export function createScanSlots(capacity: number, maxWaiting: number): ScanSlots {
  let running = 0;
  const waiting: Array<() => void> = [];
  const handOver = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      handOver();
    };
  };
  return {
    async acquire() {
      if (running < capacity) {
        running += 1;
        return releaser();
      }
      if (waiting.length >= maxWaiting) throw new PoolBusyError();
      // The slot is handed over by a release (running stays the same).
      await new Promise<void>((resolve) => waiting.push(resolve));
      return releaser();
    },
    get stats() {
      return { running, waiting: waiting.length };
    },
  };
}
