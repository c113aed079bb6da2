/**
 * A short label for a session's device, read from the user agent it signed in with (decision
 * 182): "Chrome on Android", "Safari on iPhone", "Lumiskin app on Android". Only words from the
 * lists below ever come out, never the user agent's own text: it is whatever the client sent.
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  // The Android shell appends this to the WebView's agent (apps/web/capacitor.config.ts).
  [/\bLumiskinApp\//, 'Lumiskin app'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPT|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:CriOS|Chrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const UNKNOWN_DEVICE = 'Unknown device';

function first(list: readonly (readonly [RegExp, string])[], agent: string): string | undefined {
  return list.find(([pattern]) => pattern.test(agent))?.[1];
}

export function deviceLabel(userAgent: string | null | undefined): string {
  // Stored agents are cut at 500 characters; the patterns are anchored words, no backtracking.
  const agent = (userAgent ?? '').slice(0, 500);
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `${system} device` : UNKNOWN_DEVICE);
}
