import { TIME_ZONE_HEADER } from '@lumiskin/contract/constants';

/** The browser's IANA time zone, or null when the runtime cannot tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The header that tells the server the person's zone, so "today" (the daily challenge, the day
 * streak, routine check-offs) turns over at their own midnight. Empty when unknown (the server
 * then uses the account's zone or UTC).
 */
export function timeZoneHeaders(): Record<string, string> {
  const zone = browserTimeZone();
  return zone ? { [TIME_ZONE_HEADER]: zone } : {};
}
