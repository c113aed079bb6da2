import type { AnalysisResult } from '../../src/engine';
import { softAt } from '../../src/metrics/lesions';
import { median } from '../dev-faces';
import type { TruthLesion } from '../synth-lesions';
import { tolOf } from './placement';
import { BANDS, f2, pct, type FaceRecord, type ImageRecord, type ModeRecord } from './records';

/**
 * `bench:lesions --explain`: why the painted inflammatory lesions that were missed were missed.
 * The engine (debug option) reports every inflammatory candidate it read, kept or not
 * (`InflammatoryReading`, metrics/lesions.ts, in the photo's pixels); each painted papule, pustule,
 * nodule or cluster papule is matched to the heaviest candidate within its match distance, and a
 * miss is put down to the smallest factor of that candidate's weight. The probes of decisions 161,
 * 164 and the calibration log's session 34, run as part of the bench.
 */

/** One candidate as the debug output gives it (numbers, centre and radius in the photo's px). */
export type Reading = Record<string, number>;

/** Why a painted inflammatory lesion was or was not found. */
export const REASONS = [
  'found',
  'no candidate',
  'strength',
  'red / brown',
  'glint',
  'surround',
  'round',
  'after the detector',
] as const;
export type Reason = (typeof REASONS)[number];

export interface Explained {
  reason: Reason;
  reading: Reading | null;
}

const INFLAMMATORY_KINDS = new Set(['papule', 'pustule', 'nodule']);

/** The inflammatory candidates of an analysis run with the engine's debug option, or null. */
export function readingsOf(r: AnalysisResult): Reading[] | null {
  const list = (r as unknown as { debug?: { inflammatory?: Reading[] } }).debug?.inflammatory;
  return Array.isArray(list) ? list : null;
}

/** The readings' centres and radii divided by `s` (a photo analysed at s × the original's size). */
export function readingsScaled(list: Reading[], s: number): Reading[] {
  return list.map((c) => ({
    ...c,
    x: (c.x as number) / s,
    y: (c.y as number) / s,
    r: (c.r as number) / s,
  }));
}

/** Per truth lesion: null for a comedone or a macule, else why it was (not) found. */
export function explainImage(
  truth: readonly TruthLesion[],
  found: readonly boolean[],
  readings: readonly Reading[],
  mmPerPx: number,
): Array<Explained | null> {
  return truth.map((t, i) => {
    if (!INFLAMMATORY_KINDS.has(t.kind)) return null;
    const tol = tolOf(t.rPx, mmPerPx);
    let best: Reading | null = null;
    for (const c of readings) {
      if (Math.hypot((c.x as number) - t.x, (c.y as number) - t.y) > tol) continue;
      if (
        !best ||
        (c.weight as number) > (best.weight as number) ||
        ((c.weight as number) === (best.weight as number) && relStrength(c) > relStrength(best))
      )
        best = c;
    }
    if (found[i]) return { reason: 'found', reading: best };
    if (!best) return { reason: 'no candidate', reading: null };
    return { reason: missReason(best), reading: best };
  });
}

/**
 * Per truth lesion of any kind (macules and comedones too): the strongest candidate (strength /
 * threshold) within its match distance, or null; `--dump` writes them for offline sweeps.
 */
export function nearestReadings(
  truth: readonly TruthLesion[],
  readings: readonly Reading[],
  mmPerPx: number,
): Array<Reading | null> {
  return truth.map((t) => {
    const tol = tolOf(t.rPx, mmPerPx);
    let best: Reading | null = null;
    for (const c of readings)
      if (
        Math.hypot((c.x as number) - t.x, (c.y as number) - t.y) <= tol &&
        (!best || relStrength(c) > relStrength(best))
      )
        best = c;
    return best;
  });
}

const relStrength = (c: Reading) => (c.strength as number) / Math.max(1e-9, c.threshold as number);

/** The smallest factor of a candidate's weight; 'after the detector' when the weight reached ½. */
export function missReason(c: Reading): Reason {
  if ((c.weight as number) >= 0.5) return 'after the detector';
  const factors: Array<[Reason, number]> = [
    ['strength', softAt(c.strength as number, c.threshold as number)],
    ['red / brown', c.red as number],
    ['glint', c.notGlint as number],
    ['surround', c.surround as number],
    ['round', c.round as number],
  ];
  return factors.reduce((a, b) => (b[1] < a[1] ? b : a))[0];
}

/** A clear face's candidate that is round, on skin and no glint. */
const plausible = (c: Reading) =>
  (c.round as number) >= 0.5 && (c.surround as number) >= 0.5 && (c.notGlint as number) >= 0.5;
/** …near enough to count: ≥ 0.6 × its threshold. */
const nearThreshold = (c: Reading) => plausible(c) && relStrength(c) >= 0.6;
/**
 * …or dark whatever its strength (darkening ≥ 4): the brown blobs a papule whose redness a
 * strong JPEG took away competes with (their strength is capped by their redness).
 */
const darkBlob = (c: Reading) => plausible(c) && (c.darkening as number) >= 4;

const COLUMNS: Array<[string, (c: Reading) => number]> = [
  ['strength / threshold', relStrength],
  ['redness (weakest sides)', (c) => c.aSides as number],
  ['redness (disc)', (c) => c.aDisc as number],
  ['darkening', (c) => c.darkening as number],
  ['red / brown', (c) => c.ratio as number],
  ['dome', (c) => c.dome as number],
  ['curvature', (c) => c.curvature as number],
];

/** The report's section for one rendering: the 8-papule images' misses by reason and readings. */
export function reportExplain(rows: FaceRecord[], m: (r: FaceRecord) => ModeRecord) {
  const withWhy = rows.filter((r) => m(r).papules8?.why && r.cleanReadings);
  if (!withWhy.length) return;
  console.log(
    '\nwhy the 8 papules were missed (--explain; the heaviest inflammatory candidate within the match distance, its smallest weight factor)',
  );
  console.log(
    `${'band'.padEnd(10)}${'painted'.padStart(8)}${'missed'.padStart(8)}  ${REASONS.slice(1)
      .map((r) => r.padStart(r.length + 2))
      .join('')}`,
  );
  const whys = (set: FaceRecord[]) =>
    set.flatMap((r) =>
      ((m(r).papules8 as ImageRecord).why ?? []).filter((w): w is Explained => w !== null),
    );
  const row = (label: string, set: FaceRecord[]) => {
    const all = whys(set);
    if (!all.length) return;
    const missed = all.filter((w) => w.reason !== 'found');
    console.log(
      `${label.padEnd(10)}${String(all.length).padStart(8)}${String(missed.length).padStart(8)}  ${REASONS.slice(
        1,
      )
        .map((reason) =>
          pct(
            missed.filter((w) => w.reason === reason).length / Math.max(1, missed.length),
          ).padStart(reason.length + 2),
        )
        .join('')}`,
    );
  };
  row('all', withWhy);
  BANDS.forEach((b, i) =>
    row(
      b.name,
      withWhy.filter((r) => r.band === i),
    ),
  );

  // The readings: the papules found, those missed with a candidate, and the clear faces' own.
  const groups = (set: FaceRecord[]): Array<[string, Reading[]]> => {
    const all = whys(set);
    return [
      [
        'papules found',
        all.filter((w) => w.reason === 'found' && w.reading).map((w) => w.reading as Reading),
      ],
      [
        'papules missed, with a candidate',
        all.filter((w) => w.reason !== 'found' && w.reading).map((w) => w.reading as Reading),
      ],
      [
        'clear faces, ≥ 0.6 × threshold',
        set.flatMap((r) => (r.cleanReadings ?? []).filter(nearThreshold)),
      ],
      [
        'clear faces, dark (darkening ≥ 4)',
        set.flatMap((r) => (r.cleanReadings ?? []).filter(darkBlob)),
      ],
    ];
  };
  const table = (title: string, set: FaceRecord[]) => {
    console.log(`\nmedian readings (relative scale), ${title}`);
    console.log(
      `${'group'.padEnd(36)}${'n'.padStart(6)}  ${COLUMNS.map(([c]) => c.padStart(c.length + 2)).join('')}`,
    );
    for (const [name, list] of groups(set))
      console.log(
        `${name.padEnd(36)}${String(list.length).padStart(6)}  ${COLUMNS.map(([c, read]) =>
          (list.length ? f2(median(list.map(read))) : '—').padStart(c.length + 2),
        ).join('')}`,
      );
  };
  table('every band', withWhy);
  const dark = withWhy.filter((r) => r.band >= BANDS.findIndex((b) => b.hi <= 10));
  if (dark.length) table(`ITA° ≤ 10 (${dark.length} portraits)`, dark);
}
