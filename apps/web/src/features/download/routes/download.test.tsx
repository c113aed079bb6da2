import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DownloadRoute, { DOWNLOADING_MS } from '@/features/download/routes/download';
import { fakeApi } from '@/testing/fake-api';
import { renderWithRouter } from '@/testing/test-utils';

const APK = {
  android: {
    available: true,
    url: '/downloads/lumiskin.apk',
    version: '1.4.2',
    size_bytes: 52_428_800,
    sha256: 'a'.repeat(64),
    updated_at: '2026-11-20T10:00:00.000Z',
  },
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/download', () => {
  it('offers the published APK with version, size and checksum; the button says Downloading... for 3 s', async () => {
    fakeApi({ 'GET /api/app/download': () => APK });
    renderWithRouter([{ path: '/download', Component: DownloadRoute }], '/download');
    const link = await screen.findByRole('link', { name: 'Download for Android' });
    expect(link).toHaveAttribute('href', '/downloads/lumiskin.apk');
    expect(screen.getByText(/Version 1\.4\.2 · 50\.0 MB/)).toBeInTheDocument();
    expect(screen.getByText('a'.repeat(64))).toBeInTheDocument();

    vi.useFakeTimers();
    link.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot download
    fireEvent.click(link);
    expect(link).toHaveTextContent('Downloading...');
    act(() => {
      vi.advanceTimersByTime(DOWNLOADING_MS - 1);
    });
    expect(link).toHaveTextContent('Downloading...');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(link).toHaveTextContent('Download for Android');
    // The steps name the button that is there.
    expect(screen.getByRole('heading', { name: 'Install on Android' })).toBeInTheDocument();
    expect(screen.getByText(/Tap “Download for Android” above/)).toBeInTheDocument();
  });

  it('without an APK it says so and offers the web app instead; iOS is disabled', async () => {
    fakeApi({ 'GET /api/app/download': () => ({ android: { available: false } }) });
    renderWithRouter([{ path: '/download', Component: DownloadRoute }], '/download');
    expect(await screen.findByTestId('apk-missing')).toHaveTextContent('not been published');
    expect(screen.queryByRole('link', { name: 'Download for Android' })).toBeNull();
    expect(screen.getByText(/Install the web app:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'iOS Coming Soon' })).toBeDisabled();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6 + 3);
    // Nothing tells people to tap a button that is not on the page, or promises store dates.
    expect(document.body.textContent).not.toMatch(/Download for Android|lumiskin\.apk/);
    expect(document.body.textContent).not.toMatch(/\d+\s*[–-]\s*\d+ weeks/);
    expect(screen.getByRole('heading', { name: 'Install the web app' })).toBeInTheDocument();
    expect(screen.getByText(/Tap “Install” when Lumiskin offers it/)).toBeInTheDocument();
  });
});
