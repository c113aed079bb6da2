import type { QuizStats } from '@lumiskin/contract/quiz';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelProgress, StatCards } from '@/features/quiz/components/hub-stats';

const stats = (overrides: Partial<QuizStats>): QuizStats => ({
  total_points: 12_345,
  level: 3,
  current_streak: 1,
  longest_streak: 1,
  accuracy_rate: 0.5,
  rank: null,
  next_level_points: 15_000,
  level_start_points: 10_000,
  progress_to_next_level: 0.47,
  quizzes_completed: 1,
  questions_answered: 1,
  badges_count: 1,
  daily_completed_today: false,
  ...overrides,
});

// Any pictographic character: what renders as an empty box where no emoji font is installed.
const EMOJI = /\p{Extended_Pictographic}/u;

describe('StatCards', () => {
  it('says "1 day", "1 quiz", "1 badge" in the singular and formats points', () => {
    render(<StatCards stats={stats({})} />);
    const list = screen.getByRole('list', { name: 'Your quiz stats' });
    expect(list).toHaveTextContent('Best: 1 day');
    expect(list).not.toHaveTextContent('1 days');
    expect(list).toHaveTextContent('1 quiz played');
    expect(list).toHaveTextContent('1 badge earned');
    expect(list).toHaveTextContent('1 question answered');
    expect(list).toHaveTextContent('12,345');
  });

  it('draws the streak as an icon for each tier, never an emoji', () => {
    const tiers: [number, string][] = [
      [0, 'a new streak'],
      [1, 'on fire'],
      [7, 'a week or more'],
      [14, 'two weeks or more'],
      [30, 'a month or more'],
    ];
    for (const [days, label] of tiers) {
      const view = render(
        <StatCards stats={stats({ current_streak: days, longest_streak: 30 })} />,
      );
      const icon = within(view.container).getByRole('img', { name: label });
      expect(icon.tagName.toLowerCase()).toBe('svg');
      expect(view.container.textContent).not.toMatch(EMOJI);
      expect(view.container).toHaveTextContent('Best: 30 days');
      view.unmount();
    }
  });

  it('counts the points to the next level in the singular and formats every figure', () => {
    const { container, rerender } = render(
      <LevelProgress stats={stats({ total_points: 14_999, next_level_points: 15_000 })} />,
    );
    expect(container).toHaveTextContent('1 point to level 4 · 14,999 / 15,000');
    expect(container).not.toHaveTextContent('1 points');
    rerender(<LevelProgress stats={stats({})} />);
    expect(container).toHaveTextContent('2,655 points to level 4 · 12,345 / 15,000');
  });
});
