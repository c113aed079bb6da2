import {
  CONSISTENCY_WINDOWS,
  type ApplicationTime,
  type ConsistencyWindow,
  type RoutineConsistency,
} from '@lumiskin/contract/routine';
import { addDays } from '../../lib/streak';

/** Whose "today" it is: the instant and the person's time zone. */
export interface Clock {
  now: Date;
  timeZone: string;
}

/**
 * Routine consistency (docs/product-rules.md#routine-consistency): the share of recent days on
 * which the person checked off their routine (morning or evening). A day before the routine began
 * does not count, and today counts only once it is checked off, so the figure does not drop every
 * morning. Adding or removing products never moves it: only check-offs do.
 */
export function consistencyOf(input: {
  today: string;
  /** The first day of the routine (its first change or check-off), or null if it has none. */
  began: string | null;
  checkOffs: { day: string; session: ApplicationTime }[];
}): RoutineConsistency {
  const { today, began } = input;
  const followed = new Set(input.checkOffs.map((c) => c.day));
  const window = (days: number): ConsistencyWindow => {
    let counted = 0;
    let done = 0;
    for (let i = 0; i < days; i += 1) {
      const day = addDays(today, -i);
      if (began === null || day < began) continue;
      if (day === today && !followed.has(day)) continue;
      counted += 1;
      if (followed.has(day)) done += 1;
    }
    return {
      window_days: days,
      counted_days: counted,
      followed_days: done,
      percent: counted === 0 ? null : Math.round((done / counted) * 100),
    };
  };
  const [week, month] = CONSISTENCY_WINDOWS;
  return {
    today,
    checked_today: (['morning', 'evening'] as const).filter((session) =>
      input.checkOffs.some((c) => c.day === today && c.session === session),
    ),
    last_7_days: window(week),
    last_30_days: window(month),
  };
}
