import type { QuizStats } from '@lumiskin/contract/quiz';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { createUser, renderWithRouter } from '@/testing/test-utils';
import { saveSession } from '@/lib/platform/storage';
import QuizHubRoute from './quiz';

const stats = (overrides: Partial<QuizStats> = {}): QuizStats => ({
  total_points: 120,
  level: 2,
  current_streak: 1,
  longest_streak: 1,
  accuracy_rate: 0.8,
  rank: 3,
  next_level_points: 300,
  level_start_points: 100,
  progress_to_next_level: 0.1,
  quizzes_completed: 1,
  questions_answered: 5,
  badges_count: 1,
  daily_completed_today: false,
  ...overrides,
});

function renderHub(quizStats: QuizStats) {
  saveSession({ token: 'test-token', user: createUser() });
  // Only these three: a request for the daily quiz itself would fail the test (no fake answers it).
  const mock = fakeApi({
    'GET /api/quiz/stats': () => quizStats,
    'GET /api/quiz/categories': () => [],
    'GET /api/quiz/leaderboard': () => [],
  });
  renderWithRouter([{ path: '/quiz', element: <QuizHubRoute /> }], '/quiz');
  return mock;
}

describe('quiz hub', () => {
  it('shows the one points scale before anyone plays', async () => {
    renderHub(stats());
    const scale = await screen.findByRole('region', { name: 'How points work' });
    const items = within(scale)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Beginner: 10 points',
      'Intermediate: 15 points',
      'Advanced: 20 points',
    ]);
    expect(scale).toHaveTextContent('the same in the daily challenge and in every category');
    expect(screen.getByText(/10–20\s+points a right answer \(50–100 for all five\)/)).toBeVisible();
  });

  it('reads the daily’s state from the stats, without asking for the quiz (no 400 after a play)', async () => {
    const mock = renderHub(stats({ daily_completed_today: true }));
    expect(await screen.findByText('Completed')).toBeVisible();
    expect(screen.getByRole('button', { name: /Come back tomorrow/ })).toBeDisabled();
    const urls = mock.mock.calls.map(([url]) => String(url));
    expect(urls.some((u) => u.includes('/daily-quiz'))).toBe(false);
  });

  it('offers the daily when it is not done today', async () => {
    renderHub(stats());
    expect(await screen.findByText('Available')).toBeVisible();
    expect(screen.getByRole('link', { name: /Start Quiz/ })).toHaveAttribute('href', '/quiz/daily');
  });
});
