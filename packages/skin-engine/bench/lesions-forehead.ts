/**
 * Dense acne in one part of the face (issue 29): `npm run bench:lesions:forehead -w
 * @lumiskin/skin-engine` (`--zone jaw` for the lower cheeks and jawline).
 *
 * Issue 29 names a clinical photo whose forehead papule clusters were taken for hair (31 % of the
 * forehead left out, 0 blemish marks). `bench:lesions` keeps every painted lesion 1.5 × its reach
 * away from the clear face's excluded areas, so it never paints where acne meets a fringe. This
 * bench does: per portrait, 16 inflammatory lesions (bench:lesions' mix of papules, pustules,
 * nodules and clusters, each cluster papule counted) placed in the forehead outline only, away
 * from each other and from the clear face's marks, with their centres anywhere on the clear
 * face's skin, as close to its hair as chance puts them. It prints, with bootstrap 95 % intervals
 * over portraits:
 *   - recall (a blemish mark within max(3 px, r + 1.5 mm)) by the lesion's distance from the
 *     clear face's excluded areas (< 3 mm, 3–6 mm, ≥ 6 mm) and by ITA° band;
 *   - the forehead's hair share (`measurements.forehead.hair`) before and after painting: how
 *     much of the forehead the painted acne turned into "hair", and on how many faces ≥ 5 %;
 *   - the acne score's drop.
 *
 *   --part calibration|check|test|all  which part (default check; test and all need --final)
 *   --limit N                          only the first N portraits of the part
 *   --capture full|phone               JPEG q90 as painted (default), or a phone's: long side
 *                                      640 px, JPEG q45 (what bench:lesions --capture phone does)
 *   --mode linear|paint                rendering of the lesions (default linear)
 *   --n N                              lesions per forehead (default 16)
 *   --zone forehead|jaw                where they go (default forehead): `jaw` paints them on the
 *                                      lower cheeks and the jawline beside the mouth and the chin
 *                                      (the face mesh's LESION_EXTENSIONS outline, decision 157),
 *                                      where acne is common and, before 157, no zone read it
 */
import sharp from 'sharp';
import type { AnalysisResult } from '../src/engine';
import { LESION_EXTENSIONS } from '../src/face/landmarks';
import { arg, bootstrapCi, decodeFile, devFacesDir, partArg } from './dev-faces';
import {
  distanceToOutline,
  placeLesions,
  pointInPolygon,
  type Keepout,
  type Pt,
} from './lesions/placement';
import {
  BANDS,
  bandOf,
  f1,
  inflammatoryMix,
  marksOf,
  pct,
  reachMm,
  partPortraits,
  captureAnalyser,
} from './lesions/records';
import {
  mulberry32,
  paintLesions,
  seedOf,
  type LesionSpec,
  type RenderMode,
} from './synth-lesions';
import type { Img } from './variants';

sharp.concurrency(1);

const DIST_BINS = [
  { label: '< 3 mm', lo: -1, hi: 3 },
  { label: '3–6 mm', lo: 3, hi: 6 },
  { label: '≥ 6 mm', lo: 6, hi: Infinity },
];

interface Row {
  ita: number;
  acne: [number, number];
  hair: [number, number];
  lesions: Array<{ mm: number; found: boolean }>;
}

/** mm from (x, y) to the nearest excluded area of the clear face (0 inside one). */
function mmToExcluded(x: number, y: number, polys: readonly Pt[][], mmPerPx: number): number {
  let best = Infinity;
  for (const p of polys)
    best = Math.min(best, pointInPolygon(x, y, p) ? 0 : distanceToOutline(x, y, p));
  return best * mmPerPx;
}

type Zones = (img: Img, clean: AnalysisResult) => Promise<Pt[][]>;

async function readFace(
  analyse: (img: Img) => Promise<AnalysisResult | null>,
  zonesOf: Zones,
  img: Img,
  file: string,
  n: number,
  mode: RenderMode,
): Promise<Row | null> {
  const clean = await analyse(img);
  if (!clean) return null;
  const mmPerPx = 192 / clean.capture.face_px;
  const marks = marksOf(clean);
  const excluded = clean.overlays.excluded.flatMap((e) => e.polygons as Pt[][]);
  const keepouts: Keepout[] = (['blemishes', 'blackheads', 'dark_spots'] as const).flatMap((o) =>
    marks[o].map((m) => ({
      circle: [m[0], m[1], m[2] + Math.max(3, 1.5 / mmPerPx)] as [number, number, number],
    })),
  );
  const forehead = await zonesOf(img, clean);
  const rand = mulberry32(seedOf(`${file}/forehead-acne`));
  const mix = inflammatoryMix(n, rand);
  const placed = placeLesions(
    mix.map((s) => ({ kind: s.kind, zones: forehead, keepPx: (1.2 * reachMm(s.kind)) / mmPerPx })),
    keepouts,
    rand,
  );
  const specs: LesionSpec[] = placed
    .filter(({ x, y }) => !excluded.some((p) => pointInPolygon(x, y, p)))
    .map(({ index, x, y }) => ({ ...(mix[index] as LesionSpec), x, y }));
  const seed = seedOf(`${file}/forehead-acne/paint`);
  const { image, truth } = paintLesions(img, specs, { mmPerPx, mode, seed });
  const painted = await analyse(image);
  if (!painted) return null;
  const tol = (rPx: number) => Math.max(3, rPx + 1.5 / mmPerPx);
  return {
    ita: clean.skin_tone.ita,
    acne: [clean.scores.acne ?? NaN, painted.scores.acne ?? NaN],
    hair: [clean.measurements.forehead.hair, painted.measurements.forehead.hair],
    lesions: truth.map((t) => ({
      mm: mmToExcluded(t.x, t.y, excluded, mmPerPx),
      found: painted.overlays.blemishes.some(
        (m) => Math.hypot(m[0] - t.x, m[1] - t.y) <= tol(t.rPx),
      ),
    })),
  };
}

const ci = (v: [number, number], f: (x: number) => string) => `[${f(v[0])}, ${f(v[1])}]`;

/** Pooled recall over the portraits `rows` (lesions passing `keep`), with its interval. */
function recall(rows: Row[], keep: (l: Row['lesions'][number]) => boolean): string {
  const stat = (idx: number[]) => {
    let n = 0;
    let f = 0;
    for (const i of idx)
      for (const l of (rows[i] as Row).lesions)
        if (keep(l)) {
          n++;
          if (l.found) f++;
        }
    return n ? f / n : NaN;
  };
  const all = rows.map((_, i) => i);
  const n = rows.reduce((s, r) => s + r.lesions.filter(keep).length, 0);
  return `${pct(stat(all)).padStart(4)} ${ci(bootstrapCi(rows.length, stat), pct).padEnd(11)} (n ${n})`;
}

function report(rows: Row[], zone: string): void {
  const idx = rows.map((_, i) => i);
  console.log(
    `\nrecall (a blemish mark at the painted lesion), by distance from the clear face's excluded areas`,
  );
  console.log(`  all        ${recall(rows, () => true)}`);
  for (const b of DIST_BINS)
    console.log(`  ${b.label.padEnd(10)} ${recall(rows, (l) => l.mm > b.lo && l.mm <= b.hi)}`);
  console.log(`recall by ITA° band`);
  for (const [k, band] of BANDS.entries()) {
    const sub = rows.filter((r) => bandOf(r.ita) === k);
    if (sub.length)
      console.log(`  ${band.name.padEnd(10)} ${recall(sub, () => true)}, ${sub.length} portraits`);
  }
  const grow = (i: number) => ((rows[i] as Row).hair[1] - (rows[i] as Row).hair[0]) * 100;
  const mean = (ix: number[], f: (i: number) => number) =>
    ix.reduce((s, i) => s + f(i), 0) / ix.length;
  const over = (ix: number[]) => ix.filter((i) => grow(i) >= 5).length / ix.length;
  const drop = (i: number) => (rows[i] as Row).acne[0] - (rows[i] as Row).acne[1];
  const hair0 = mean(idx, (i) => (rows[i] as Row).hair[0] * 100);
  if (zone !== 'forehead') {
    console.log(
      `acne drop: mean ${f1(mean(idx, drop))} ${ci(
        bootstrapCi(rows.length, (ix) => mean(ix, drop)),
        f1,
      )}`,
    );
    return;
  }
  console.log(
    `forehead hair share: clear ${f1(hair0)} %, painted ${f1(hair0 + mean(idx, grow))} %`,
  );
  console.log(
    `  grown by the painted acne: mean ${f1(mean(idx, grow))} points ${ci(
      bootstrapCi(rows.length, (ix) => mean(ix, grow)),
      f1,
    )}; by ≥ 5 points on ${pct(over(idx))} ${ci(bootstrapCi(rows.length, over), pct)} of faces`,
  );
  console.log(
    `acne drop: mean ${f1(mean(idx, drop))} ${ci(
      bootstrapCi(rows.length, (ix) => mean(ix, drop)),
      f1,
    )}`,
  );
}

async function main(): Promise<void> {
  const dir = devFacesDir();
  if (!dir) {
    console.error('dev-faces not found (../shared/fixtures/dev-faces): this bench reads them');
    process.exit(2);
  }
  const part = partArg();
  const limit = Number(arg('limit') ?? Infinity);
  const n = Number(arg('n') ?? 16);
  const phone = (arg('capture') ?? 'full') === 'phone';
  const mode = (arg('mode') ?? 'linear') as RenderMode;
  const zone = arg('zone') ?? 'forehead';
  if (zone !== 'forehead' && zone !== 'jaw') {
    console.error(`--zone must be forehead or jaw (got "${zone}")`);
    process.exit(2);
  }
  const faces = partPortraits(dir, part, limit);
  const { createSkinEngine } = await import('../src/node');
  const engine = await createSkinEngine({});
  const analyse = captureAnalyser(engine, phone);
  // The jaw outline from the face mesh of the photo as painted (the result carries no mesh).
  const zonesOf: Zones =
    zone === 'forehead'
      ? async (_img, clean) =>
          (clean.regions.find((r) => r.region === 'forehead')?.polygons ?? []) as Pt[][]
      : async (img) => {
          const [face] = await engine.detect(img);
          if (!face) return [];
          return Object.values(LESION_EXTENSIONS).flatMap((polys) =>
            polys.map((poly) => poly.map((i) => (face.mesh[i] ?? [0, 0]) as Pt)),
          );
        };
  console.log(
    `${zone} acne: ${faces.length} portraits (${part} part), ${n} inflammatory lesions per face, ${mode} rendering, ${phone ? 'phone capture (640 px, JPEG q45)' : 'JPEG q90'}; node ${process.version}`,
  );
  const rows: Row[] = [];
  const t0 = Date.now();
  for (const f of faces) {
    const row = await readFace(
      analyse,
      zonesOf,
      (await decodeFile(f.path)) as Img,
      f.file,
      n,
      mode,
    );
    if (row) rows.push(row);
  }
  console.log(
    `analysed ${rows.length} portraits in ${((Date.now() - t0) / 1000).toFixed(0)} s (refused or failed: ${faces.length - rows.length})`,
  );
  report(rows, zone);
}

void main();
