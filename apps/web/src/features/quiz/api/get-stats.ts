import { QuizStats } from '@lumiskin/contract/quiz';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';
import { quizKeys } from './time-zone';

export async function getStats() {
  return QuizStats.parse(await api.get<unknown>('/quiz/stats', { headers: timeZoneHeaders() }));
}

export const statsQueryOptions = () =>
  queryOptions({ queryKey: quizKeys.stats, queryFn: getStats });

/** GET /api/quiz/stats */
export function useQuizStats() {
  return useQuery(statsQueryOptions());
}
