import {
  compareCaptures,
  exposureExplains,
  type CaptureConditions,
  type MetricKey,
} from '@lumiskin/contract/analysis';

/** A capture condition two scans differ in (contract `compareCaptures`). */
export type CaptureDifference = NonNullable<ReturnType<typeof compareCaptures>>['reasons'][number];

/**
 * What a scan's change is measured against:
 * - `none`: there is no earlier scan;
 * - `comparable`: an earlier scan taken in like conditions, or one whose conditions are unknown
 *   (older scans record none), so the change reads as the skin's; `isPrevious` is false when
 *   unlike scans in between were skipped;
 * - `unlike`: no comparable earlier scan, and the previous one was taken in different conditions,
 *   so the change may be the photo's rather than the skin's.
 */
export type ScanBaseline<T> =
  | { kind: 'none' }
  | { kind: 'comparable'; scan: T; isPrevious: boolean }
  | { kind: 'unlike'; scan: T; reasons: CaptureDifference[] };

/**
 * The scan to compare `scan` with: the most recent of `earlierNewestFirst` taken in comparable
 * conditions. A scan without recorded conditions is compared with its previous one, as before
 * conditions were recorded; the search stops at the first earlier scan without conditions, since
 * skipping an unlike scan only to compare with one of unknown light gains nothing.
 */
export function comparableBaseline<T extends { capture?: CaptureConditions | null }>(
  scan: T,
  earlierNewestFirst: readonly T[],
): ScanBaseline<T> {
  const [previous] = earlierNewestFirst;
  if (!previous) return { kind: 'none' };
  const first = compareCaptures(scan.capture, previous.capture);
  if (!first || first.comparable) return { kind: 'comparable', scan: previous, isPrevious: true };
  for (const candidate of earlierNewestFirst.slice(1)) {
    const match = compareCaptures(scan.capture, candidate.capture);
    if (!match) break;
    if (match.comparable) return { kind: 'comparable', scan: candidate, isPrevious: false };
  }
  return { kind: 'unlike', scan: previous, reasons: first.reasons };
}

/**
 * The conditions to show beside one metric's change: the two scans' differences when they are
 * unlike (`unlike`), otherwise `['exposure']` when the exposure difference alone could have made
 * this metric's change (contract `exposureExplains`, decision 055: fine lines, firmness, radiance
 * and texture are read against the skin's lightness, which a dimmer photo lowers), else undefined.
 */
export function metricUnlike(
  metric: MetricKey,
  current: { score: number; capture?: CaptureConditions | null | undefined },
  earlier:
    { score: number | undefined; capture?: CaptureConditions | null | undefined } | undefined,
  unlike: readonly CaptureDifference[] | undefined,
): readonly CaptureDifference[] | undefined {
  if (unlike) return unlike;
  if (earlier?.score === undefined) return undefined;
  return exposureExplains(metric, current.score - earlier.score, current.capture, earlier.capture)
    ? ['exposure']
    : undefined;
}

const WORD: Record<CaptureDifference, string> = {
  light: 'lighting',
  exposure: 'lighting',
  distance: 'distance',
  focus: 'focus',
};

const SENTENCE: Record<CaptureDifference, string> = {
  light: 'the light had a different colour',
  exposure: 'the light was brighter or dimmer',
  distance: 'your face was nearer to or further from the camera',
  focus: 'one photo was sharper than the other',
};

function list(words: readonly string[]): string {
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** "possibly the lighting", "possibly the lighting or distance", ... */
export function conditionsLabel(reasons: readonly CaptureDifference[]): string {
  return `possibly the ${list([...new Set(reasons.map((r) => WORD[r]))]) || 'lighting'}`;
}

/** One or two plain sentences for the tooltip: what differed and how to get a fair comparison. */
export function conditionsExplanation(reasons: readonly CaptureDifference[]): string {
  const what = reasons.map((r) => SENTENCE[r]);
  const differed = what.length
    ? `Between these scans ${list(what)}`
    : 'These scans were taken in different conditions';
  return `${differed}, so part of this change may be the photo rather than your skin. Scan in the same spot, light and distance for a fair comparison.`;
}
