import type { Page } from '@playwright/test';
// The bank the server is seeded from: the test knows the right answers as the server does.
import { QUIZ_QUESTIONS } from '../../apps/server/src/content/quiz-bank';
import type { registerViaApi } from './fixtures';
import { expect, signedInNewUser, test } from './fixtures';

/**
 * The server refuses a quiz answered faster than one second per question (docs/quiz-rules.md),
 * so the journeys take a moment to "read" each question, as a person would.
 */
const READING_MS = 1_100;

/** A right answer earns 10/15/20 by difficulty, daily and category alike (docs/quiz-rules.md#points). */
type QuizDifficulty = (typeof QUIZ_QUESTIONS)[number]['difficulty'];
const POINTS: Record<QuizDifficulty, number> = { beginner: 10, intermediate: 15, advanced: 20 };

/** The bank's entry for the question on screen, found by its text. */
async function questionOnScreen(page: Page) {
  const text = await page.getByRole('heading', { level: 1 }).textContent();
  const question = QUIZ_QUESTIONS.find((q) => q.question_text === text?.trim());
  if (!question) throw new Error(`question not in the bank: ${text}`);
  return question;
}

function statCard(page: Page, label: string) {
  return page
    .getByRole('list', { name: 'Your quiz stats' })
    .getByRole('listitem')
    .filter({ hasText: label });
}

/** The big number of a stat card (the streak's emoji follows it). */
function statValue(page: Page, label: string) {
  return statCard(page, label).locator('[data-slot="stat-value"]');
}

async function signIn(page: Page, request: Parameters<typeof registerViaApi>[0]) {
  await signedInNewUser(page, request);
}

test('play the daily challenge to the results, then see it Completed on the hub with points and streak', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/quiz');
  await expect(
    page.getByRole('heading', { name: 'Learn your skin, one question at a time' }),
  ).toBeVisible();
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await expect(statValue(page, 'Points')).toHaveText('0');
  await expect(statValue(page, 'Day streak')).toHaveText(/^0\s/);
  await expect(page.getByText('Unranked')).toBeVisible();
  // The points scale is on the hub before anyone plays.
  await expect(page.getByRole('region', { name: 'How points work' })).toContainText(
    'Beginner: 10 points',
  );

  await page.getByRole('link', { name: 'Start Quiz' }).click();
  await expect(page).toHaveURL(/\/quiz\/daily$/);

  // Questions 1, 2 and 4 answered right, 3 and 5 wrong: the points are those of the three.
  const answerRight = [true, true, false, true, false];
  let expectedPoints = 0;
  for (let n = 1; n <= 5; n += 1) {
    await expect(page.getByText(`Question ${n} of 5`)).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/\d:\d\d/);
    const check = page.getByRole('button', { name: 'Check answer' });
    await expect(check).toBeDisabled();
    const question = await questionOnScreen(page);
    const isRight = answerRight[n - 1];
    const answer = isRight
      ? question.correct_answer
      : question.options.find((option) => option !== question.correct_answer)!;
    if (isRight) expectedPoints += POINTS[question.difficulty];
    await page.waitForTimeout(READING_MS);
    await page.getByRole('radio', { name: answer, exact: true }).check({ force: true });
    await check.click();
    // Right or wrong, and why, at once; the answer is locked.
    const feedback = page.getByTestId('answer-feedback');
    await expect(feedback).toContainText(isRight ? 'Right' : 'Not quite');
    await expect(feedback).toContainText(question.explanation);
    await expect(page.getByRole('radio', { name: answer, exact: true })).toBeDisabled();
    await page.getByRole('button', { name: n === 5 ? 'Submit Quiz' : 'Next Question' }).click();
  }

  await expect(page.getByRole('heading', { name: 'Quiz complete!' })).toBeVisible();
  await expect(page.getByText('You got 3 of 5 right')).toBeVisible();
  // Five reviewed answers, each with its explanation.
  await expect(page.getByRole('heading', { name: 'Your answers' })).toBeVisible();
  await expect(page.getByText(/^Question [1-5]$/)).toHaveCount(5);
  // The first quiz always earns the First Steps badge.
  await expect(page.getByRole('region', { name: 'Achievements' })).toContainText('First Steps');
  // The first day of a streak earns no streak bonus.
  await expect(page.getByText(`+${expectedPoints}`, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Quiz Hub' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Come back tomorrow' })).toBeDisabled();
  await expect(statValue(page, 'Points')).toHaveText(String(expectedPoints));
  await expect(statValue(page, 'Day streak')).toHaveText(/^1\s/);
  await expect(statCard(page, 'Points')).toContainText('1 quiz played');

  // The daily cannot be played twice: opening it again lands back on the hub.
  await page.goto('/quiz/daily');
  await expect(page).toHaveURL(/\/quiz$/);
});

test('a category quiz: an answer is final once checked; Previous shows it locked with its feedback', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/quiz');
  await page.getByRole('link', { name: 'Start Skin Basics' }).click();
  await expect(page).toHaveURL(/\/quiz\/category\/skin-basics$/);

  await expect(page.getByText('Question 1 of 5')).toBeVisible();
  const firstOptions = page.getByRole('radio');
  const optionA = (await firstOptions.nth(0).getAttribute('value'))!;
  const optionC = (await firstOptions.nth(2).getAttribute('value'))!;
  await page.waitForTimeout(READING_MS);
  // A choice can change until it is checked.
  await firstOptions.nth(0).check({ force: true });
  await page.getByRole('radio', { name: optionC, exact: true }).check({ force: true });
  await expect(page.getByRole('radio', { name: optionA, exact: true })).not.toBeChecked();
  await page.getByRole('button', { name: 'Check answer' }).click();
  await expect(page.getByTestId('answer-feedback')).toBeVisible();
  await page.getByRole('button', { name: 'Next Question' }).click();

  await expect(page.getByText('Question 2 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
  await expect(page.getByRole('radio', { name: optionC, exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: optionA, exact: true })).toBeDisabled();
  await expect(page.getByTestId('answer-feedback')).toBeVisible();
  await page.getByRole('button', { name: 'Next Question' }).click();

  for (let n = 2; n <= 5; n += 1) {
    await expect(page.getByText(`Question ${n} of 5`)).toBeVisible();
    await page.waitForTimeout(READING_MS);
    await page.getByRole('radio').first().check({ force: true });
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByTestId('answer-feedback')).toBeVisible();
    await page.getByRole('button', { name: n === 5 ? 'Submit Quiz' : 'Next Question' }).click();
  }

  await expect(page.getByRole('heading', { name: 'Quiz complete!' })).toBeVisible();
  const firstReview = page.getByRole('listitem').filter({ hasText: 'Question 1' }).first();
  await expect(firstReview).toContainText(`Your answer:${optionC}`);

  await page.getByRole('link', { name: 'Back to Quiz Hub' }).click();
  await expect(page.getByRole('link', { name: 'Start Skin Basics' })).toBeVisible();
  await expect(statCard(page, 'Accuracy')).toContainText('5 questions answered');
});

test('on a phone an answer’s feedback and Next come into view, and the next question starts at the top', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/quiz');
  await page.getByRole('link', { name: 'Start Quiz' }).click();
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
  const question = await questionOnScreen(page);
  await page.waitForTimeout(READING_MS);
  await page.getByRole('radio', { name: question.correct_answer, exact: true }).check({
    force: true,
  });
  await page.getByRole('button', { name: 'Check answer' }).click();
  // The feedback takes the focus and shows whole, with Next below it (Next was at 876 px in this
  // 844 px window).
  const feedback = page.getByTestId('answer-feedback');
  await expect(feedback).toBeFocused();
  await expect(feedback).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Next Question' })).toBeInViewport({ ratio: 1 });
  // Beside the right answer, "Right answer" on one line (it broke as "Righ / t ans / wer").
  const label = page.getByText('Right answer', { exact: true });
  const lines = await label.evaluate(
    (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
  );
  expect(lines).toBeLessThan(1.5);

  await page.getByRole('button', { name: 'Next Question' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByText('Question 2 of 5')).toBeInViewport({ ratio: 1 });
});
