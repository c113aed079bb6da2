import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AnalysisRoute from '@/features/scan/routes/analysis';
import {
  devicePhoto,
  forgetDevicePhotos,
  keepDevicePhoto,
} from '@/features/scan/lib/device-photos';
import {
  ANALYSIS_ID,
  createAnalysis,
  createHistoryItem,
  DAYLIGHT,
  WARM_LAMP,
} from '@/testing/scan-factory';
import { fakeApi } from '@/testing/fake-api';
import { apiError, renderWithRouter } from '@/testing/test-utils';
import { getScanHistoryQueryOptions, useScanHistory } from '@/lib/api/get-scan-history';

const ID = ANALYSIS_ID;

function renderAnalysis(analysis: Analysis, history: HistoryItem[] = []) {
  // jsdom has no blob: URLs; the page shows the private photo through one.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:photo';
      static override revokeObjectURL = () => {};
    },
  );
  fakeApi(
    {
      'GET /api/analysis/:id': () => analysis,
      'GET /api/analysis/:id/photo': () =>
        new Response(new Blob(['jpeg']), { headers: { 'content-type': 'image/jpeg' } }),
      'GET /api/analysis/history': () => [analysis, ...history],
    },
    () => apiError(404, 'Not found', 'not_found'),
  );
  return renderWithRouter(
    [{ path: '/analysis/:id', element: <AnalysisRoute /> }],
    `/analysis/${ID}`,
  );
}

/** The marks drawn over the photo for one layer (none when the layer is hidden). */
const drawn = (layer: string) =>
  document.querySelectorAll(
    `[data-testid="overlay-${layer}"] circle, [data-testid="overlay-${layer}"] polygon`,
  );

describe('the analysis page', () => {
  it('draws what was counted over the photo, each kind behind a toggle with its count', async () => {
    const { user } = renderAnalysis(createAnalysis());
    const blemishes = await screen.findByRole('button', { name: 'Blemishes 3' });
    expect(await screen.findByRole('img', { name: /your scan photo/i })).toHaveAttribute(
      'src',
      'blob:photo',
    );
    const darkSpots = screen.getByRole('button', { name: 'Dark spots 1' });
    const excluded = screen.getByRole('button', { name: 'Not measured 1' });
    // Findings start hidden; the areas left out are shown.
    expect(blemishes).toHaveAttribute('aria-pressed', 'false');
    expect(darkSpots).toHaveAttribute('aria-pressed', 'false');
    expect(excluded).toHaveAttribute('aria-pressed', 'true');
    expect(drawn('blemishes')).toHaveLength(0);
    expect(drawn('excluded')).toHaveLength(1);
    expect(
      screen.getByText(/Hatched areas were left out of the scores: beard or stubble/),
    ).toBeVisible();
    // Not scored in this quick scan and nothing found: no toggle at all.
    expect(screen.queryByRole('button', { name: /Fine lines/ })).toBeNull();

    await user.click(blemishes);
    expect(blemishes).toHaveAttribute('aria-pressed', 'true');
    // Each blemish is a ring over a dark halo: two circles per mark.
    expect(drawn('blemishes')).toHaveLength(6);
    expect(drawn('dark_spots')).toHaveLength(0);

    // Keyboard: arrow keys move between the toggles, Space flips one.
    blemishes.focus();
    await user.keyboard('{ArrowRight}');
    expect(darkSpots).toHaveFocus();
    await user.keyboard(' ');
    expect(drawn('dark_spots')).toHaveLength(2);
    await user.keyboard('{ArrowRight} ');
    expect(excluded).toHaveAttribute('aria-pressed', 'false');
    expect(drawn('excluded')).toHaveLength(0);

    await user.click(blemishes);
    expect(drawn('blemishes')).toHaveLength(0);
  });

  it('says which zones were not fully measured, and a measure that got no score says why', async () => {
    renderAnalysis(createAnalysis());
    const notes = await screen.findByRole('list', { name: 'Zones not fully measured' });
    expect(within(notes).getByText('Beard area not measured')).toBeVisible();

    const redness = screen.getByTestId('metric-redness');
    expect(redness).toHaveTextContent('Not measured — too little skin showed on your cheeks.');
    expect(within(redness).queryByRole('meter')).toBeNull();
    // In the list's usual order, between oiliness and texture.
    const metrics = screen.getAllByTestId(/^metric-/).map((el) => el.dataset.testid);
    expect(metrics).toEqual(['metric-acne', 'metric-oiliness', 'metric-redness', 'metric-texture']);
    expect(screen.getByText(/3 measures \(1 not measured\)/)).toBeVisible();
  });

  it('shows how sure each score is, explained on focus or a tap', async () => {
    const { user } = renderAnalysis(createAnalysis());
    const acne = await screen.findByTestId('metric-acne');
    expect(
      within(screen.getByTestId('metric-oiliness')).getByText('Medium confidence'),
    ).toBeVisible();
    within(acne).getByRole('button', { name: 'High confidence' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The photo showed this clearly. (82%)',
    );
    await user.keyboard('{Escape}');
    // A finger, not a mouse: Radix opens tooltips on mouse hover but never on touch.
    await user.pointer({
      keys: '[TouchA]',
      target: within(screen.getByTestId('metric-texture')).getByRole('button', {
        name: 'Low confidence',
      }),
    });
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/rough guide\. \(30%\)/);
  });

  it('shows an older scan, without overlays, as before', async () => {
    renderAnalysis(
      createAnalysis({ overlays: null, zone_notes: [], unmeasured: [], capture: null }),
    );
    expect(await screen.findByTestId('metric-acne')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Zone scores' })).toBeVisible();
    expect(screen.queryByText('Show on photo')).toBeNull();
    expect(screen.queryByRole('button', { name: /Blemishes/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Zones not fully measured' })).toBeNull();
    const measures = screen.getByRole('region', { name: 'Each measure' });
    expect(within(measures).queryByText(/Not measured/)).toBeNull();
    // The tab and the history name the scan by its date as the page writes dates.
    await waitFor(() => expect(document.title).toBe('Your analysis, 2 Mar 2026 — Lumiskin'));
  });

  it('compares with the latest scan in similar light, and mutes a change against one in different light', async () => {
    const now = createAnalysis({ capture: DAYLIGHT });
    const lamp = createHistoryItem({
      created_at: '2026-03-01T20:00:00.000Z',
      overall_score: 60,
      scores: { acne: 60, oiliness: 60, texture: 60 },
      capture: WARM_LAMP,
    });
    const daylight = createHistoryItem({
      created_at: '2026-02-20T09:00:00.000Z',
      overall_score: 70,
      capture: DAYLIGHT,
    });
    const first = renderAnalysis(now, [lamp, daylight]);
    const comparison = await first.findByText(/the most recent in similar conditions/, undefined, {
      timeout: 4000,
    });
    expect(comparison).toHaveTextContent('+7 pts');
    expect(screen.queryByTestId('conditions-note')).toBeNull();
    first.unmount();

    renderAnalysis(now, [lamp]);
    expect(await screen.findByTestId('conditions-note')).toHaveTextContent('possibly the lighting');
    expect(screen.getByTestId('comparison')).toHaveTextContent('+17 pts');
    const acneTrend = within(screen.getByTestId('metric-acne'))
      .getByText('+12 pts')
      .closest('[data-tone]');
    expect(acneTrend).toHaveAttribute('data-conditions', 'unlike');
    expect(acneTrend).toHaveAttribute('data-tone', 'muted');
  });

  it('leads with the score on a phone and keeps the photo beside it in a wide window', async () => {
    // The four sections' names in the order the page holds them (the order they show).
    const order = () =>
      screen
        .getAllByRole('region')
        .map(
          (region) =>
            region.getAttribute('aria-label') ??
            document
              .getElementById(region.getAttribute('aria-labelledby') ?? '')
              ?.textContent?.trim(),
        )
        .filter((name) =>
          ['Overall skin score', 'Your photo', 'Each measure', 'Your environment'].includes(
            name ?? '',
          ),
        );
    // A phone (the test's matchMedia matches nothing): the score first, the climate last.
    const phone = renderAnalysis(createAnalysis());
    await screen.findByRole('region', { name: 'Overall skin score' });
    expect(order()).toEqual([
      'Overall skin score',
      'Your photo',
      'Each measure',
      'Your environment',
    ]);
    phone.unmount();
    // A window 64 rem wide or more: the photo and the climate beside the score and the measures.
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(min-width: 64rem)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderAnalysis(createAnalysis());
    await screen.findByRole('region', { name: 'Overall skin score' });
    expect(order()).toEqual([
      'Your photo',
      'Your environment',
      'Overall skin score',
      'Each measure',
    ]);
    matchMedia.mockRestore();
  });

  it('folds the full report under a control that says it opens, and opens it', async () => {
    const { user } = renderAnalysis(createAnalysis());
    const toggle = await screen.findByRole('button', { name: /The full report/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('Show');
    // Its state is the button's to say: the heading reads as its words alone.
    expect(screen.getByRole('heading', { name: 'The full report' })).toBeInTheDocument();
    expect(screen.queryByText('Your skin looks healthy overall.')).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide');
    expect(screen.getByText('Your skin looks healthy overall.')).toBeVisible();
  });

  it('says a scan was analysed on this device and draws on the photo this page still holds', async () => {
    const size = { width: 500, height: 400 };
    keepDevicePhoto(ID, new Blob(['jpeg']), size);
    const device = createAnalysis({ computed_on: 'device', photo: null });
    const { unmount } = renderAnalysis(device);
    expect(await screen.findByText(DeviceScanMessages.computedHere)).toBeInTheDocument();
    const photo = await screen.findByRole('img', { name: /your scan photo/i });
    expect(photo).toHaveAttribute('src', devicePhoto(ID)?.url);
    expect(photo.getAttribute('src')).toMatch(/^blob:/);
    expect(photo).toHaveAttribute('width', '500');
    // Nothing is asked of the server for a photo it never had.
    const fetched = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(fetched.some((url) => url.endsWith('/photo'))).toBe(false);
    unmount();

    // Once the page is gone (here: the person signed out), only the sentence remains.
    forgetDevicePhotos();
    renderAnalysis(device);
    expect(await screen.findByText(DeviceScanMessages.computedHere)).toBeInTheDocument();
    expect(screen.getByText('The photo stayed on the device')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /your scan photo/i })).toBeNull();
  });

  it('says nothing of a device for a scan analysed on the server', async () => {
    renderAnalysis(createAnalysis());
    await screen.findByRole('img', { name: /your scan photo/i });
    expect(screen.queryByText(DeviceScanMessages.computedHere)).toBeNull();
  });

  it('a deleted scan leaves every list at once: the dashboard opened next never shows it', async () => {
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:photo';
        static override revokeObjectURL = () => {};
      },
    );
    const older = createHistoryItem({ created_at: '2026-02-20T09:00:00.000Z' });
    let deleted = false;
    const notFound = () => apiError(404, 'Analysis not found', 'not_found');
    fakeApi(
      {
        'GET /api/analysis/:id': () => (deleted ? notFound() : createAnalysis()),
        'GET /api/analysis/:id/photo': () =>
          new Response(new Blob(['jpeg']), { headers: { 'content-type': 'image/jpeg' } }),
        // After the delete the lists are asked again; that answer has not come yet.
        'GET /api/analysis/history': () =>
          deleted ? new Promise<never>(() => {}) : [createAnalysis(), older],
        'DELETE /api/analysis/:id': () => {
          deleted = true;
          return new Response(null, { status: 204 });
        },
      },
      notFound,
    );
    /** The dashboard's latest-scan card, as far as this test needs it: the newest of the list. */
    function LatestScan() {
      const history = useScanHistory({ limit: 20 });
      return <p>Latest: {history.data?.items[0]?.id ?? 'none'}</p>;
    }
    const { user, queryClient } = renderWithRouter(
      [
        { path: '/analysis/:id', element: <AnalysisRoute /> },
        { path: '/dashboard', element: <LatestScan /> },
      ],
      `/analysis/${ID}`,
    );
    // The dashboard was seen before this scan was opened: its list is in the cache.
    queryClient.setQueryData(getScanHistoryQueryOptions({ limit: 20 }).queryKey, {
      items: [createHistoryItem({ id: ID, _id: ID }), older],
      total: 2,
    });
    await screen.findByRole('img', { name: /your scan photo/i });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this scan?' })).getByRole('button', {
        name: 'Delete scan',
      }),
    );
    expect(await screen.findByText(`Latest: ${older.id}`)).toBeInTheDocument();
    expect(screen.queryByText(`Latest: ${ID}`)).toBeNull();
  });
});
