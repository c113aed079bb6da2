import { QuizSession } from '@lumiskin/contract/quiz';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api/api-client';
import { quizKeys, timeZoneHeaders } from './time-zone';

export async function getDailyQuiz() {
  return QuizSession.parse(
    await api.get<unknown>('/quiz/daily-quiz', { headers: timeZoneHeaders() }),
  );
}

/** docs/product-rules.md#quiz: a 400 from the daily quiz means today's challenge is already completed. */
export function isDailyCompleted(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 400;
}

export const dailyQuizQueryOptions = () =>
  queryOptions({
    queryKey: quizKeys.daily,
    queryFn: getDailyQuiz,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** GET /api/quiz/daily-quiz, used by the hub as the availability check. */
export function useDailyQuiz() {
  return useQuery(dailyQuizQueryOptions());
}
