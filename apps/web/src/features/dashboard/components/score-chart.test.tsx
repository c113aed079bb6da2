import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScoreChart } from '@/features/dashboard/components/score-chart';
import { createHistoryItem } from '@/testing/scan-factory';

// jsdom lays nothing out: the charts get a fixed size instead of their container's.
vi.mock('recharts', async (original) =>
  (await import('@/testing/fixed-size-charts')).withFixedSize(original),
);

const scans = [
  createHistoryItem({
    id: 'b3a1c2d4-0000-4000-8000-000000000002',
    created_at: '2026-03-08T10:00:00.000Z',
    scores: { acne: 76, hydration: 81, redness: 70 },
    overall_score: 77,
  }),
  createHistoryItem({
    id: 'b3a1c2d4-0000-4000-8000-000000000001',
    created_at: '2026-03-01T10:00:00.000Z',
    scores: { acne: 70, hydration: 64 },
    overall_score: 66,
  }),
];

describe('ScoreChart', () => {
  it('gives its numbers as a table: every scan, the overall and the metrics shown on the chart', async () => {
    const user = userEvent.setup();
    render(<ScoreChart scans={scans} />);
    const figure = screen.getByRole('img', { name: /over 2 scans, latest 77/ });
    expect(figure).toBeInTheDocument();
    // A picture with its name: no tab stop inside it (Recharts' keyboard layer, whose tooltip
    // spoke over everything), its drawing present.
    expect(figure.querySelector('svg')).not.toBeNull();
    expect(figure.querySelector('[tabindex]:not([tabindex="-1"])')).toBeNull();

    await user.click(screen.getByText('Show the scores as a table'));
    const table = screen.getByRole('table', { name: 'Your scores by scan, newest first' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual(['Scan', 'Overall', 'Hydration', 'Redness']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    // Newest first; a metric the older scan did not measure says so.
    expect(rows).toEqual([
      ['77', '81', '70'],
      ['66', '64', '—not measured'],
    ]);
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent(/8 Mar 2026|Mar 8, 2026/);

    // A metric turned on in the legend is drawn and tabled.
    await user.click(screen.getByRole('button', { name: 'Acne' }));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Acne');
  });
});
