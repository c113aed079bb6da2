import { QuizChallenges } from '@lumiskin/contract/quiz';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';
import { quizKeys } from './time-zone';

export async function getChallenges() {
  return QuizChallenges.parse(
    await api.get<unknown>('/quiz/challenges', { headers: timeZoneHeaders() }),
  );
}

export const challengesQueryOptions = () =>
  queryOptions({ queryKey: quizKeys.challenges, queryFn: getChallenges });

/** GET /api/quiz/challenges: this week's goals and the badge shelf. */
export function useChallenges() {
  return useQuery(challengesQueryOptions());
}
