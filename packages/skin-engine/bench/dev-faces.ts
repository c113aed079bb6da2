/**
 * The labelled development portraits (`../shared/fixtures/dev-faces/`, outside the repository):
 * loading, labels and the fixed three-way split. Used only by the calibration, validity and lesion
 * benchmarks; nothing here ships, and the photos are never copied into the project.
 *
 * The split (issue 29, item 4; it replaces the calibration / held-out halves, whose held-out half
 * had guided too many decisions to predict new photos): u = the first two bytes of
 * SHA-256("split3/<folder>/<file>") read as a big-endian fraction of 65,536;
 *   u < 0.50 → 'calibration'  fit and tune on it freely;
 *   u < 0.75 → 'check'        read figures while working (the benchmarks' default);
 *   otherwise → 'test'        run once, at the end of an issue (`--part test --final`).
 * The "split3/" salt makes the parts independent of the old halves (SHA-256 of "folder/file").
 * Fixed and seedless: never re-draw it to move a photo between parts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { jpegEncoding, type ImageEncoding } from '../src/image/jpeg-encoding';
import type { PixelImage } from '../src/image/raster';

const here = path.dirname(fileURLToPath(import.meta.url));

/** DEV_FACES_DIR, or `shared/fixtures/dev-faces` beside the checkout. */
export function devFacesDir(): string | null {
  const candidates = [
    process.env.DEV_FACES_DIR,
    path.resolve(here, '../../../../shared/fixtures/dev-faces'),
  ].filter((p): p is string => Boolean(p));
  return candidates.find((p) => existsSync(path.join(p, 'README.md'))) ?? null;
}

/**
 * The speed benches' photo: BENCH_PHOTO, else the first `canada` portrait of the dev faces when
 * this machine has them, else the repository's public-domain test portrait.
 */
export function benchPhoto(): string {
  if (process.env.BENCH_PHOTO) return process.env.BENCH_PHOTO;
  const dir = devFacesDir();
  const canada = dir && path.join(dir, 'canada');
  const first =
    canada && existsSync(canada)
      ? readdirSync(canada)
          .filter((f) => /\.(jpe?g|png)$/i.test(f))
          .sort()[0]
      : undefined;
  return canada && first
    ? path.join(canada, first)
    : path.join(here, '../test/fixtures/astronaut-face.jpg');
}

/**
 * The bench photo as the server analyses it: brought to `side` px on its long side (the server's
 * 1600), saved as a JPEG of quality 90 and decoded by sharp (the speed benches' common pixels).
 */
export async function benchImage(side = 1600): Promise<PixelImage & { data: Uint8Array }> {
  const jpeg = await sharp(benchPhoto())
    .rotate()
    .resize(side, side, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return decodeJpeg(jpeg);
}

/** A JPEG's pixels as sharp decodes them (8-bit RGB, no copy): what the speed benches time. */
export async function decodeJpeg(jpeg: Buffer): Promise<PixelImage & { data: Uint8Array }> {
  const { data, info } = await sharp(jpeg)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: 3,
  };
}

export type Folder = 'congress-dev' | 'canada' | 'zoom';

export interface DevFace {
  folder: Folder;
  file: string;
  path: string;
  age: number | null;
  gender: 'F' | 'M' | null;
  distanceCm: number | null;
  /** 'calibration', 'check' or 'test', fixed by a salted hash of folder/file (see above). */
  part: Part;
}

export const PARTS = ['calibration', 'check', 'test'] as const;
export type Part = (typeof PARTS)[number];

/** The split: SHA-256 of "split3/folder/file", first two bytes as a fraction (see the file's comment). */
export function partOf(folder: string, file: string): Part {
  const h = createHash('sha256').update(`split3/${folder}/${file}`).digest();
  const u = ((h[0] as number) * 256 + (h[1] as number)) / 65536;
  return u < 0.5 ? 'calibration' : u < 0.75 ? 'check' : 'test';
}

/**
 * The `--part` option of the benchmarks: calibration | check | test | all (default 'check').
 * Anything else exits with status 2. The test part is run once, at the end of an issue: it also
 * needs `--final`, and a warning line says so.
 */
export function partArg(argv: string[] = process.argv, fallback = 'check'): Part | 'all' {
  const i = argv.indexOf('--part');
  const value = i >= 0 ? argv[i + 1] : fallback;
  const allowed = [...PARTS, 'all'] as const;
  if (!allowed.includes(value as Part | 'all')) {
    console.error(`--part must be one of ${allowed.join(', ')} (got "${value}")`);
    process.exit(2);
  }
  if (value === 'test' || value === 'all') {
    if (!argv.includes('--final')) {
      console.error(
        `--part ${value} reads the test part, which is run once, at the end of an issue: add --final to run it`,
      );
      process.exit(2);
    }
    console.error(
      `warning: --part ${value} reads the TEST part of dev-faces. Run it once, at the end of an issue; do not tune on what it shows.`,
    );
  }
  return value as Part | 'all';
}

function parseCsv(text: string): Array<Record<string, string>> {
  const lines = text.trim().split(/\r?\n/);
  const header = (lines.shift() ?? '').split(',');
  return lines.map((line) => {
    // The transform column may hold commas only inside quotes; these files have none before it.
    const cells = line.split(',');
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

export function listDevFaces(dir: string): DevFace[] {
  const out: DevFace[] = [];
  for (const folder of ['congress-dev', 'canada', 'zoom'] as const) {
    const labels = path.join(dir, folder, 'labels.csv');
    if (!existsSync(labels)) continue;
    for (const row of parseCsv(readFileSync(labels, 'utf8'))) {
      const file = row.file ?? '';
      const g = (row.gender ?? '').toLowerCase();
      out.push({
        folder,
        file,
        path: path.join(dir, folder, file),
        age: row.age ? Number(row.age) : null,
        gender: g === 'f' || g === 'female' ? 'F' : g === 'm' || g === 'male' ? 'M' : null,
        distanceCm: row.distance_cm ? Number(row.distance_cm) : null,
        part: partOf(folder, file),
      });
    }
  }
  return out;
}

/**
 * The studio portraits of `part` (every part for 'all'; zoom/'s distance series left out), the
 * first `limit`; null, said on the console, when dev-faces is not on this machine.
 */
export function benchPortraits(part: Part | 'all', limit: number): DevFace[] | null {
  const dir = devFacesDir();
  if (!dir) {
    console.log('dev-faces not found (set DEV_FACES_DIR): nothing to measure.');
    return null;
  }
  return listDevFaces(dir)
    .filter((f) => f.folder !== 'zoom' && (part === 'all' || f.part === part))
    .slice(0, limit);
}

export async function decodeFile(
  file: string | Buffer,
): Promise<PixelImage & { data: Uint8Array; encoding?: ImageEncoding }> {
  // The file is read once: sharp decodes its bytes, and its headers say how a JPEG stored its
  // colour, as the server reads them from an upload (decision 171).
  const bytes = typeof file === 'string' ? readFileSync(file) : file;
  const { data, info } = await sharp(bytes)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const encoding = jpegEncoding(bytes);
  return {
    data: new Uint8Array(data),
    width: info.width,
    height: info.height,
    channels: 3,
    ...(encoding ? { encoding } : {}),
  };
}

// ---- statistics ----

function ranks(values: number[]): number[] {
  const idx = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(values.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (
      j + 1 < idx.length &&
      (idx[j + 1] as readonly [number, number])[0] === (idx[i] as readonly [number, number])[0]
    )
      j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) r[(idx[k] as readonly [number, number])[1]] = avg;
    i = j + 1;
  }
  return r;
}

function pearson(x: number[], y: number[]): number {
  const n = x.length;
  if (n < 3) return NaN;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx && syy ? sxy / Math.sqrt(sxx * syy) : 0;
}

/** Spearman's ρ (Pearson on average ranks). */
export function spearman(x: number[], y: number[]): number {
  return pearson(ranks(x), ranks(y));
}

/** Deterministic PRNG (mulberry32): numbers in [0, 1). The bootstrap and the lesion synthesiser. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The value after `--name` on the command line, if any. */
export function arg(name: string, argv: string[] = process.argv): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Percentile bootstrap 95 % interval of Spearman's ρ (1,000 resamples, fixed seed). */
export function spearmanCi(x: number[], y: number[], resamples = 1000): [number, number] {
  const rand = mulberry32(20261124);
  const n = x.length;
  const out: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < n; i++) {
      const k = Math.floor(rand() * n);
      xs.push(x[k] as number);
      ys.push(y[k] as number);
    }
    out.push(spearman(xs, ys));
  }
  out.sort((a, b) => a - b);
  return [out[Math.floor(0.025 * resamples)] ?? NaN, out[Math.floor(0.975 * resamples)] ?? NaN];
}

/**
 * 95 % bootstrap interval of any statistic of n paired rows: `stat` gets the resampled row
 * indices (drawn with replacement). The figures are read from ~50–150 photos, so a point
 * estimate alone hides how much a second sample of people would differ.
 */
export function bootstrapCi(
  n: number,
  stat: (rows: number[]) => number,
  resamples = 1000,
): [number, number] {
  const rand = mulberry32(20261125);
  const out: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const rows: number[] = [];
    for (let i = 0; i < n; i++) rows.push(Math.floor(rand() * n));
    const v = stat(rows);
    if (Number.isFinite(v)) out.push(v);
  }
  out.sort((a, b) => a - b);
  return [out[Math.floor(0.025 * out.length)] ?? NaN, out[Math.floor(0.975 * out.length)] ?? NaN];
}

/** Mean of y in the top third of x minus the bottom third (terciles of these rows' x): the tone gap. */
export function tercileGap(x: number[], y: number[]): number {
  const sorted = [...x].sort((a, b) => a - b);
  const t1 = quantile(sorted, 1 / 3);
  const t2 = quantile(sorted, 2 / 3);
  const low = y.filter((_, i) => (x[i] as number) <= t1);
  const high = y.filter((_, i) => (x[i] as number) > t2);
  return mean(low) - mean(high);
}

/**
 * y with its linear trend in age removed (least squares of y on age; residuals). Tone gaps of
 * the ageing scores compare skin of unlike ages when the darker and lighter groups differ in age.
 */
export function ageAdjusted(age: number[], y: number[]): number[] {
  const ma = mean(age);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < age.length; i++) {
    sxy += ((age[i] as number) - ma) * ((y[i] as number) - my);
    sxx += ((age[i] as number) - ma) ** 2;
  }
  const slope = sxx ? sxy / sxx : 0;
  return y.map((v, i) => v - my - slope * ((age[i] as number) - ma));
}

/** R² of the least-squares fit of y on the columns of x (x includes the constant column). */
export function r2OfLeastSquares(x: number[][], y: number[]): number {
  const k = x[0]?.length ?? 0;
  // Normal equations, solved by Gauss–Jordan elimination with partial pivoting.
  const a = Array.from({ length: k }, (_, p) => {
    const row = Array.from({ length: k + 1 }, () => 0);
    for (let i = 0; i < x.length; i++) {
      const xi = x[i] as number[];
      for (let q = 0; q < k; q++)
        row[q] = (row[q] as number) + (xi[p] as number) * (xi[q] as number);
      row[k] = (row[k] as number) + (xi[p] as number) * (y[i] as number);
    }
    return row;
  });
  for (let c = 0; c < k; c++) {
    let pivot = c;
    for (let r = c + 1; r < k; r++)
      if (Math.abs((a[r] as number[])[c] as number) > Math.abs((a[pivot] as number[])[c] as number))
        pivot = r;
    [a[c], a[pivot]] = [a[pivot] as number[], a[c] as number[]];
    const pr = a[c] as number[];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const row = a[r] as number[];
      const f = (row[c] as number) / (pr[c] as number);
      for (let q = c; q <= k; q++) row[q] = (row[q] as number) - f * (pr[q] as number);
    }
  }
  const w = a.map((row, i) => (row[k] as number) / (row[i] as number));
  const my = mean(y);
  let sse = 0;
  let sst = 0;
  for (let i = 0; i < y.length; i++) {
    const pred = (x[i] as number[]).reduce((s, v, q) => s + v * (w[q] as number), 0);
    sse += ((y[i] as number) - pred) ** 2;
    sst += ((y[i] as number) - my) ** 2;
  }
  return sst > 0 ? 1 - sse / sst : NaN;
}

export function mean(v: number[]): number {
  return v.length ? v.reduce((s, x) => s + x, 0) / v.length : NaN;
}

export function median(v: number[]): number {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export function quantile(v: number[], q: number): number {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  const pos = q * (s.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (pos - lo);
}
