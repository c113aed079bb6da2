import { LEGACY_METHODS, METHOD_CHANGED_NOTE } from '@lumiskin/contract/analysis';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LatestScanCard } from '@/features/dashboard/components/latest-scan-card';
import { chartSeries, seriesKey } from '@/features/dashboard/components/score-chart';
import { ScanList } from '@/features/dashboard/components/scan-list';
import { ScoreTile } from '@/features/dashboard/components/score-tile';
import { TrendIndicator } from '@/components/score/trend-indicator';
import { createHistoryItem } from '@/testing/scan-factory';
import { renderWithRouter } from '@/testing/test-utils';

/** Decision 036 re-defined radiance (and hydration, which blends it): their method is 2 now. */
const NEW_METHODS = { ...LEGACY_METHODS, radiance: 2, hydration: 2 };

const older = createHistoryItem({
  created_at: '2026-03-01T10:00:00.000Z',
  scores: { acne: 70, radiance: 60, texture: 70 },
  overall_score: 66,
});
const newer = createHistoryItem({
  created_at: '2026-03-08T10:00:00.000Z',
  scores: { acne: 76, radiance: 84, texture: 70 },
  overall_score: 77,
  methods: NEW_METHODS,
});

function tile(name: string) {
  const tiles = screen.getAllByTestId('score-tile');
  const found = tiles.find((t) => within(t).queryByText(name));
  if (!found) throw new Error(`no tile ${name}`);
  return found;
}

describe('a metric measured with a different method is shown without a change', () => {
  it('TrendIndicator: no delta, a note for screen readers', () => {
    const { container } = render(
      <TrendIndicator
        metric="radiance"
        current={84}
        previous={60}
        methodChanged
        label="Radiance"
      />,
    );
    const trend = container.querySelector('[data-trend]');
    expect(trend?.getAttribute('data-trend')).toBe('method');
    expect(trend).not.toHaveTextContent('%');
    expect(trend).toHaveTextContent(METHOD_CHANGED_NOTE);
  });

  it('ScoreTile: the value and the note, no delta', () => {
    render(<ScoreTile metric="radiance" value={84} previous={60} methodChanged />);
    const t = screen.getByTestId('score-tile');
    // A score out of 100 reads as the analysis page reads it, without a per cent sign.
    expect(t).toHaveTextContent(/^Radiance84/);
    expect(t).not.toHaveTextContent('%');
    expect(within(t).getByTestId('method-note')).toHaveTextContent(METHOD_CHANGED_NOTE);
    expect(t.querySelector('[data-trend]')).toBeNull();
    expect(t).not.toHaveTextContent('+24');
  });

  it('LatestScanCard: radiance shows the note, acne its change, and a card note names radiance', async () => {
    renderWithRouter(
      [{ path: '/', element: <LatestScanCard scan={newer} earlier={[older]} /> }],
      '/',
    );
    const radiance = await screen.findByText('Radiance');
    expect(radiance).toBeInTheDocument();
    expect(tile('Radiance')).toHaveTextContent(/^Radiance84/);
    expect(tile('Radiance')).toHaveTextContent(METHOD_CHANGED_NOTE);
    expect(tile('Radiance').querySelector('[data-trend]')).toBeNull();
    expect(tile('Acne').querySelector('[data-trend="up"]')).toHaveTextContent('+6 pts');
    expect(tile('Acne')).not.toHaveTextContent(METHOD_CHANGED_NOTE);
    expect(tile('Texture').querySelector('[data-trend="same"]')).not.toBeNull();
    const notes = screen.getAllByTestId('method-note');
    expect(
      notes.some((n) => /^Radiance: measured with an updated method/.test(n.textContent ?? '')),
    ).toBe(true);
  });

  it('LatestScanCard: two scans of the same methods compare as before', async () => {
    const next = createHistoryItem({
      scores: { acne: 76, radiance: 88, texture: 70 },
      methods: NEW_METHODS,
    });
    renderWithRouter(
      [{ path: '/', element: <LatestScanCard scan={next} earlier={[newer]} /> }],
      '/',
    );
    await screen.findByText('Radiance');
    expect(tile('Radiance').querySelector('[data-trend="up"]')).toHaveTextContent('+4 pts');
    expect(screen.queryByTestId('method-note')).toBeNull();
  });

  it('ScanList: the changed metric of a row shows "New method", not a delta', async () => {
    renderWithRouter([{ path: '/', element: <ScanList scans={[newer, older]} shown={2} /> }], '/');
    const [row] = await screen.findAllByRole('listitem');
    if (!row) throw new Error('no rows');
    const trends = [...row.querySelectorAll('[data-trend]')].map((t) =>
      t.getAttribute('data-trend'),
    );
    // In the engine's order: acne, texture, radiance.
    expect(trends).toEqual(['up', 'same', 'method']);
    expect(within(row).getByTestId('method-note')).toHaveTextContent('Radiance');
    expect(row).not.toHaveTextContent('+24 pts');
  });
});

describe('the score chart breaks a line where its method changed', () => {
  it('puts the scores before and after the change in separate segments, and marks the change', () => {
    const third = createHistoryItem({
      created_at: '2026-03-15T10:00:00.000Z',
      scores: { acne: 78, radiance: 86, texture: 71 },
      overall_score: 79,
      methods: NEW_METHODS,
    });
    const { points, breaks, segmentCount } = chartSeries([third, newer, older]);
    expect(points.map((p) => [p[seriesKey('radiance', 0)], p[seriesKey('radiance', 1)]])).toEqual([
      [60, undefined],
      [undefined, 84],
      [undefined, 86],
    ]);
    // Acne was measured the same way throughout: one unbroken line.
    expect(points.map((p) => p[seriesKey('acne', 0)])).toEqual([70, 76, 78]);
    expect(segmentCount).toMatchObject({ acne: 1, radiance: 2, overall: 2 });
    const t = new Date(newer.created_at).getTime();
    expect(breaks).toEqual([
      { t, series: 'overall' },
      { t, series: 'radiance' },
    ]);
  });
});
