/**
 * Lesion benchmark (issue 29): `npm run bench:lesions -w @lumiskin/skin-engine`.
 *
 * Paints synthetic lesions (bench/synth-lesions.ts) on one part of the development portraits
 * (`shared/fixtures/dev-faces`, never part of the app; split in bench/dev-faces.ts) and prints
 * what the engine finds: recall and precision per kind and per ITA° band, the false marks per
 * clear face, the issue's 8-papule protocol, and the acne and blackheads scores' response to the
 * number of lesions. Every figure read from the photos carries a bootstrap 95 % interval over
 * portraits (1,000 resamples, fixed seed). Figures, not a pass/fail test.
 *
 *   --part calibration|check|test|all  which part (default check; test and all need --final)
 *   --limit N                          only the first N portraits of the part
 *   --mode linear|paint|both           rendering of the lesions (default both)
 *   --responses linear|paint|both|none the score-response images (8 per portrait and mode) are
 *                                      made in these modes (default: linear when --mode has it)
 *
 * Protocol, per portrait:
 *  - The clear face: the portrait re-encoded as JPEG q90 (as every painted image is, so the two
 *    differ only by the lesions) and analysed once; its marks are the false marks per clear face,
 *    and all painted variants share this reading (places, excluded areas, ITA° band, mm/px).
 *  - Places: random, inside the zone outlines (inflammatory lesions and macules: forehead, cheeks,
 *    chin; comedones: nose, forehead, chin, cheeks); each lesion keeps a disc of 1.5 × its kind's
 *    largest radius free of the other lesions' discs, of its zone's outline, of the clear face's
 *    excluded areas and of the clear face's marks (plus the match tolerance around each mark).
 *  - Images (each re-encoded as JPEG q90 with sharp before analysis, as a phone would):
 *      kinds     2 of each kind (papule, pustule, nodule, open and closed comedone, macule, and 2
 *                clusters of 3–6 papules): recall per kind and precision;
 *      8 papules the hidden check's protocol: eight papules 3–5 mm across, two in each of the
 *                forehead, the cheeks and the chin: recall, acne drop;
 *      responses 2, 5, 10, 20, 40 inflammatory lesions (mixed papules, pustules, nodules and
 *                clusters, each cluster papule counted) and 5, 10, 20 comedones (open and closed).
 *  - Match: a painted lesion is found when a mark of its overlay kind (inflammatory →
 *    overlays.blemishes, comedones → overlays.blackheads, macules → overlays.dark_spots) lies
 *    within max(3 px, its radius + 1.5 mm) of its centre; "any kind" accepts a mark of any of the
 *    three. Precision: each mark of the painted image is "right" (within tolerance of a painted
 *    lesion of its kind), "wrong kind" (of a lesion of another kind only), "old" (within
 *    max(3 px, mark r + 1.5 mm) of a clear-face mark of its kind; left out) or "new"; precision =
 *    right / (right + wrong kind + new), pooled over every painted image of the mode.
 * The placements and lesion draws depend only on the photo and the image (not on the mode), so
 * the two modes see the same lesions in the same places.
 */
import os from 'node:os';
import sharp from 'sharp';
import type { AnalysisResult, SkinEngine } from '../src/engine';
import {
  arg,
  bootstrapCi,
  decodeFile,
  devFacesDir,
  listDevFaces,
  mean,
  median,
  partArg,
  quantile,
  type DevFace,
} from './dev-faces';
import {
  OVERLAYS,
  RADIUS_MM,
  matchImage,
  mulberry32,
  overlayOf,
  paintLesions,
  placeLesions,
  seedOf,
  type Keepout,
  type LesionKind,
  type LesionSpec,
  type Mark,
  type Marks,
  type MarkTally,
  type PlaceRequest,
  type Pt,
  type RenderMode,
  type TruthKind,
  type TruthLesion,
} from './synth-lesions';
import { reencode, resized, type Img } from './variants';

sharp.concurrency(1);

function oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const v = (arg(name) ?? fallback) as T;
  if (!allowed.includes(v)) {
    console.error(`--${name} must be one of ${allowed.join(', ')} (got "${v}")`);
    process.exit(2);
  }
  return v;
}

const PART = partArg();
const LIMIT = Number(arg('limit') ?? Infinity);
const MODE = oneOf('mode', ['linear', 'paint', 'both'] as const, 'both');
const MODES: RenderMode[] = MODE === 'both' ? ['linear', 'paint'] : [MODE];
const RESPONSES = oneOf(
  'responses',
  ['linear', 'paint', 'both', 'none'] as const,
  MODES.includes('linear') ? 'linear' : 'paint',
);
const RESPONSE_MODES: RenderMode[] =
  RESPONSES === 'none'
    ? []
    : (RESPONSES === 'both' ? (['linear', 'paint'] as const) : [RESPONSES]).filter((m) =>
        MODES.includes(m),
      );
const CAPTURE = oneOf('capture', ['full', 'phone'] as const, 'full');
/** The phone capture: long side and JPEG quality. */
const PHONE_SIDE = 640;
const PHONE_QUALITY = 45;
if (!Number.isFinite(LIMIT) && arg('limit') !== undefined) {
  console.error('--limit must be a number');
  process.exit(2);
}

const INFLAMMATORY_N = [2, 5, 10, 20, 40];
const COMEDONE_N = [5, 10, 20];
const KIND_ROWS: TruthKind[] = [
  'papule',
  'pustule',
  'nodule',
  'open_comedone',
  'closed_comedone',
  'macule',
];

const BANDS = [
  { name: 'ITA > 41', lo: 41, hi: Infinity },
  { name: '28–41', lo: 28, hi: 41 },
  { name: '10–28', lo: 10, hi: 28 },
  { name: '−30–10', lo: -30, hi: 10 },
  { name: '< −30', lo: -Infinity, hi: -30 },
];
const bandOf = (ita: number) => BANDS.findIndex((b) => ita > b.lo && ita <= b.hi);

const INFLAMMATORY_ZONES = ['forehead', 'left_cheek', 'right_cheek', 'chin'];
const COMEDONE_ZONES = ['nose', 'forehead', 'chin', 'left_cheek', 'right_cheek'];

// ---- per-portrait records ----

interface ImageRecord {
  truth: TruthLesion[];
  /** Per truth lesion: found by its own overlay kind / by any. */
  found: boolean[];
  foundAny: boolean[];
  /** Per overlay: right, wrong kind, old, new marks. */
  marks: MarkTally;
  acne: number | undefined;
  blackheads: number | undefined;
  refused: boolean;
}

interface ModeRecord {
  kinds?: ImageRecord;
  papules8?: ImageRecord;
  inflammatory: Map<number, ImageRecord>;
  comedones: Map<number, ImageRecord>;
}

interface FaceRecord {
  face: DevFace;
  ita: number;
  band: number;
  mmPerPx: number;
  clean: AnalysisResult;
  modes: Map<RenderMode, ModeRecord>;
}

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(0)}%` : '—');
const pctCi = (ci: [number, number]) =>
  Number.isFinite(ci[0]) ? `[${(100 * ci[0]).toFixed(0)}, ${(100 * ci[1]).toFixed(0)}]` : '';

function marksOf(r: AnalysisResult): Marks {
  return {
    blemishes: r.overlays.blemishes as Mark[],
    blackheads: r.overlays.blackheads as Mark[],
    dark_spots: r.overlays.dark_spots as Mark[],
  };
}

/**
 * A result read on an image shrunk by s, in the portrait's pixels: the marks, zones, excluded
 * areas and face size the benchmark reads (nothing else is used).
 */
function scaledBack(r: AnalysisResult, s: number): AnalysisResult {
  const pt = (p: readonly number[]) => p.map((v) => v / s) as [number, number];
  const mark = (m: readonly number[]) => m.map((v) => v / s) as [number, number, number];
  return {
    ...r,
    capture: { ...r.capture, face_px: r.capture.face_px / s },
    regions: r.regions.map((g) => ({ ...g, polygons: g.polygons.map((p) => p.map(pt)) })),
    overlays: {
      ...r.overlays,
      blemishes: r.overlays.blemishes.map(mark),
      blackheads: r.overlays.blackheads.map(mark),
      dark_spots: r.overlays.dark_spots.map(mark),
      excluded: r.overlays.excluded.map((e) => ({
        ...e,
        polygons: e.polygons.map((p) => p.map(pt)),
      })),
    },
  };
}

/** Largest radius (mm) a lesion of this kind can reach from its centre: for its keep-out disc. */
function reachMm(kind: LesionKind): number {
  return kind === 'cluster' ? RADIUS_MM.cluster[1] + 1 : RADIUS_MM[kind][1];
}

/** The inflammatory mix for n lesions (cluster papules counted): specs without places yet. */
function inflammatoryMix(n: number, rand: () => number): LesionSpec[] {
  const out: LesionSpec[] = [];
  let left = n;
  while (left > 0) {
    const u = rand();
    if (left >= 3 && u < 0.18) {
      const count = Math.min(left, 3 + Math.floor(rand() * 4));
      out.push({ kind: 'cluster', x: 0, y: 0, count });
      left -= count;
    } else {
      out.push({ kind: u < 0.55 ? 'papule' : u < 0.82 ? 'pustule' : 'nodule', x: 0, y: 0 });
      left--;
    }
  }
  return out;
}

function comedoneMix(n: number, rand: () => number): LesionSpec[] {
  return Array.from({ length: n }, () => ({
    kind: rand() < 0.6 ? ('open_comedone' as const) : ('closed_comedone' as const),
    x: 0,
    y: 0,
  }));
}

async function main() {
  const dir = devFacesDir();
  if (!dir) {
    console.log('dev-faces not found (set DEV_FACES_DIR): nothing to measure.');
    return;
  }
  const faces = listDevFaces(dir)
    .filter((f) => f.folder !== 'zoom' && (PART === 'all' || f.part === PART))
    .slice(0, LIMIT);
  const { createSkinEngine } = await import('../src/engine');
  const engine: SkinEngine = await createSkinEngine();
  console.log(
    `lesions: ${faces.length} portraits (${PART === 'all' ? 'all parts' : `${PART} part`} of dev-faces, zoom/ left out), modes ${MODES.join(' + ')}, ${CAPTURE === 'phone' ? `phone capture (long side ${PHONE_SIDE} px, JPEG q${PHONE_QUALITY})` : 'full-size JPEG q90'}, score responses in ${RESPONSE_MODES.join(' + ') || 'no mode'}; node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const analyse = async (image: Img) => {
    if (CAPTURE === 'full') {
      const jpeg = await reencode(image, 90);
      return engine.analyze({ image: jpeg, analysisType: 'comprehensive' });
    }
    const f = Math.min(1, PHONE_SIDE / Math.max(image.width, image.height));
    const jpeg = await reencode(f < 1 ? await resized(image, f) : image, PHONE_QUALITY);
    const out = await engine.analyze({ image: jpeg, analysisType: 'comprehensive' });
    return out.ok ? scaledBack(out, jpeg.width / image.width) : out;
  };

  const records: FaceRecord[] = [];
  const refusedClean: string[] = [];
  const t0 = performance.now();
  let analyses = 0;
  for (const [fi, face] of faces.entries()) {
    const original = await decodeFile(face.path);
    const cleanOut = await analyse(original);
    analyses++;
    if (!cleanOut.ok) {
      refusedClean.push(`${face.file} ${cleanOut.code}`);
      continue;
    }
    const clean = cleanOut;
    const mmPerPx = 192 / clean.capture.face_px;
    const cleanMarks = marksOf(clean);
    const zone = (name: string): Pt[][] =>
      (clean.regions.find((g) => g.region === name)?.polygons ?? []) as Pt[][];
    const zonesOf = (names: string[]) => names.flatMap(zone);
    const keepouts: Keepout[] = [
      ...clean.overlays.excluded.flatMap((e) => e.polygons.map((p) => ({ polygon: p as Pt[] }))),
      ...OVERLAYS.flatMap((o) =>
        cleanMarks[o].map((m) => ({
          circle: [m[0], m[1], m[2] + Math.max(3, 1.5 / mmPerPx)] as [number, number, number],
        })),
      ),
    ];
    const request = (s: LesionSpec, zones: Pt[][]): PlaceRequest => ({
      kind: s.kind,
      zones,
      keepPx: (1.5 * reachMm(s.kind)) / mmPerPx,
    });
    /** Places the specs (zones by kind unless given) and keeps those that found a place. */
    const place = (specs: LesionSpec[], key: string, zones?: Pt[][][]): LesionSpec[] => {
      const rand = mulberry32(seedOf(`${face.folder}/${face.file}/place/${key}`));
      const reqs = specs.map((s, i) =>
        request(
          s,
          zones?.[i] ??
            zonesOf(
              s.kind === 'open_comedone' || s.kind === 'closed_comedone'
                ? COMEDONE_ZONES
                : INFLAMMATORY_ZONES,
            ),
        ),
      );
      return placeLesions(reqs, keepouts, rand).map(({ index, x, y }) => ({
        ...(specs[index] as LesionSpec),
        x,
        y,
      }));
    };

    // The images (places and lesions fixed per photo, shared by the modes).
    const kindSpecs = place(
      (
        [
          'papule',
          'pustule',
          'nodule',
          'open_comedone',
          'closed_comedone',
          'macule',
          'cluster',
        ] as const
      )
        .flatMap((k) => [k, k])
        .map((kind) => ({ kind, x: 0, y: 0 })),
      'kinds',
    );
    const papZones = ['forehead', 'left_cheek', 'right_cheek', 'chin'].flatMap((z) => [
      zone(z),
      zone(z),
    ]);
    const papSpecs = place(
      papZones.map(() => ({ kind: 'papule' as const, x: 0, y: 0 })),
      'papules8',
      papZones,
    );
    const mixRand = mulberry32(seedOf(`${face.folder}/${face.file}/mix`));
    const inflSpecs = new Map(
      INFLAMMATORY_N.map((n) => [n, place(inflammatoryMix(n, mixRand), `infl${n}`)] as const),
    );
    const comSpecs = new Map(
      COMEDONE_N.map((n) => [n, place(comedoneMix(n, mixRand), `com${n}`)] as const),
    );

    const rec: FaceRecord = {
      face,
      ita: clean.skin_tone.ita,
      band: bandOf(clean.skin_tone.ita),
      mmPerPx,
      clean,
      modes: new Map(),
    };
    for (const mode of MODES) {
      const run = async (specs: LesionSpec[], key: string): Promise<ImageRecord> => {
        const { image, truth } = paintLesions(original, specs, {
          mmPerPx,
          mode,
          seed: seedOf(`${face.folder}/${face.file}/paint/${key}`),
        });
        const out = await analyse(image);
        analyses++;
        if (!out.ok)
          return {
            truth,
            found: truth.map(() => false),
            foundAny: truth.map(() => false),
            marks: Object.fromEntries(
              OVERLAYS.map((o) => [o, { right: 0, wrong: 0, old: 0, fresh: 0 }]),
            ) as MarkTally,
            acne: undefined,
            blackheads: undefined,
            refused: true,
          };
        return {
          truth,
          ...matchImage(truth, marksOf(out), cleanMarks, mmPerPx),
          acne: out.scores.acne,
          blackheads: out.scores.blackheads,
          refused: false,
        };
      };
      const m: ModeRecord = { inflammatory: new Map(), comedones: new Map() };
      m.kinds = await run(kindSpecs, 'kinds');
      m.papules8 = await run(papSpecs, 'papules8');
      if (RESPONSE_MODES.includes(mode)) {
        for (const [n, specs] of inflSpecs) m.inflammatory.set(n, await run(specs, `infl${n}`));
        for (const [n, specs] of comSpecs) m.comedones.set(n, await run(specs, `com${n}`));
      }
      rec.modes.set(mode, m);
    }
    records.push(rec);
    const el = (performance.now() - t0) / 1000;
    process.stderr.write(
      `[${fi + 1}/${faces.length}] ${face.folder}/${face.file} ITA ${f1(rec.ita)} mm/px ${f2(mmPerPx)}; ${el.toFixed(0)} s, ${analyses} analyses (${((1000 * el) / analyses).toFixed(0)} ms each), eta ${(((faces.length - fi - 1) * el) / (fi + 1)).toFixed(0)} s\n`,
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `analysed ${analyses} images in ${seconds.toFixed(0)} s (${((1000 * seconds) / Math.max(1, analyses)).toFixed(0)} ms each incl. painting and JPEG); clear faces refused: ${refusedClean.length}${refusedClean.length ? ` (${refusedClean.join(', ')})` : ''}`,
  );
  console.log(
    `mm per image px (192 / face_px): median ${f2(median(records.map((r) => r.mmPerPx)))}, p10–p90 ${f2(
      quantile(
        records.map((r) => r.mmPerPx),
        0.1,
      ),
    )}–${f2(
      quantile(
        records.map((r) => r.mmPerPx),
        0.9,
      ),
    )}; ITA° bands (clear face's skin_tone.ita): ${BANDS.map((b, i) => `${b.name} n=${records.filter((r) => r.band === i).length}`).join(', ')}`,
  );
  report(records);
}

// ---- statistics over portraits ----

/** Ratio Σnum/Σden over the rows, with its bootstrap 95 % interval over the rows (portraits). */
function ratio(rows: Array<[number, number]>): { v: number; ci: [number, number]; den: number } {
  const num = (idx: number[]) => idx.reduce((s, i) => s + (rows[i] as [number, number])[0], 0);
  const den = (idx: number[]) => idx.reduce((s, i) => s + (rows[i] as [number, number])[1], 0);
  const all = rows.map((_, i) => i);
  const d = den(all);
  return {
    v: d > 0 ? num(all) / d : NaN,
    ci: bootstrapCi(rows.length, (idx) => {
      const dd = den(idx);
      return dd > 0 ? num(idx) / dd : NaN;
    }),
    den: d,
  };
}
const fmtRatio = (r: ReturnType<typeof ratio>) => (r.den > 0 ? `${pct(r.v)} ${pctCi(r.ci)}` : '—');

function meanCi(v: number[]): string {
  if (!v.length) return '—';
  const ci = bootstrapCi(v.length, (idx) => mean(idx.map((i) => v[i] as number)));
  return `${f2(mean(v))} [${f2(ci[0])}, ${f2(ci[1])}]`;
}
function shareCi(flags: boolean[]): { v: number; text: string } {
  const v = flags.map((b) => (b ? 1 : 0));
  const ci = bootstrapCi(v.length, (idx) => mean(idx.map((i) => v[i] as number)));
  return { v: mean(v), text: v.length ? `${pct(mean(v))} ${pctCi(ci)}` : '—' };
}

function report(records: FaceRecord[]) {
  const targets: Array<{ name: string; figure: string; met: boolean }> = [];
  const byBand = (rows: FaceRecord[]) => BANDS.map((_, i) => rows.filter((r) => r.band === i));
  const cols = (title: string) =>
    `${title.padEnd(30)}${'all'.padEnd(20)}${BANDS.map((b) => b.name.padEnd(17)).join('')}`;

  // ---- clear faces ----
  console.log('\n== clear faces (the portraits as they are, JPEG q90) ==');
  console.log(`n = ${records.length}; marks per face: mean [95% CI], share of faces with none`);
  for (const o of OVERLAYS) {
    const n = records.map((r) => r.clean.overlays[o].length);
    console.log(
      `  ${o.padEnd(11)} ${meanCi(n).padEnd(24)} none on ${shareCi(n.map((v) => v === 0)).text}   by band: ${byBand(
        records,
      )
        .map((b, i) => `${BANDS[i]?.name} ${f2(mean(b.map((r) => r.clean.overlays[o].length)))}`)
        .join(', ')}`,
    );
  }
  const acne = records.map((r) => r.clean.scores.acne).filter((v): v is number => v !== undefined);
  const acneMedCi = bootstrapCi(acne.length, (idx) => median(idx.map((i) => acne[i] as number)));
  const below80 = shareCi(acne.map((v) => v < 80));
  const bh = records
    .map((r) => r.clean.scores.blackheads)
    .filter((v): v is number => v !== undefined);
  console.log(
    `  acne median ${f1(median(acne))} [${f1(acneMedCi[0])}, ${f1(acneMedCi[1])}], p10–p90 ${f1(quantile(acne, 0.1))}–${f1(quantile(acne, 0.9))}, below 80: ${below80.text}; blackheads median ${f1(median(bh))}, p10–p90 ${f1(quantile(bh, 0.1))}–${f1(quantile(bh, 0.9))}`,
  );
  const young = records.filter((r) => r.face.age !== null && (r.face.age as number) < 40);
  console.log(
    `  under 40 (n = ${young.length}): blemish marks per face ${meanCi(young.map((r) => r.clean.overlays.blemishes.length))}, acne median ${f1(median(young.map((r) => r.clean.scores.acne ?? NaN)))}`,
  );
  const falseBlem = records.map((r) => r.clean.overlays.blemishes.length);
  targets.push(
    {
      name: 'clear faces: median acne ≥ 85',
      figure: `${f1(median(acne))} [${f1(acneMedCi[0])}, ${f1(acneMedCi[1])}]`,
      met: median(acne) >= 85,
    },
    {
      name: 'clear faces: ≤ 10 % below 80',
      figure: below80.text,
      met: below80.v <= 0.1,
    },
    {
      name: 'clear faces: ≤ 0.5 false (blemish) marks per face',
      figure: `${meanCi(falseBlem)} (blackheads ${f2(mean(records.map((r) => r.clean.overlays.blackheads.length)))}, dark spots ${f2(mean(records.map((r) => r.clean.overlays.dark_spots.length)))})`,
      met: mean(falseBlem) <= 0.5,
    },
  );

  for (const mode of MODES) {
    const rows = records.filter((r) => r.modes.has(mode));
    const m = (r: FaceRecord) => r.modes.get(mode) as ModeRecord;
    console.log(
      `\n== ${mode === 'linear' ? 'linear light (physical)' : 'paint (sRGB alpha blend)'} rendering ==`,
    );

    // recall per kind and band (kinds image)
    console.log(
      `recall per kind (the "kinds" image: 2 of each kind, 2 clusters; found by its own overlay kind; 95% CI over portraits; n per band ${byBand(
        rows,
      )
        .map((b) => b.length)
        .join('/')})`,
    );
    console.log(cols('kind (painted/face)') + 'by any kind');
    type Sel = (l: TruthLesion) => boolean;
    const recallRow = (
      label: string,
      sel: Sel,
      img: (r: FaceRecord) => ImageRecord | undefined,
    ) => {
      const counts = (r: FaceRecord, any = false): [number, number] => {
        const im = img(r);
        if (!im) return [0, 0];
        let num = 0;
        let den = 0;
        im.truth.forEach((l, i) => {
          if (!sel(l)) return;
          den++;
          if ((any ? im.foundAny : im.found)[i]) num++;
        });
        return [num, den];
      };
      const all = ratio(rows.map((r) => counts(r)));
      const perFace = all.den / Math.max(1, rows.length);
      console.log(
        `${`${label} (${f1(perFace)})`.padEnd(30)}${fmtRatio(all).padEnd(20)}${byBand(rows)
          .map((b) => fmtRatio(ratio(b.map((r) => counts(r)))).padEnd(17))
          .join('')}${fmtRatio(ratio(rows.map((r) => counts(r, true))))}`,
      );
      return { all, bands: byBand(rows).map((b) => ratio(b.map((r) => counts(r)))) };
    };
    const kindsImg = (r: FaceRecord) => m(r).kinds;
    for (const k of KIND_ROWS)
      recallRow(k, (l) => l.kind === k && l.cluster === undefined, kindsImg);
    recallRow('cluster papules', (l) => l.cluster !== undefined, kindsImg);
    recallRow('all inflammatory', (l) => overlayOf(l.kind) === 'blemishes', kindsImg);
    recallRow('all comedones', (l) => overlayOf(l.kind) === 'blackheads', kindsImg);
    if (RESPONSE_MODES.includes(mode)) {
      // The response images of one series pooled as one record.
      const pooled = (series: 'inflammatory' | 'comedones') => (r: FaceRecord) => {
        const ims = [...m(r)[series].values()];
        return {
          ...(ims[0] as ImageRecord),
          truth: ims.flatMap((i) => i.truth),
          found: ims.flatMap((i) => i.found),
          foundAny: ims.flatMap((i) => i.foundAny),
        };
      };
      recallRow('infl., response imgs', () => true, pooled('inflammatory'));
      recallRow('comed., response imgs', () => true, pooled('comedones'));
    }

    // precision
    const images = (r: FaceRecord): ImageRecord[] =>
      [m(r).kinds, m(r).papules8, ...m(r).inflammatory.values(), ...m(r).comedones.values()].filter(
        (i): i is ImageRecord => Boolean(i && !i.refused),
      );
    console.log(
      '\nprecision per overlay kind (every painted image of this mode; right / (right + wrong kind + new); old = at a clear-face mark, left out)',
    );
    console.log(cols('overlay: right/wrong/new/old'));
    for (const o of OVERLAYS) {
      const tot = { right: 0, wrong: 0, old: 0, fresh: 0 };
      for (const r of rows)
        for (const im of images(r))
          for (const k of Object.keys(tot) as Array<keyof typeof tot>) tot[k] += im.marks[o][k];
      const prec = (r: FaceRecord): [number, number] => {
        let right = 0;
        let den = 0;
        for (const im of images(r)) {
          right += im.marks[o].right;
          den += im.marks[o].right + im.marks[o].wrong + im.marks[o].fresh;
        }
        return [right, den];
      };
      console.log(
        `${`${o}: ${tot.right}/${tot.wrong}/${tot.fresh}/${tot.old}`.padEnd(30)}${fmtRatio(ratio(rows.map(prec))).padEnd(20)}${byBand(
          rows,
        )
          .map((b) => fmtRatio(ratio(b.map(prec))).padEnd(17))
          .join('')}`,
      );
    }

    // the 8-papule protocol
    console.log(
      "\n8 papules (the hidden check's protocol: 8 papules 3–5 mm across, 2 each in forehead, cheeks, chin)",
    );
    console.log(
      `${'band'.padEnd(10)}${'n'.padStart(4)}  ${'painted'.padEnd(8)}${'recall [95% CI]'.padEnd(20)}${'by any kind'.padEnd(18)}${'acne drop [95% CI]'.padEnd(24)}drop ≥ 5 [95% CI]`,
    );
    const drop = (r: FaceRecord) =>
      (r.clean.scores.acne ?? NaN) - (m(r).papules8?.acne ?? r.clean.scores.acne ?? NaN);
    const papCounts = (r: FaceRecord, any = false): [number, number] => {
      const im = m(r).papules8 as ImageRecord;
      return [(any ? im.foundAny : im.found).filter(Boolean).length, im.truth.length];
    };
    const papRow = (label: string, set: FaceRecord[]) => {
      const rec = ratio(set.map((r) => papCounts(r)));
      const drops = set.map(drop).filter((v) => Number.isFinite(v));
      const ge5 = shareCi(drops.map((d) => d >= 5));
      console.log(
        `${label.padEnd(10)}${String(set.length).padStart(4)}  ${f1(rec.den / Math.max(1, set.length)).padEnd(8)}${fmtRatio(rec).padEnd(20)}${fmtRatio(ratio(set.map((r) => papCounts(r, true)))).padEnd(18)}${meanCi(drops).padEnd(24)}${ge5.text}`,
      );
      return { rec, drops, ge5 };
    };
    const papAll = papRow('all', rows);
    const papBands = byBand(rows).map((b, i) => papRow(BANDS[i]?.name ?? '', b));
    const label = `(${mode})`;
    const worstBand = papBands
      .map((b, i) => ({ v: b.rec.v, name: BANDS[i]?.name, n: b.rec.den }))
      .filter((b) => b.n > 0)
      .reduce((a, b) => (b.v < a.v ? b : a), { v: Infinity, name: '—', n: 0 });
    targets.push(
      {
        name: `painted papules found ≥ 70 % overall ${label}`,
        figure: fmtRatio(papAll.rec),
        met: papAll.rec.v >= 0.7,
      },
      {
        name: `painted papules found ≥ 60 % in every tone band ${label}`,
        figure: `lowest ${pct(worstBand.v)} (${worstBand.name}); ${papBands.map((b, i) => `${BANDS[i]?.name} ${pct(b.rec.v)}`).join(', ')}`,
        met: papBands.every((b) => b.rec.den === 0 || b.rec.v >= 0.6),
      },
      {
        name: `8 papules lower acne by ≥ 12 on average ${label}`,
        figure: meanCi(papAll.drops),
        met: mean(papAll.drops) >= 12,
      },
      {
        name: `8 papules lower acne by ≥ 5 on ≥ 90 % of faces ${label}`,
        figure: papAll.ge5.text,
        met: papAll.ge5.v >= 0.9,
      },
    );

    // score responses
    if (RESPONSE_MODES.includes(mode)) {
      const response = (
        title: string,
        levels: number[],
        imgOf: (r: FaceRecord, n: number) => ImageRecord | undefined,
        score: (im: ImageRecord) => number | undefined,
        clean: (r: FaceRecord) => number | undefined,
      ) => {
        console.log(`\n${title}`);
        console.log(
          `${'lesions'.padEnd(9)}${'painted'.padEnd(9)}${'median [95% CI]'.padEnd(22)}${'p10–p90'.padEnd(14)}drop from clear (mean)`,
        );
        for (const n of [0, ...levels]) {
          const vals: number[] = [];
          const painted: number[] = [];
          const drops: number[] = [];
          for (const r of rows) {
            const c = clean(r);
            if (n === 0) {
              if (c !== undefined) vals.push(c);
              painted.push(0);
              continue;
            }
            const im = imgOf(r, n);
            const v = im ? score(im) : undefined;
            if (v === undefined || c === undefined) continue;
            vals.push(v);
            drops.push(c - v);
            painted.push((im as ImageRecord).truth.length);
          }
          const ci = bootstrapCi(vals.length, (idx) => median(idx.map((i) => vals[i] as number)));
          console.log(
            `${String(n).padEnd(9)}${f1(mean(painted)).padEnd(9)}${`${f1(median(vals))} [${f1(ci[0])}, ${f1(ci[1])}]`.padEnd(22)}${`${f1(quantile(vals, 0.1))}–${f1(quantile(vals, 0.9))}`.padEnd(14)}${n === 0 ? '' : f1(mean(drops))}`,
          );
        }
      };
      response(
        'acne score against the number of inflammatory lesions (papules, pustules, nodules, cluster papules)',
        INFLAMMATORY_N,
        (r, n) => m(r).inflammatory.get(n),
        (im) => im.acne,
        (r) => r.clean.scores.acne,
      );
      response(
        'blackheads score against the number of comedones (open and closed)',
        COMEDONE_N,
        (r, n) => m(r).comedones.get(n),
        (im) => im.blackheads,
        (r) => r.clean.scores.blackheads,
      );
    }
  }

  const met = targets.filter((t) => t.met).length;
  console.log(`\nissue 29's lesion targets on this part: ${met} of ${targets.length} met`);
  for (const t of targets)
    console.log(`  ${t.met ? 'met    ' : 'NOT MET'}  ${t.name}: ${t.figure}`);
}

await main();
