import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LatestScanCard } from '@/features/dashboard/components/latest-scan-card';
import { ScanList } from '@/features/dashboard/components/scan-list';
import { metricUnlike } from '@/lib/scan/baseline';
import { DAYLIGHT, createHistoryItem } from '@/testing/scan-factory';
import { renderWithRouter } from '@/testing/test-utils';

// Decision 055: the same light 5 L* dimmer is a comparable scan (the limit is 8 L*), but fine
// lines read −0.7 points per L*, so a dimmer photo alone raises them by ≈ 3.5.
const DIMMER = { ...DAYLIGHT, exposure: DAYLIGHT.exposure - 5 };

const earlier = createHistoryItem({
  created_at: '2026-03-01T10:00:00.000Z',
  analysis_type: 'comprehensive',
  scores: { acne: 80, fine_lines: 70, radiance: 80 },
});
const dimmer = createHistoryItem({
  created_at: '2026-03-08T10:00:00.000Z',
  analysis_type: 'comprehensive',
  scores: { acne: 86, fine_lines: 74, radiance: 74 },
  capture: DIMMER,
});

function tile(name: string) {
  const found = screen.getAllByTestId('score-tile').find((t) => within(t).queryByText(name));
  if (!found) throw new Error(`no tile ${name}`);
  return found;
}

describe('a change the exposure difference alone could make is muted (decision 055)', () => {
  it('metricUnlike names the exposure only for the metric and direction the light explains', () => {
    const now = (score: number) => ({ score, capture: DIMMER });
    const before = (score: number) => ({ score, capture: DAYLIGHT });
    expect(metricUnlike('fine_lines', now(74), before(70), undefined)).toEqual(['exposure']);
    expect(metricUnlike('fine_lines', now(66), before(70), undefined)).toBeUndefined();
    expect(metricUnlike('radiance', now(74), before(80), undefined)).toEqual(['exposure']);
    expect(metricUnlike('acne', now(86), before(80), undefined)).toBeUndefined();
    // Scans already unlike keep their own reasons.
    expect(metricUnlike('acne', now(86), before(80), ['light'])).toEqual(['light']);
    expect(metricUnlike('fine_lines', now(74), undefined, undefined)).toBeUndefined();
  });

  it('LatestScanCard: fine lines and radiance muted with the reason, acne coloured as before', async () => {
    renderWithRouter(
      [{ path: '/', element: <LatestScanCard scan={dimmer} earlier={[earlier]} /> }],
      '/',
    );
    await screen.findByText('Fine lines');
    const lines = tile('Fine lines').querySelector('[data-trend]');
    expect(lines).toHaveAttribute('data-conditions', 'unlike');
    expect(lines).toHaveTextContent(/\+4 pts.*\(possibly the lighting\)/);
    expect(lines).toHaveAttribute('data-tone', 'muted');
    expect(lines?.getAttribute('title')).toMatch(/brighter or dimmer/);
    expect(tile('Radiance').querySelector('[data-trend]')).toHaveAttribute(
      'data-conditions',
      'unlike',
    );
    const acne = tile('Acne').querySelector('[data-trend]');
    expect(acne).not.toHaveAttribute('data-conditions');
    expect(acne).toHaveAttribute('data-tone', 'good');
  });

  it('ScanList: the same per metric in the row', async () => {
    renderWithRouter(
      [{ path: '/', element: <ScanList scans={[dimmer, earlier]} shown={1} /> }],
      '/',
    );
    const [row] = await screen.findAllByRole('listitem');
    if (!row) throw new Error('no rows');
    const muted = [...row.querySelectorAll('[data-trend]')].map((t) =>
      t.getAttribute('data-conditions'),
    );
    // In the engine's order: acne, radiance, fine lines.
    expect(muted).toEqual([null, 'unlike', 'unlike']);
  });
});
