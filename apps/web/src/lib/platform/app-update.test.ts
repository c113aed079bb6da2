import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPLY_TIMEOUT_MS,
  applyUpdate,
  offeredUpdate,
  putOffUpdate,
  resetAppUpdate,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_CHECK_ON_RETURN_MS,
  watchForUpdates,
} from '@/lib/platform/app-update';
import { reloadPage } from '@/lib/platform/leave';
import {
  FakeContainer,
  FakeRegistration,
  FakeWorker,
  openOnOneVersion,
} from '@/testing/fake-service-worker';

vi.mock('@/lib/platform/leave', () => ({ leaveFor: vi.fn(), reloadPage: vi.fn() }));

let visibility: DocumentVisibilityState = 'visible';
const doc = Object.defineProperty(new EventTarget(), 'visibilityState', {
  get: () => visibility,
}) as unknown as Document;
function show(state: DocumentVisibilityState) {
  visibility = state;
  doc.dispatchEvent(new Event('visibilitychange'));
}

let stop: () => void = () => {};
function watch(registration: FakeRegistration, container: FakeContainer) {
  stop = watchForUpdates(
    registration as unknown as ServiceWorkerRegistration,
    container as unknown as ServiceWorkerContainer,
    doc,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  resetAppUpdate();
  vi.mocked(reloadPage).mockClear();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('a new version for an open window (decision 188)', () => {
  it('offers a version deployed while the app is open, and Reload puts it in charge and reloads once', () => {
    const { registration, container } = openOnOneVersion();
    watch(registration, container);
    expect(offeredUpdate()).toBe('none');

    const next = registration.found();
    expect(offeredUpdate()).toBe('none'); // still downloading its files
    next.moveTo('installed');
    expect(offeredUpdate()).toBe('ready');

    applyUpdate();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reloadPage).not.toHaveBeenCalled();
    // The new worker takes over: the page loads again, on it.
    container.takeOver(next);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    // A second tap while reloading asks nothing more of the worker.
    applyUpdate();
    expect(next.postMessage).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the waiting worker never takes over', () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    registration.waiting = new FakeWorker('installed');
    watch(registration, new FakeContainer(registration.active));
    expect(offeredUpdate()).toBe('ready'); // found waiting when the page started

    applyUpdate();
    vi.advanceTimersByTime(APPLY_TIMEOUT_MS - 1);
    expect(reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('offers nothing on the first install, whose takeover is the version the page runs', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(null);
    watch(registration, container);
    const first = registration.found();
    first.moveTo('installed'); // no active worker: it activates at once
    registration.active = first;
    first.moveTo('activated');
    container.takeOver(first); // clientsClaim
    expect(offeredUpdate()).toBe('none');
    expect(reloadPage).not.toHaveBeenCalled();

    // A version deployed later is offered to that same page.
    const next = registration.found();
    next.moveTo('installed');
    expect(offeredUpdate()).toBe('ready');
  });

  it('a window left on the old code when another one reloads into the new version is told so', () => {
    const { registration, container } = openOnOneVersion();
    watch(registration, container);
    const next = registration.found();
    next.moveTo('installed');
    expect(offeredUpdate()).toBe('ready');

    // Reload was tapped in the other window: the new worker controls this one too.
    container.takeOver(next);
    expect(offeredUpdate()).toBe('activated');
    expect(reloadPage).not.toHaveBeenCalled(); // nothing in progress here is thrown away unasked
    applyUpdate();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(next.postMessage).not.toHaveBeenCalled();
  });

  it('"Later" stops the offer for this page; a different one still comes', () => {
    const { registration, container } = openOnOneVersion();
    watch(registration, container);
    const next = registration.found();
    next.moveTo('installed');
    putOffUpdate();
    expect(offeredUpdate()).toBe('none');
    // A newer deploy replaces the waiting one: still the same kind of offer, still put off.
    registration.found().moveTo('installed');
    expect(offeredUpdate()).toBe('none');
    container.takeOver(next);
    expect(offeredUpdate()).toBe('activated');
  });

  it('looks for a new version every hour on screen, and when shown again after 15 minutes', () => {
    const { registration, container } = openOnOneVersion();
    watch(registration, container);
    expect(registration.update).not.toHaveBeenCalled();

    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);

    // Hidden: the hourly look is skipped (a background tab costs nothing).
    show('hidden');
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    // Shown again, the last look being more than 15 minutes old: one look at once.
    show('visible');
    expect(registration.update).toHaveBeenCalledTimes(2);
    // Hidden and shown again within 15 minutes: none.
    show('hidden');
    vi.advanceTimersByTime(UPDATE_CHECK_ON_RETURN_MS - 1);
    show('visible');
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('a look that fails (offline) is no error, and stopping ends the looks', async () => {
    const registration = new FakeRegistration();
    registration.update.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    watch(registration, new FakeContainer(null));
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    // Vitest fails the run on a rejection nobody handles; let this one settle.
    await registration.update.mock.results[0]?.value.catch(() => undefined);

    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS * 3);
    show('hidden');
    vi.advanceTimersByTime(UPDATE_CHECK_ON_RETURN_MS);
    show('visible');
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});
