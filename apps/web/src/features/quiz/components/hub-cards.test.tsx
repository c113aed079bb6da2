import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TopLearners } from '@/features/quiz/components/hub-cards';

describe('TopLearners', () => {
  it('formats each learner’s points as the stat cards do and counts one badge in the singular', () => {
    render(
      <MemoryRouter>
        <TopLearners
          entries={[
            {
              user_id: 'a',
              rank: 1,
              username: 'Maya R.',
              level: 9,
              points: 12_480,
              badges_count: 1,
              is_current_user: false,
            },
          ]}
          isLoading={false}
          isError={false}
          onRetry={() => undefined}
        />
      </MemoryRouter>,
    );
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('12,480 pts');
    expect(row).toHaveTextContent('Level 9 · 1 badge');
    expect(row).not.toHaveTextContent('1 badges');
  });
});
