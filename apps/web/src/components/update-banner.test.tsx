import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateBanner } from '@/components/update-banner';
import { resetAppUpdate, watchForUpdates } from '@/lib/platform/app-update';
import { reloadPage } from '@/lib/platform/leave';
import { openOnOneVersion } from '@/testing/fake-service-worker';

vi.mock('@/lib/platform/leave', () => ({ leaveFor: vi.fn(), reloadPage: vi.fn() }));

let stop: () => void = () => {};
/** An app started on version 1, with version 2 deployed and installed while it is open. */
function deployWhileOpen() {
  const { registration, container } = openOnOneVersion();
  stop = watchForUpdates(
    registration as unknown as ServiceWorkerRegistration,
    container as unknown as ServiceWorkerContainer,
  );
  const next = registration.found();
  act(() => next.moveTo('installed'));
  return { container, next };
}

const banner = () => screen.queryByRole('region', { name: 'App update' });

beforeEach(() => {
  resetAppUpdate();
  vi.mocked(reloadPage).mockClear();
});
afterEach(() => stop());

describe('UpdateBanner', () => {
  it('says nothing while the app runs the newest version', () => {
    render(<UpdateBanner />);
    expect(banner()).toBeNull();
  });

  it('offers a version deployed while the app is open; Reload moves to it', async () => {
    render(<UpdateBanner />);
    const { container, next } = deployWhileOpen();
    expect(banner()).toHaveTextContent('A new version of Lumiskin is ready');

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    act(() => container.takeOver(next));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('"Later" puts it away for good on this page, even when the banner comes back into view', async () => {
    const { unmount } = render(<UpdateBanner />);
    deployWhileOpen();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(banner()).toBeNull();
    // Leaving for a scan (no prompts there) and coming back mounts it again.
    unmount();
    render(<UpdateBanner />);
    expect(banner()).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('tells a window left on the old code that another one moved to the new version', async () => {
    render(<UpdateBanner />);
    const { container, next } = deployWhileOpen();
    act(() => container.takeOver(next));
    expect(banner()).toHaveTextContent('Lumiskin was updated');
    expect(reloadPage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
