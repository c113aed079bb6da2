import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatNumber,
  formatScore,
  getLocale,
  localeFromAcceptLanguage,
  plural,
  setLocale,
} from '@/lib/format';

const scan = '2026-11-24T12:47:00.000Z';

afterEach(() => setLocale(DEFAULT_LOCALE));

describe('format', () => {
  it('shows dates in en-GB by default, one shape per kind', () => {
    expect(getLocale()).toBe('en-GB');
    expect(formatDate(scan)).toBe('24 Nov 2026');
    expect(formatLongDate(scan)).toBe('24 November 2026');
    expect(formatDayMonth(new Date(scan))).toBe('24 Nov');
    expect(formatDateTime(scan)).toMatch(/^24 Nov 2026(,| at) \d{1,2}:47$/);
    expect(formatDate('not a date')).toBe('');
    // A publication day reads the same in every time zone.
    expect(formatDate('2026-03-01T23:30:00.000Z', { timeZone: 'UTC' })).toBe('1 Mar 2026');
  });

  it("follows the user's locale when one is set", () => {
    setLocale('en-US');
    expect(formatDate(scan)).toBe('Nov 24, 2026');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    setLocale('de-DE');
    expect(formatDate(scan)).toBe('24. Nov. 2026');
    expect(formatNumber(1234)).toBe('1.234');
  });

  it('falls back to en-GB for a missing or malformed locale', () => {
    setLocale('not a locale!');
    expect(getLocale()).toBe('en-GB');
    setLocale(undefined);
    expect(getLocale()).toBe('en-GB');
  });

  it('reads the first language of an Accept-Language header', () => {
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr-CH');
    expect(localeFromAcceptLanguage('')).toBe('en-GB');
    expect(localeFromAcceptLanguage(undefined)).toBe('en-GB');
  });

  it('shows scores as whole numbers without a percent sign', () => {
    expect(formatScore(91)).toBe('91');
    expect(formatScore(90.6)).toBe('91');
    expect(formatScore(0)).toBe('0');
  });
});

describe('plural', () => {
  it('says 1 day, not 1 days', () => {
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(0, 'day')).toBe('0 days');
    expect(plural(2, 'day')).toBe('2 days');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(1204, 'review')).toBe('1,204 reviews');
  });
});
