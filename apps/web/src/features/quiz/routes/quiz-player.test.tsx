import type { QuizResult, QuizSession } from '@lumiskin/contract/quiz';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, LocationProbe, renderWithRouter } from '@/testing/test-utils';
import { saveSession } from '@/lib/platform/storage';
import QuizPlayerRoute from './quiz-player';

const session: QuizSession = {
  attempt_id: '6f1c2a9e-4b8d-4c1e-9a77-0c5d2b1e8f10',
  quiz_type: 'category',
  category_id: 'sun-protection',
  title: 'Sun Protection',
  quiz_day: '2026-03-10',
  expires_at: '2026-03-10T14:00:00.000Z',
  answered: [],
  questions: [
    {
      id: 'sun-01',
      category_id: 'sun-protection',
      question_text: 'What does SPF mainly measure?',
      options: ['UVA protection', 'UVB protection', 'Water resistance', 'Blue light'],
      difficulty: 'beginner',
      points: 10,
      image_url: null,
      tags: ['spf'],
    },
    {
      id: 'sun-02',
      category_id: 'sun-protection',
      question_text: 'How much sunscreen covers the face and neck?',
      options: ['A pea', 'Two finger lengths', 'A drop', 'A palmful'],
      difficulty: 'intermediate',
      points: 15,
      image_url: null,
      tags: ['amount'],
    },
  ],
};

const result: QuizResult = {
  attempt_id: session.attempt_id!,
  quiz_type: 'category',
  category_id: 'sun-protection',
  score: 50,
  correct_answers: 1,
  total_questions: 2,
  points_earned: 10,
  streak_bonus: 0,
  time_taken: 14,
  level_up: false,
  level: 1,
  total_points: 10,
  current_streak: 0,
  badges_earned: [
    {
      badge_id: 'first-quiz',
      badge_name: 'First Steps',
      description: 'Finish your first quiz.',
      icon: 'Footprints',
    },
  ],
  streak_milestone: null,
  share_data: { text: 'I scored 50%', hashtags: ['Lumiskin'] },
  review: [
    {
      question_id: 'sun-01',
      question_text: 'What does SPF mainly measure?',
      options: session.questions[0]!.options,
      image_url: null,
      difficulty: 'beginner',
      chosen: 'UVB protection',
      correct_answer: 'UVB protection',
      is_correct: true,
      explanation: 'SPF is measured against sunburn, which UVB causes.',
      points_earned: 10,
    },
    {
      question_id: 'sun-02',
      question_text: 'How much sunscreen covers the face and neck?',
      options: session.questions[1]!.options,
      image_url: null,
      difficulty: 'intermediate',
      chosen: 'A pea',
      correct_answer: 'Two finger lengths',
      is_correct: false,
      explanation: 'About two finger lengths gives the tested 2 mg/cm².',
      points_earned: 0,
    },
  ],
};

function renderPlayer(url = '/quiz/category/sun-protection') {
  saveSession({ token: 'test-token', user: createUser() });
  return renderWithRouter(
    [
      { path: '/quiz', element: <LocationProbe label="Quiz hub" /> },
      { path: '/quiz/:quizType', element: <QuizPlayerRoute /> },
      { path: '/quiz/:quizType/:categoryId', element: <QuizPlayerRoute /> },
    ],
    url,
  );
}

/** The server's side of POST /quiz/answer: feedback from the bank (here, the review). */
function answerFeedback(body: unknown) {
  const { question_id: id, answer } = body as { question_id: string; answer: string };
  const review = result.review.find((r) => r.question_id === id)!;
  const isCorrect = answer === review.correct_answer;
  return {
    question_id: id,
    chosen: answer,
    correct_answer: review.correct_answer,
    is_correct: isCorrect,
    explanation: review.explanation,
    points_earned: isCorrect ? (id === 'sun-01' ? 10 : 15) : 0,
  };
}

/** Answers the two questions (the first right, the second wrong), each checked, then submits. */
async function answerBothAndSubmit(user: ReturnType<typeof renderPlayer>['user']) {
  await user.click(await screen.findByRole('radio', { name: /UVB protection/ }));
  await user.click(screen.getByRole('button', { name: /Check answer/ }));
  await user.click(await screen.findByRole('button', { name: /Next Question/ }));
  await user.click(await screen.findByRole('radio', { name: /A pea/ }));
  await user.click(screen.getByRole('button', { name: /Check answer/ }));
  await user.click(await screen.findByRole('button', { name: /Submit Quiz/ }));
}

describe('quiz player', () => {
  it('shows right or wrong and the explanation right after each answer, then locks it', async () => {
    const answered: unknown[] = [];
    fakeApi({
      'GET /api/quiz/category/:categoryId': () => session,
      'POST /api/quiz/answer': ({ body }) => {
        answered.push(body);
        return answerFeedback(body);
      },
    });
    const { user } = renderPlayer();

    expect(
      await screen.findByRole('heading', { name: 'What does SPF mainly measure?' }),
    ).toBeVisible();
    expect(screen.getByText('Question 1 of 2')).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    // Nothing moves on before an answer is committed.
    expect(screen.queryByRole('button', { name: /Next Question/ })).not.toBeInTheDocument();
    const check = screen.getByRole('button', { name: /Check answer/ });
    expect(check).toBeDisabled();
    // Choosing is not committing: no request, no feedback yet.
    await user.click(screen.getByRole('radio', { name: /UVA protection/ }));
    await user.click(screen.getByRole('radio', { name: /UVB protection/ }));
    expect(answered).toEqual([]);
    expect(screen.queryByTestId('answer-feedback')).not.toBeInTheDocument();
    await user.click(check);

    const feedback = await screen.findByTestId('answer-feedback');
    expect(feedback).toHaveTextContent('Right — +10 points');
    expect(feedback).toHaveTextContent('SPF is measured against sunburn, which UVB causes.');
    expect(answered).toEqual([
      { attempt_id: session.attempt_id, question_id: 'sun-01', answer: 'UVB protection' },
    ]);
    // The answer is final: every option is locked.
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Next Question/ }));

    expect(await screen.findByRole('heading', { name: /How much sunscreen/ })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /A pea/ }));
    await user.click(screen.getByRole('button', { name: /Check answer/ }));
    const wrong = await screen.findByTestId('answer-feedback');
    expect(wrong).toHaveTextContent('Not quite');
    expect(wrong).toHaveTextContent('The right answer: Two finger lengths');
    expect(wrong).toHaveTextContent('2 mg/cm²');
    expect(screen.getByRole('button', { name: /Submit Quiz/ })).toBeEnabled();

    // Previous shows the first answer as it was, still locked, with its feedback.
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(
      await screen.findByRole('heading', { name: 'What does SPF mainly measure?' }),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: /UVB protection/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /UVA protection/ })).toBeDisabled();
    expect(screen.getByTestId('answer-feedback')).toHaveTextContent('Right');
    expect(answered).toHaveLength(2);
  });

  it('picks up a re-opened quiz at the first unanswered question', async () => {
    fakeApi({
      'GET /api/quiz/category/:categoryId': () => ({
        ...session,
        answered: [answerFeedback({ question_id: 'sun-01', answer: 'UVA protection' })],
      }),
    });
    const { user } = renderPlayer();
    expect(await screen.findByRole('heading', { name: /How much sunscreen/ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(screen.getByRole('radio', { name: /UVA protection/ })).toBeChecked();
    expect(screen.getByTestId('answer-feedback')).toHaveTextContent(
      'The right answer: UVB protection',
    );
  });

  it('says so when an answer cannot be checked, and lets the player retry', async () => {
    let fail = true;
    fakeApi({
      'GET /api/quiz/category/:categoryId': () => session,
      'POST /api/quiz/answer': ({ body }) =>
        fail
          ? apiError(
              400,
              'That was quicker than anyone can read the questions.',
              'implausible_time',
            )
          : answerFeedback(body),
    });
    const { user } = renderPlayer();
    await user.click(await screen.findByRole('radio', { name: /UVB protection/ }));
    await user.click(screen.getByRole('button', { name: /Check answer/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('quicker than anyone can read');
    expect(screen.queryByTestId('answer-feedback')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Check answer/ }));
    expect(await screen.findByTestId('answer-feedback')).toHaveTextContent('Right');
  });

  it('submits the chosen texts once and shows the results with the review', async () => {
    const calls: { url: string; body: unknown }[] = [];
    fakeApi({
      'GET /api/quiz/category/:categoryId': ({ url, body }) => {
        calls.push({ url, body });
        return session;
      },
      'POST /api/quiz/answer': ({ body }) => answerFeedback(body),
      'POST /api/quiz/submit': ({ url, body }) => {
        calls.push({ url, body });
        return result;
      },
    });
    const { user } = renderPlayer();
    await answerBothAndSubmit(user);

    expect(await screen.findByRole('heading', { name: 'Quiz complete!' })).toBeVisible();
    // The Submit button pressed is gone: the focus is on the results' heading, not the page.
    expect(screen.getByRole('heading', { name: 'Quiz complete!' })).toHaveFocus();
    const submitted = calls.filter((c) => c.url.endsWith('/quiz/submit'));
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.body).toMatchObject({
      quiz_type: 'category',
      category_id: 'sun-protection',
      attempt_id: session.attempt_id,
      answers: { 'sun-01': 'UVB protection', 'sun-02': 'A pea' },
      time_taken: expect.any(Number),
    });
    expect(screen.getByText(/You got/)).toHaveTextContent('You got 1 of 2 right');
    const achievements = screen.getByRole('region', { name: 'Achievements' });
    expect(within(achievements).getByText(/First Steps/)).toBeVisible();
    expect(screen.getByText('Two finger lengths')).toBeVisible();
    expect(screen.getByText(/2 mg\/cm²/)).toBeVisible();
    for (const name of ['Share Results', 'Retake Quiz', 'Back to Quiz Hub', 'View Dashboard']) {
      expect(
        screen.getByRole(name === 'Share Results' || name === 'Retake Quiz' ? 'button' : 'link', {
          name: new RegExp(name),
        }),
      ).toBeVisible();
    }
  });

  it('ends the daily challenge, played once a day, with the categories instead of a retake', async () => {
    const daily = { ...session, quiz_type: 'daily' as const, category_id: null, title: 'Daily' };
    fakeApi({
      'GET /api/quiz/daily-quiz': () => daily,
      'POST /api/quiz/answer': ({ body }) => answerFeedback(body),
      'POST /api/quiz/submit': () => ({
        ...result,
        quiz_type: 'daily',
        category_id: null,
        current_streak: 7,
        streak_milestone: 7,
      }),
    });
    const { user } = renderPlayer('/quiz/daily');
    await answerBothAndSubmit(user);

    expect(await screen.findByRole('heading', { name: 'Quiz complete!' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retake Quiz/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Play a category/ })).toHaveAttribute(
      'href',
      '/quiz#categories',
    );
    // The streak milestone is drawn as an icon like the badge beside it, never an emoji.
    const achievements = screen.getByRole('region', { name: 'Achievements' });
    expect(achievements).toHaveTextContent('7-day streak!');
    expect(achievements.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(achievements.querySelectorAll('li svg')).toHaveLength(2);
  });

  it('keeps the player on the last question with a message when submitting fails', async () => {
    fakeApi({
      'GET /api/quiz/category/:categoryId': () => session,
      'POST /api/quiz/answer': ({ body }) => answerFeedback(body),
      'POST /api/quiz/submit': () =>
        apiError(503, 'The server took too long to answer. Please try again.', 'timeout'),
    });
    const { user } = renderPlayer();
    await answerBothAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server took too long to answer',
    );
    expect(screen.getByText('Question 2 of 2')).toBeVisible();
    expect(screen.getByRole('radio', { name: /A pea/ })).toBeChecked();
    expect(screen.getByRole('button', { name: /Submit Quiz/ })).toBeEnabled();
  });

  it('sends the player to the hub when the quiz answers 400 (daily already completed)', async () => {
    fakeApi({
      'GET /api/quiz/daily-quiz': () =>
        apiError(400, "You've completed today's daily challenge.", 'daily_completed'),
    });
    renderPlayer('/quiz/daily');
    expect(await screen.findByText('Quiz hub at /quiz')).toBeVisible();
  });

  it('shows No Questions Available for an empty quiz', async () => {
    fakeApi({
      'GET /api/quiz/category/:categoryId': () => ({ ...session, attempt_id: null, questions: [] }),
    });
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'No Questions Available' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to Quiz Hub/ })).toBeVisible();
  });

  it('sends the time zone with quiz calls', async () => {
    const mock = fakeApi({ 'GET /api/quiz/category/:categoryId': () => session });
    renderPlayer();
    await screen.findByText('Question 1 of 2');
    await waitFor(() => expect(mock).toHaveBeenCalled());
    const headers = mock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['x-timezone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
