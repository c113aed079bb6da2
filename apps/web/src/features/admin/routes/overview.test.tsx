import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AdminOverviewRoute from '@/features/admin/routes/overview';
import { fakeApi } from '@/testing/fake-api';
import { renderWithRouter } from '@/testing/test-utils';

// jsdom lays nothing out: the charts get a fixed size instead of their container's.
vi.mock('recharts', async (original) =>
  (await import('@/testing/fixed-size-charts')).withFixedSize(original),
);

const days = (counts: number[]) =>
  counts.map((count, i) => ({ day: `2026-11-${String(20 + i)}`, count }));

describe('the admin overview', () => {
  it('says what each chart shows: the period’s total and busiest day, the most-mixed products', async () => {
    fakeApi({
      'GET /api/admin/overview': () => ({
        totals: { users: 40, scans: 120, quiz_plays: 300, articles: 10, products: 25 },
        signups: days([1, 5, 2]),
        scans: days([0, 0, 0]),
        quiz_plays: days([3, 4, 9]),
        most_mixed: [
          { name: 'AquaHydra', type: 'base', mixes: 12 },
          { name: 'CalmCica', type: 'booster', mixes: 7 },
        ],
        top_articles: [
          { title: 'Sun care', views: 1, likes: 1 },
          { title: 'Retinoids', views: 12, likes: 0 },
        ],
      }),
    });
    renderWithRouter([{ path: '/admin', element: <AdminOverviewRoute /> }], '/admin');

    expect(
      await screen.findByRole('img', {
        name: 'Sign-ups per day: 8 in all, most on 21 Nov (5)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Scans per day: 0 in all' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Quiz plays per day: 16 in all, most on 22 Nov (9)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Most-mixed bases and boosters: AquaHydra 12, CalmCica 7',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign-ups per day 8 in all' })).toBeInTheDocument();
    // Counts in words that agree with them.
    expect(screen.getByText('Sun care').nextSibling).toHaveTextContent('1 view · 1 like');
    expect(screen.getByText('Retinoids').nextSibling).toHaveTextContent('12 views · 0 likes');
    // The tiles count everything there is, under a heading that says so; the period is the
    // charts' (a "Scans 120" tile under "Last 7 days" read as this week's scans).
    const totals = screen.getByRole('region', { name: 'All time' });
    expect(within(totals).getByText('quiz plays').nextSibling).toHaveTextContent('300');
    const period = screen.getByRole('region', { name: 'In the last 30 days' });
    expect(within(period).getAllByRole('img')).toHaveLength(3);
  });
});
