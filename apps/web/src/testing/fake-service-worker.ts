import { vi } from 'vitest';

/** A service worker as the browser shows it to a page: a state that changes, and messages. */
export class FakeWorker extends EventTarget {
  postMessage = vi.fn();
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** The registration's three slots, `updatefound` and `update()` (which fetches /sw.js again). */
export class FakeRegistration extends EventTarget {
  active: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve());
  /** The browser found a new /sw.js and starts installing it. */
  found(): FakeWorker {
    const worker = new FakeWorker('installing');
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

/** navigator.serviceWorker: the page's controller and its `controllerchange`. */
export class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
  takeOver(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

/** An app open on the version its active worker serves (the worker controls the page). */
export function openOnOneVersion() {
  const old = new FakeWorker('activated');
  const registration = new FakeRegistration();
  registration.active = old;
  const container = new FakeContainer(old);
  return { old, registration, container };
}
