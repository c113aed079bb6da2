import { QuizQuestionBody } from '@lumiskin/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AdminQuizBankRoute from '@/features/admin/routes/quiz-bank';
import { saveSession } from '@/lib/platform/storage';
import { createUser, fakeFetch, json, renderWithRouter } from '@/testing/test-utils';

describe('admin quiz bank', () => {
  it('previews a new question as the player sees it and saves exactly one correct option', async () => {
    saveSession({ token: 'tok_mod', user: createUser({ role: 'moderator' }) });
    const posted: unknown[] = [];
    fakeFetch((url, init) => {
      if (init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(201, {});
      }
      if (url.startsWith('/api/admin/quiz')) {
        return json(200, {
          categories: [{ id: 'skin-basics', name: 'Skin Basics' }],
          questions: [],
          total: 0,
          page: 1,
          page_size: 100,
        });
      }
      return json(404, { detail: 'no', code: 'not_found' });
    });
    renderWithRouter([{ path: '/admin/quiz', Component: AdminQuizBankRoute }], '/admin/quiz');
    await userEvent.click(await screen.findByRole('button', { name: 'New question' }));
    await userEvent.type(screen.getByLabelText('Question'), 'What does SPF measure?');
    await userEvent.type(screen.getByLabelText('Option 1'), 'UVA');
    await userEvent.type(screen.getByLabelText('Option 2'), 'UVB');
    await userEvent.type(screen.getByLabelText('Option 3'), 'Heat');
    await userEvent.click(screen.getByLabelText('Option 2 is correct'));
    await userEvent.type(screen.getByLabelText('Explanation'), 'SPF rates UVB protection.');

    const preview = screen.getByLabelText('Player preview');
    expect(within(preview).getByText('What does SPF measure?')).toBeInTheDocument();
    expect(within(preview).getByText('UVB')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const body = QuizQuestionBody.parse(posted[0]);
    expect(body.category_id).toBe('skin-basics');
    expect(body.options.filter((o) => o.correct).map((o) => o.text)).toEqual(['UVB']);
  });
});
