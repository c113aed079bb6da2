/**
 * Confluent acne (issue 29, decision 166): `npm run bench:lesions:confluent -w
 * @lumiskin/skin-engine`.
 *
 * Issue 29 asks that clusters and confluent patches count as several lesions, or by their area.
 * `bench:lesions` paints clusters of 3–6 papules within 3–5 mm; this bench paints what severe
 * acne shows: per portrait, one patch in each cheek of `--per` papules (default 10, radius
 * 1.5–2.2 mm, centres at least 1.2 mm + 0.3 × r apart, overlapping) within `--rmm` mm (default
 * 6) of its centre on a shared faint erythema, placed away from the clear face's marks and
 * excluded areas. It paints the same number of papules apart from each other in the cheeks, and
 * reads, with bootstrap 95 % intervals over portraits:
 *   - the acne score's drop for the patches and for the papules apart, and their ratio;
 *   - the lesions the result counts (`counts.blemishes`) for each;
 *   - two controls that must not read as a patch: one papule inside a broad flush (a Gaussian
 *     erythema, `--flush` mm, default 12, haemoglobin density 0.25 at its centre) against the
 *     papule alone and the flush alone, and the clear faces' acne.
 *
 *   --part calibration|check|test|all  which part (default check; test and all need --final)
 *   --limit N                          only the first N portraits of the part
 *   --capture full|phone               JPEG q90 as painted (default), or a phone's: long side
 *                                      640 px, JPEG q45
 *   --mode linear|paint                rendering of the lesions (default linear)
 *   --per N, --rmm MM                  papules per patch (3–20) and the patch's radius (3–12 mm)
 *   --flush MM, --flush-density H      the control flush's radius and haemoglobin density
 */
import sharp from 'sharp';
import type { AnalysisResult } from '../src/engine';
import { arg, bootstrapCi, decodeFile, devFacesDir, partArg } from './dev-faces';
import { placeLesions, pointInPolygon, type Keepout, type Pt } from './lesions/placement';
import {
  BANDS,
  bandOf,
  captureAnalyser,
  f1,
  marksOf,
  partPortraits,
  reachMm,
} from './lesions/records';
import { linearToSrgb8, srgbToLinear } from './lesions/skin-colour';
import {
  HB,
  mulberry32,
  paintLesions,
  seedOf,
  type LesionSpec,
  type RenderMode,
} from './synth-lesions';
import type { Img } from './variants';

sharp.concurrency(1);

interface Row {
  ita: number;
  /** Acne: clear, two patches, the same papules apart. */
  acne: [number, number, number];
  /** Lesions counted (counts.blemishes): clear, patches, apart; papules painted. */
  counted: [number, number, number];
  papules: number;
  /** Acne: one papule, the flush alone, the papule in the flush. */
  flush: [number, number, number] | null;
}

/** A broad erythema: linear light × exp(−g·h·HB), g a Gaussian of radius rPx around (cx, cy). */
function paintFlush(img: Img, cx: number, cy: number, rPx: number, h: number): Img {
  const data = new Uint8Array(img.data);
  const R = Math.ceil(2 * rPx);
  for (
    let y = Math.max(0, Math.round(cy) - R);
    y <= Math.min(img.height - 1, Math.round(cy) + R);
    y++
  )
    for (
      let x = Math.max(0, Math.round(cx) - R);
      x <= Math.min(img.width - 1, Math.round(cx) + R);
      x++
    ) {
      const g = Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (rPx * rPx));
      const i = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++)
        data[i + c] = linearToSrgb8(
          srgbToLinear(data[i + c] as number) * Math.exp(-g * h * (HB[c] as number)),
        );
    }
  return { ...img, data };
}

async function readFace(
  analyse: (img: Img) => Promise<AnalysisResult | null>,
  img: Img,
  file: string,
  opts: { per: number; rMm: number; flushMm: number; flushH: number; mode: RenderMode },
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
  const offExcluded = (p: { x: number; y: number }) =>
    !excluded.some((e) => pointInPolygon(p.x, p.y, e));
  const cheeks = (['left_cheek', 'right_cheek'] as const).map(
    (z) => (clean.regions.find((r) => r.region === z)?.polygons ?? []) as Pt[][],
  );
  const rand = mulberry32(seedOf(`${file}/confluent`));
  const patches: LesionSpec[] = [];
  for (const zones of cheeks)
    for (const p of placeLesions(
      [{ kind: 'cluster', zones, keepPx: (opts.rMm + 1) / mmPerPx }],
      keepouts,
      rand,
    ).filter(offExcluded))
      patches.push({ kind: 'cluster', x: p.x, y: p.y, rMm: opts.rMm, count: opts.per });
  if (patches.length < 2) return null;
  const merged = paintLesions(img, patches, {
    mmPerPx,
    mode: opts.mode,
    seed: seedOf(`${file}/confluent/paint`),
  });
  const papules = merged.truth.length;
  const cheekPolys = cheeks.flat();
  const apartSpecs: LesionSpec[] = placeLesions(
    Array.from({ length: papules }, () => ({
      kind: 'papule' as const,
      zones: cheekPolys,
      keepPx: (1.2 * reachMm('papule')) / mmPerPx,
    })),
    keepouts,
    rand,
  )
    .filter(offExcluded)
    .map((p) => ({ kind: 'papule', x: p.x, y: p.y }));
  if (apartSpecs.length < papules) return null;
  const apart = paintLesions(img, apartSpecs, {
    mmPerPx,
    mode: opts.mode,
    seed: seedOf(`${file}/confluent/apart`),
  });
  const a = await analyse(merged.image);
  const b = await analyse(apart.image);
  if (!a || !b) return null;
  // The control: one papule in a broad flush, at the first papule's place.
  const one = apartSpecs[0] as LesionSpec;
  const papule = (base: Img) =>
    paintLesions(base, [one], { mmPerPx, mode: opts.mode, seed: seedOf(`${file}/flush/papule`) })
      .image as Img;
  const flushed = paintFlush(img, one.x, one.y, opts.flushMm / mmPerPx, opts.flushH);
  const [p1, f1r, pf] = [
    await analyse(papule(img)),
    await analyse(flushed),
    await analyse(papule(flushed)),
  ];
  return {
    ita: clean.skin_tone.ita,
    acne: [clean.scores.acne ?? NaN, a.scores.acne ?? NaN, b.scores.acne ?? NaN],
    counted: [clean.counts.blemishes, a.counts.blemishes, b.counts.blemishes],
    papules,
    flush:
      p1 && f1r && pf
        ? [p1.scores.acne ?? NaN, f1r.scores.acne ?? NaN, pf.scores.acne ?? NaN]
        : null,
  };
}

const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;

/** Mean of f over the rows, with its bootstrap interval. */
function meanCi<T>(rows: T[], f: (r: T) => number): string {
  const stat = (ix: number[]) => mean(ix.map((i) => f(rows[i] as T)));
  const [lo, hi] = bootstrapCi(rows.length, stat);
  return `${f1(stat(rows.map((_, i) => i)))} [${f1(lo)}, ${f1(hi)}]`;
}

function report(rows: Row[]): void {
  const dropMerged = (r: Row) => r.acne[0] - r.acne[1];
  const dropApart = (r: Row) => r.acne[0] - r.acne[2];
  const ratio = (ix: number[]) =>
    mean(ix.map((i) => dropMerged(rows[i] as Row))) /
    mean(ix.map((i) => dropApart(rows[i] as Row)));
  const all = rows.map((_, i) => i);
  const [rlo, rhi] = bootstrapCi(rows.length, ratio);
  console.log(`\npapules painted per face: ${f1(mean(rows.map((r) => r.papules)))} (two patches)`);
  console.log(`acne drop, two patches:       ${meanCi(rows, dropMerged)}`);
  console.log(`acne drop, the same apart:     ${meanCi(rows, dropApart)}`);
  console.log(
    `ratio (patches / apart):       ${ratio(all).toFixed(2)} [${rlo.toFixed(2)}, ${rhi.toFixed(2)}]`,
  );
  console.log(
    `lesions counted (counts.blemishes, above the clear face): patches ${meanCi(rows, (r) => r.counted[1] - r.counted[0])}, apart ${meanCi(rows, (r) => r.counted[2] - r.counted[0])}`,
  );
  console.log(`by ITA° band: acne drop, patches / apart`);
  for (const [k, band] of BANDS.entries()) {
    const sub = rows.filter((r) => bandOf(r.ita) === k);
    if (sub.length)
      console.log(
        `  ${band.name.padEnd(10)} ${f1(mean(sub.map(dropMerged))).padStart(5)} / ${f1(mean(sub.map(dropApart))).padStart(5)}  (${sub.length} portraits)`,
      );
  }
  const fl = rows.filter((r): r is Row & { flush: [number, number, number] } => r.flush !== null);
  console.log(
    `control, one papule in a flush (${fl.length} portraits): acne drop, the papule alone ${meanCi(fl, (r) => r.acne[0] - r.flush[0])}, the flush alone ${meanCi(fl, (r) => r.acne[0] - r.flush[1])}, the papule in the flush ${meanCi(fl, (r) => r.acne[0] - r.flush[2])}; faces where the papule in the flush reads ≥ 5 lower than alone: ${fl.filter((r) => r.flush[0] - r.flush[2] >= 5).length}`,
  );
  console.log(
    `clear faces: acne mean ${meanCi(rows, (r) => r.acne[0])}, below 80: ${rows.filter((r) => r.acne[0] < 80).length}`,
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
  const phone = (arg('capture') ?? 'full') === 'phone';
  const mode = (arg('mode') ?? 'linear') as RenderMode;
  const per = Number(arg('per') ?? 10);
  const rMm = Number(arg('rmm') ?? 6);
  const flushMm = Number(arg('flush') ?? 12);
  const flushH = Number(arg('flush-density') ?? 0.25);
  if (mode !== 'linear' && mode !== 'paint') {
    console.error(`--mode must be linear or paint (got "${mode}")`);
    process.exit(2);
  }
  if (!(per >= 3 && per <= 20) || !(rMm >= 3 && rMm <= 12) || !(flushMm > 0) || !(flushH > 0)) {
    console.error('--per must be 3–20, --rmm 3–12 (mm), --flush > 0 (mm), --flush-density > 0');
    process.exit(2);
  }
  const faces = partPortraits(dir, part, limit);
  const { createSkinEngine } = await import('../src/node');
  const engine = await createSkinEngine({});
  const analyse = captureAnalyser(engine, phone);
  console.log(
    `confluent acne: ${faces.length} portraits (${part} part), two patches of ${per} papules within ${rMm} mm, ${mode} rendering, ${phone ? 'phone capture (640 px, JPEG q45)' : 'JPEG q90'}; node ${process.version}`,
  );
  const rows: Row[] = [];
  const t0 = Date.now();
  for (const f of faces) {
    const row = await readFace(analyse, (await decodeFile(f.path)) as Img, f.file, {
      per,
      rMm,
      flushMm,
      flushH,
      mode,
    });
    if (row) rows.push(row);
  }
  console.log(
    `analysed ${rows.length} portraits in ${((Date.now() - t0) / 1000).toFixed(0)} s (refused, failed or without room for the patches: ${faces.length - rows.length})`,
  );
  report(rows);
}

void main();
