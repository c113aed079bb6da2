import { TIME_ZONE_HEADER } from '@lumiskin/contract/quiz';
import { browserTimeZone } from '@/lib/platform/time-zone';

/**
 * The player's IANA time zone, sent with quiz calls so the daily challenge and the streak turn
 * over at their own midnight (docs/quiz-rules.md). The server falls back to UTC.
 */
export function timeZoneHeaders(): Record<string, string> {
  const zone = browserTimeZone();
  return zone ? { [TIME_ZONE_HEADER]: zone } : {};
}

/** Every quiz query key starts with this, so one invalidation refreshes the hub. */
export const quizKeys = {
  all: ['quiz'] as const,
  categories: ['quiz', 'categories'] as const,
  stats: ['quiz', 'stats'] as const,
  leaderboard: (limit: number) => ['quiz', 'leaderboard', limit] as const,
  daily: ['quiz', 'daily'] as const,
  category: (id: string) => ['quiz', 'category', id] as const,
  challenges: ['quiz', 'challenges'] as const,
};
