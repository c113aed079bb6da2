/**
 * The one streak rule, shared by the quiz (days with a completed daily challenge) and the
 * dashboard (days with a scan): the run of consecutive calendar days ending on the newest day,
 * counted while that newest day is yesterday or later, else 0. Days are YYYY-MM-DD in the
 * person's own time zone; callers bucket instants into days, so no clock or zone enters here.
 * A newest day after `today` (the person moved west after playing) keeps the streak alive.
 */
export function streakDays(days: Iterable<string>, today: string): number {
  const seen = new Set(days);
  let newest: string | undefined;
  for (const day of seen) if (newest === undefined || day > newest) newest = day;
  if (newest === undefined || newest < addDays(today, -1)) return 0;
  let streak = 0;
  for (let day = newest; seen.has(day); day = addDays(day, -1)) streak += 1;
  return streak;
}

/** Calendar arithmetic on YYYY-MM-DD strings (no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
