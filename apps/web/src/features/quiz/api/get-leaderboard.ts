import { Leaderboard } from '@lumiskin/contract/quiz';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { quizKeys } from './time-zone';

/** The hub shows 5 entries (docs/product-rules.md#quiz). */
export const LEADERBOARD_SIZE = 5;

export async function getLeaderboard(limit: number) {
  return Leaderboard.parse(await api.get<unknown>(`/quiz/leaderboard?limit=${limit}`));
}

export const leaderboardQueryOptions = (limit = LEADERBOARD_SIZE) =>
  queryOptions({ queryKey: quizKeys.leaderboard(limit), queryFn: () => getLeaderboard(limit) });

/** GET /api/quiz/leaderboard?limit=5 */
export function useLeaderboard(limit = LEADERBOARD_SIZE) {
  return useQuery(leaderboardQueryOptions(limit));
}
