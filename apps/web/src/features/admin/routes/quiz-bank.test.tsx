import { QuizQuestionBody } from '@lumiskin/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AdminQuizBankRoute from '@/features/admin/routes/quiz-bank';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi, refusal, refusedBy, reply } from '@/testing/fake-api';
import { createUser, renderWithRouter } from '@/testing/test-utils';

/** One category, no question yet. */
const emptyBank = () => ({
  categories: [{ id: 'skin-basics', name: 'Skin Basics' }],
  questions: [],
  total: 0,
  page: 1,
  page_size: 100,
});

describe('admin quiz bank', () => {
  it('previews a new question as the player sees it and saves exactly one correct option', async () => {
    saveSession({ token: 'tok_mod', user: createUser({ role: 'moderator' }) });
    const posted: unknown[] = [];
    fakeApi({
      'GET /api/admin/quiz': emptyBank,
      'POST /api/admin/quiz/questions': ({ body }) => {
        posted.push(body);
        const question = QuizQuestionBody.parse(body);
        return reply(
          'POST /api/admin/quiz/questions',
          {
            id: 'q_new',
            category_id: question.category_id,
            question_text: question.question_text,
            options: question.options,
            explanation: question.explanation,
            difficulty: 'beginner',
            points: 10,
            tags: [],
            active: true,
          },
          201,
        );
      },
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

  it('names each field the server refused below it: the question’s, an option’s, the list’s', async () => {
    saveSession({ token: 'tok_mod', user: createUser({ role: 'moderator' }) });
    const refusals = [
      // The first save as the server refuses it: the contract's messages, one per field.
      (body: unknown) => refusedBy(QuizQuestionBody, body),
      // The second: something said of the options as a list.
      () => refusal({ options: 'Options must differ' }),
    ];
    fakeApi({
      'GET /api/admin/quiz': emptyBank,
      'POST /api/admin/quiz/questions': ({ body }) => refusals.shift()!(body),
    });
    renderWithRouter([{ path: '/admin/quiz', Component: AdminQuizBankRoute }], '/admin/quiz');
    await userEvent.click(await screen.findByRole('button', { name: 'New question' }));
    await userEvent.type(screen.getByLabelText('Question'), 'What does SPF measure?');
    await userEvent.type(screen.getByLabelText('Option 1'), 'UVA');
    await userEvent.type(screen.getByLabelText('Option 2'), 'UVB');
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));

    const third = screen.getByLabelText('Option 3');
    await waitFor(() => expect(third).toHaveAttribute('aria-invalid', 'true'));
    expect(third).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Explanation')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Option 1')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Question')).not.toHaveAttribute('aria-invalid');
    expect(
      await screen.findByText('The question was not saved. Check the fields marked below.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    const options = screen.getByRole('group', { name: 'Options (choose the correct one)' });
    await waitFor(() => expect(options).toHaveAccessibleDescription('Options must differ'));
    expect(third).not.toHaveAttribute('aria-invalid');
  });

  it('edits a question and sends only the fields the route takes (not the loaded id)', async () => {
    saveSession({ token: 'tok_mod', user: createUser({ role: 'moderator' }) });
    const loaded = {
      id: 'q_sun_1',
      category_id: 'skin-basics',
      question_text: 'What does SPF measure?',
      options: [
        { text: 'UVA', correct: false },
        { text: 'UVB', correct: true },
      ],
      explanation: 'SPF rates UVB protection.',
      difficulty: 'beginner' as const,
      points: 10,
      tags: ['sun'],
      active: true,
    };
    const put: unknown[] = [];
    fakeApi({
      'GET /api/admin/quiz': () => ({
        categories: [{ id: 'skin-basics', name: 'Skin Basics' }],
        questions: [loaded],
        total: 1,
        page: 1,
        page_size: 100,
      }),
      'PUT /api/admin/quiz/questions/:id': ({ body }) => {
        put.push(body);
        return { ...loaded, ...QuizQuestionBody.parse(body) };
      },
    });
    renderWithRouter([{ path: '/admin/quiz', Component: AdminQuizBankRoute }], '/admin/quiz');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Question'), ' (in sunscreen)');
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({
      category_id: 'skin-basics',
      question_text: 'What does SPF measure? (in sunscreen)',
      options: loaded.options,
      explanation: loaded.explanation,
      difficulty: 'beginner',
      points: 10,
      tags: ['sun'],
      active: true,
    });
  });
});
