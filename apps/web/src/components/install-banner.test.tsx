import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_BANNER_DELAY_MS, InstallBanner } from '@/components/install-banner';
import { captureInstallPrompt, PROMPTED_KEY } from '@/lib/platform/install-prompt';

/** A synthetic `beforeinstallprompt`, as Chromium fires it when the site is installable. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

let stop: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  stop = captureInstallPrompt(window);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

const banner = () => screen.queryByRole('region', { name: 'Install Lumiskin' });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('InstallBanner', () => {
  it('appears 5 s after the browser offers installation, not before, and not without an offer', () => {
    render(<InstallBanner />);
    wait(10_000);
    expect(banner()).toBeNull();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true); // the browser's own infobar is held back
    wait(INSTALL_BANNER_DELAY_MS - 100);
    expect(banner()).toBeNull();
    wait(100);
    expect(banner()).not.toBeNull();
  });

  it('Install opens the browser dialog and remembers the prompt', async () => {
    render(<InstallBanner />);
    const event = offerInstall();
    wait(INSTALL_BANNER_DELAY_MS);
    await act(async () => {
      screen.getByRole('button', { name: 'Install' }).click();
    });
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(banner()).toBeNull();
    expect(localStorage.getItem(PROMPTED_KEY)).not.toBeNull();
  });

  for (const name of ['Later', 'Close']) {
    it(`${name} hides it and it never comes back, even on a new offer`, () => {
      const first = render(<InstallBanner />);
      offerInstall();
      wait(INSTALL_BANNER_DELAY_MS);
      act(() => screen.getByRole('button', { name }).click());
      expect(banner()).toBeNull();
      expect(localStorage.getItem(PROMPTED_KEY)).not.toBeNull();
      first.unmount();
      render(<InstallBanner />);
      offerInstall();
      wait(INSTALL_BANNER_DELAY_MS * 2);
      expect(banner()).toBeNull();
    });
  }

  it('an installed app hides the banner', () => {
    render(<InstallBanner />);
    offerInstall();
    wait(INSTALL_BANNER_DELAY_MS);
    expect(banner()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(banner()).toBeNull();
  });

  it('never shows inside the native app', () => {
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    render(<InstallBanner />);
    offerInstall();
    wait(INSTALL_BANNER_DELAY_MS * 2);
    expect(banner()).toBeNull();
  });
});
