import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AnalysisRoute from '@/features/scan/routes/analysis';
import { createHistoryItem, DAYLIGHT, WARM_LAMP } from '@/testing/scan-factory';
import { fakeFetch, json, renderWithRouter } from '@/testing/test-utils';

const ID = '5d0c8f0e-2f7a-4c1e-8a39-3e2b7c9d1a44';

function createAnalysis(overrides: Partial<Analysis> = {}): Analysis {
  return {
    id: ID,
    _id: ID,
    created_at: '2026-03-02T09:30:00.000Z',
    analysis_source: 'lumiskin_ai',
    analysis_type: 'quick',
    location: 'London, GB',
    place: { name: 'London', country_code: 'GB', lat: 51.5, lon: -0.13, timezone: 'Europe/London' },
    environment: {
      uv_index: 2,
      uv_level: 'low',
      season: 'spring',
      hemisphere: 'northern',
      humidity: null,
      temperature_c: null,
      weather_source: 'unknown',
    },
    concerns: [],
    scores: { acne: 72, oiliness: 81, texture: 78 },
    overall_score: 77,
    findings: [
      {
        metric: 'acne',
        score: 72,
        band: 'fair',
        summary: 'A few blemishes are visible on your chin.',
        regions: ['chin'],
        confidence: 0.82,
        estimated: false,
      },
      {
        metric: 'oiliness',
        score: 81,
        band: 'good',
        summary: 'Shine looks well balanced.',
        regions: [],
        confidence: 0.5,
        estimated: false,
      },
      {
        metric: 'texture',
        score: 78,
        band: 'fair',
        summary: 'The surface looks slightly uneven.',
        regions: [],
        confidence: 0.3,
        estimated: false,
      },
    ],
    routine: { morning: [], evening: [] },
    recommendations: {
      base: { id: 'sebobalance', name: 'SeboBalance', reason: 'Balances shine' },
      boosters: [],
      skin_type: 'combination',
      skin_type_source: 'estimated',
      spf: 30,
      notes: [],
      see_dermatologist: false,
    },
    full_response_text: 'Your skin looks healthy overall.',
    report_source: 'engine',
    regions: [
      {
        region: 'chin',
        polygons: [
          [
            [200, 380],
            [300, 380],
            [250, 450],
          ],
        ],
      },
    ],
    region_scores: { acne: { chin: 70 } },
    skin_tone: { ita: 35, category: 'intermediate' },
    estimated_skin_type: 'combination',
    angles: ['front'],
    photo: { url: `/api/analysis/${ID}/photo`, width: 500, height: 500 },
    timings_ms: { engine: 800, total: 900 },
    overlays: {
      blemishes: [
        [240, 400, 5],
        [260, 410, 4],
        [120, 250, 6],
      ],
      dark_spots: [[300, 220, 5]],
      blackheads: [],
      lines: [],
      excluded: [
        {
          reason: 'beard',
          polygons: [
            [
              [190, 420],
              [310, 420],
              [250, 480],
            ],
          ],
        },
      ],
    },
    zone_notes: [
      { region: 'chin', reason: 'beard', share: 0.4, message: 'Beard area not measured' },
    ],
    unmeasured: [{ metric: 'redness', reason: 'too little skin showed on your cheeks.' }],
    capture: null,
    ...overrides,
  };
}

function renderAnalysis(analysis: Analysis, history: HistoryItem[] = []) {
  // jsdom has no blob: URLs; the page shows the private photo through one.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:photo';
      static override revokeObjectURL = () => {};
    },
  );
  fakeFetch((url) => {
    if (url === `/api/analysis/${ID}`) return json(200, analysis);
    if (url === `/api/analysis/${ID}/photo`)
      return new Response(new Blob(['jpeg']), { headers: { 'content-type': 'image/jpeg' } });
    if (url.startsWith('/api/analysis/history')) return json(200, [analysis, ...history]);
    return json(404, { detail: 'Not found', code: 'not_found' });
  });
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
    const comparison = await first.findByText(/the most recent in similar conditions/);
    expect(comparison).toHaveTextContent('+7.0%');
    expect(screen.queryByTestId('conditions-note')).toBeNull();
    first.unmount();

    renderAnalysis(now, [lamp]);
    expect(await screen.findByTestId('conditions-note')).toHaveTextContent('possibly the lighting');
    expect(screen.getByTestId('comparison')).toHaveTextContent('+17.0%');
    const acneTrend = within(screen.getByTestId('metric-acne')).getByText('+12.0%');
    expect(acneTrend).toHaveAttribute('data-conditions', 'unlike');
    expect(acneTrend).not.toHaveClass('text-success');
  });
});
