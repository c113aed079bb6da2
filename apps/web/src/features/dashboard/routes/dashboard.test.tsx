import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import type { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/platform/storage';
import { createHistoryItem, DAYLIGHT, WARM_LAMP } from '@/testing/scan-factory';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, renderWithRouter } from '@/testing/test-utils';
import DashboardRoute from './dashboard';

const user = createUser();

function scan(day: number, hydration: number, capture: HistoryItem['capture']) {
  return createHistoryItem({
    created_at: `2026-03-0${day}T09:00:00.000Z`,
    scores: { acne: 70, hydration },
    capture,
  });
}

/** The dashboard over these scans (newest first); what else it reads answers 404. */
function renderDashboard(scans: HistoryItem[]) {
  const stats: DashboardStatsResponse = {
    stats: { total_analyses: scans.length, average_score: 70, this_week: 1, streak_days: 1 },
  };
  fakeApi(
    {
      'GET /api/auth/me': () => ({ user }),
      'GET /api/dashboard/stats': () => stats,
      'GET /api/analysis/history': ({ url }) => {
        const limit = Number(new URL(url, 'http://x').searchParams.get('limit'));
        return new Response(JSON.stringify(scans.slice(0, limit)), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-total-count': String(scans.length) },
        });
      },
    },
    () => apiError(404, 'Not found', 'not_found'),
  );
  saveSession({ token: 'test-token', user });
  return renderWithRouter([{ path: '/dashboard', element: <DashboardRoute /> }], '/dashboard');
}

async function latestCard() {
  return within(await screen.findByRole('region', { name: 'Latest Scan Results' }));
}

function hydrationTrend(card: Awaited<ReturnType<typeof latestCard>>) {
  const trend = card.getByText('Hydration:').closest('[data-trend]');
  if (!trend) throw new Error('no hydration trend');
  return trend;
}

describe('dashboard latest scan trends', () => {
  it('shows a change since a scan in like conditions as a normal trend', async () => {
    renderDashboard([scan(8, 80, DAYLIGHT), scan(5, 70, { ...DAYLIGHT, exposure: 64 })]);
    const card = await latestCard();

    const trend = hydrationTrend(card);
    expect(trend).toHaveTextContent('+10 pts');
    expect(trend).toHaveAttribute('data-trend', 'up');
    expect(trend).toHaveAttribute('data-tone', 'good');
    expect(card.queryByText(/possibly the/)).not.toBeInTheDocument();
  });

  it('marks a change since a scan in different light as possibly the lighting, muted', async () => {
    const { user: person } = renderDashboard([scan(8, 80, DAYLIGHT), scan(5, 70, WARM_LAMP)]);
    const card = await latestCard();

    const trend = hydrationTrend(card);
    expect(trend).toHaveTextContent('+10 pts');
    expect(trend).toHaveTextContent('(possibly the lighting)');
    expect(trend).toHaveAttribute('data-tone', 'muted');
    expect(trend).not.toHaveAttribute('data-tone', 'good');

    // The note's tooltip code is a chunk of its own: it appears a moment after the card.
    const note = await card.findByRole('button', {
      name: 'Changes since your last scan: possibly the lighting',
    });
    // The progress list marks the same row, once per row rather than per score.
    const newestRow = within(await screen.findByTestId('scan-list')).getAllByRole('listitem')[0]!;
    expect(
      within(newestRow).getByRole('button', { name: 'Changes: possibly the lighting' }),
    ).toBeVisible();

    await person.click(note);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      /the light had a different colour, so part of this change may be the photo/,
    );
  });

  it('compares with the last scan in like conditions, skipping one in different light', async () => {
    renderDashboard([scan(8, 80, DAYLIGHT), scan(6, 60, WARM_LAMP), scan(4, 76, DAYLIGHT)]);
    const card = await latestCard();

    const trend = hydrationTrend(card);
    expect(trend).toHaveTextContent('+4 pts');
    expect(trend).toHaveAttribute('data-trend', 'up');
    expect(trend).toHaveAttribute('data-tone', 'good');
    expect(card.getByText(/Changes are against your scan of 4 Mar 2026/)).toBeInTheDocument();
    expect(card.queryByText(/possibly the/)).not.toBeInTheDocument();
  });

  it('compares scans without recorded conditions with the previous one, as before', async () => {
    renderDashboard([scan(8, 80, null), scan(6, 60, WARM_LAMP), scan(4, 76, DAYLIGHT)]);
    const trend = hydrationTrend(await latestCard());
    expect(trend).toHaveTextContent('+20 pts');
    expect(trend).toHaveAttribute('data-tone', 'good');
  });
});
