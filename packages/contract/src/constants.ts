/**
 * Constants without schemas. A module here builds no zod schema when it loads, so the web's first
 * script can import these without zod and the schemas around them (decision 120); the modules
 * they belong to (quiz, analysis-api) export them too.
 */

/**
 * The IANA time zone the web client sends (Intl.DateTimeFormat().resolvedOptions().timeZone).
 * It sets where "today" starts for the daily challenge and the streak; absent or unknown = UTC.
 */
export const TIME_ZONE_HEADER = 'x-timezone';

/**
 * What the daily challenge card and the landing page promise, kept true to the rules
 * (apps/server/src/modules/quiz/rules.ts): 10–20 points a right answer by difficulty, so a perfect
 * run of five is worth 50–100 (minPoints–maxPoints) before the streak bonus; five questions take a
 * minute or two.
 */
export const DAILY_CHALLENGE = {
  questions: 5,
  minutes: 2,
  pointsPerRightAnswer: { min: 10, max: 20 },
  minPoints: 50,
  maxPoints: 100,
  maxStreakBonus: 100,
} as const;

export const HISTORY_DEFAULT_LIMIT = 10;
export const HISTORY_MAX_LIMIT = 100;

export const ROLES = ['user', 'moderator', 'admin'] as const;

export const MIN_PASSWORD_LENGTH = 6;

/** Roles the spec sends to the admin area after login (docs/product-rules.md#roles: admin and moderator). */
export function isStaff(role: (typeof ROLES)[number]): boolean {
  return role === 'admin' || role === 'moderator';
}
