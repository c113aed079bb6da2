/*
 * Every date and number the app shows goes through here (issue 13): one locale for the session,
 * the user's, en-GB when none is known. A server-rendered page is rendered in the locale of the
 * visitor's Accept-Language and hands it to the browser with its data, so hydration formats the
 * same way (docs/decisions/024).
 */

export const DEFAULT_LOCALE = 'en-GB';

let locale = DEFAULT_LOCALE;
/**
 * A tag set but not checked yet: checking it (supportedLocalesOf) loads the runtime's locale data,
 * a long step of a page's start on a slow phone, so it waits for the first date or number to
 * format, which needs that data anyway; a page that formats nothing never pays it (decision 120).
 */
let unchecked: { tag: string | null | undefined } | null = null;

/** The session's locale, checked. */
function current(): string {
  if (unchecked) {
    locale = supportedLocale(unchecked.tag);
    unchecked = null;
  }
  return locale;
}

/** A BCP 47 tag Intl supports, or the default. */
export function supportedLocale(tag: string | null | undefined): string {
  if (!tag) return DEFAULT_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag])[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // not a well-formed tag
  }
}

/** The first language of an Accept-Language header ('fr-CH, fr;q=0.9' → 'fr-CH'). */
export function localeFromAcceptLanguage(header: string | null | undefined): string {
  return supportedLocale(header?.split(',')[0]?.split(';')[0]?.trim());
}

export function setLocale(tag: string | null | undefined) {
  unchecked = { tag };
}

export function getLocale(): string {
  return current();
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = current();
  const key = `d|${tag}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = current();
  const key = `n|${tag}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(tag, options)));
  return format;
}

type DateInput = string | number | Date;
/** `timeZone: 'UTC'` for a calendar day that must read the same everywhere (a publication day). */
type Zone = { timeZone?: string };

/** Any date shape in the session's locale; '' for a value that is not a date. */
export function formatDateWith(value: DateInput, options: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(options).format(date);
}

/** '24 Nov 2026' (en-GB), 'Nov 24, 2026' (en-US): the app's date. */
export function formatDate(value: DateInput, zone: Zone = {}): string {
  return formatDateWith(value, { day: 'numeric', month: 'short', year: 'numeric', ...zone });
}

/** '24 November 2026': a date that is the page's subject (an analysis, a history entry). */
export function formatLongDate(value: DateInput, zone: Zone = {}): string {
  return formatDateWith(value, { day: 'numeric', month: 'long', year: 'numeric', ...zone });
}

/** '24 Nov 2026, 12:47': a date with its time (a scan). */
export function formatDateTime(value: DateInput): string {
  return formatDateWith(value, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** '24 Nov': chart ticks and other places where the year goes without saying. */
export function formatDayMonth(value: DateInput, zone: Zone = {}): string {
  return formatDateWith(value, { day: 'numeric', month: 'short', ...zone });
}

/** 12345 → '12,345'. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(options).format(value);
}

/** A skin or quiz score, 0–100, everywhere as a whole number without a unit: '91'. */
export function formatScore(value: number): string {
  return formatNumber(Math.round(value));
}

/** '1 day', '2 days', '1,204 reviews'; `many` when the plural is not singular + 's'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${pluralWord(count, one, many)}`;
}

/** Only the word: 'day' for 1, 'days' otherwise (per the session locale's English rules). */
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
