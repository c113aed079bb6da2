import type { AnalysisRejected, AnalysisResult, SkinEngine } from '../../src/engine';
import { listDevFaces, type DevFace } from '../dev-faces';
import {
  RADIUS_MM,
  mulberry32,
  paintLesions,
  seedOf,
  type LesionKind,
  type LesionSpec,
  type RenderMode,
  type TruthKind,
  type TruthLesion,
} from '../synth-lesions';
import { reencode, resized, type Img } from '../variants';
import {
  explainImage,
  nearestReadings,
  readingsOf,
  readingsScaled,
  type Explained,
  type Reading,
} from './explain';
import {
  OVERLAYS,
  matchImage,
  placeLesions,
  type Keepout,
  type Mark,
  type Marks,
  type MarkTally,
  type PlaceRequest,
  type Pt,
} from './placement';

/**
 * One portrait read by bench/lesions.ts: its clear face, the lesions placed on it (the same in
 * every mode) and what the engine found on each painted image.
 */

export const INFLAMMATORY_N = [2, 5, 10, 20, 40];
export const COMEDONE_N = [5, 10, 20];
export const KIND_ROWS: TruthKind[] = [
  'papule',
  'pustule',
  'nodule',
  'open_comedone',
  'closed_comedone',
  'macule',
];

export const BANDS = [
  { name: 'ITA > 41', lo: 41, hi: Infinity },
  { name: '28–41', lo: 28, hi: 41 },
  { name: '10–28', lo: 10, hi: 28 },
  { name: '−30–10', lo: -30, hi: 10 },
  { name: '< −30', lo: -Infinity, hi: -30 },
];
export const bandOf = (ita: number) => BANDS.findIndex((b) => ita > b.lo && ita <= b.hi);

export const INFLAMMATORY_ZONES = ['forehead', 'left_cheek', 'right_cheek', 'chin'];
export const COMEDONE_ZONES = ['nose', 'forehead', 'chin', 'left_cheek', 'right_cheek'];

// ---- per-portrait records ----

export interface ImageRecord {
  truth: TruthLesion[];
  /** Per truth lesion: found by its own overlay kind / by any. */
  found: boolean[];
  foundAny: boolean[];
  /** Per overlay: right, wrong kind, old, new marks. */
  marks: MarkTally;
  acne: number | undefined;
  blackheads: number | undefined;
  refused: boolean;
  /** With --explain: per truth lesion, why it was (not) found (null: not inflammatory). */
  why?: Array<Explained | null>;
  /** With --explain: per truth lesion of any kind, the heaviest candidate near it (--dump). */
  near?: Array<Reading | null>;
}

export interface ModeRecord {
  kinds?: ImageRecord;
  papules8?: ImageRecord;
  inflammatory: Map<number, ImageRecord>;
  comedones: Map<number, ImageRecord>;
}

export interface FaceRecord {
  face: DevFace;
  ita: number;
  band: number;
  mmPerPx: number;
  clean: AnalysisResult;
  modes: Map<RenderMode, ModeRecord>;
  /** With --explain: the clear face's inflammatory candidates (the engine's debug output). */
  cleanReadings?: Reading[];
}

export const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
export const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
export const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(0)}%` : '—');
export const pctCi = (ci: [number, number]) =>
  Number.isFinite(ci[0]) ? `[${(100 * ci[0]).toFixed(0)}, ${(100 * ci[1]).toFixed(0)}]` : '';

export function marksOf(r: AnalysisResult): Marks {
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
export function scaledBack(r: AnalysisResult, s: number): AnalysisResult {
  const pt = (p: readonly number[]) => p.map((v) => v / s) as [number, number];
  const mark = (m: readonly number[]) => m.map((v) => v / s) as [number, number, number];
  const readings = readingsOf(r);
  return {
    ...r,
    ...(readings
      ? {
          debug: {
            ...(r as unknown as { debug: Record<string, unknown> }).debug,
            inflammatory: readingsScaled(readings, s),
          },
        }
      : {}),
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
export function reachMm(kind: LesionKind): number {
  return kind === 'cluster' ? RADIUS_MM.cluster[1] + 1 : RADIUS_MM[kind][1];
}

/** The inflammatory mix for n lesions (cluster papules counted): specs without places yet. */
export function inflammatoryMix(n: number, rand: () => number): LesionSpec[] {
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

export function comedoneMix(n: number, rand: () => number): LesionSpec[] {
  return Array.from({ length: n }, () => ({
    kind: rand() < 0.6 ? ('open_comedone' as const) : ('closed_comedone' as const),
    x: 0,
    y: 0,
  }));
}

/** Analyses an image as the benchmark's capture does (full-size JPEG q90, or a phone's). */
export type Analyse = (image: Img) => Promise<AnalysisResult | AnalysisRejected>;

/** The renderings to paint, and those whose score-response images are made. */
export interface ReadOptions {
  modes: RenderMode[];
  responseModes: RenderMode[];
}

/** The specs of every image of one portrait, placed (places depend on the photo only). */
function placeAll(face: DevFace, clean: AnalysisResult, mmPerPx: number, cleanMarks: Marks) {
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
  return { kindSpecs, papSpecs, inflSpecs, comSpecs };
}

/** Paints one image of lesions, analyses it and matches its marks against the lesions. */
async function paintAndRead(
  original: Img,
  specs: LesionSpec[],
  key: string,
  at: { face: DevFace; mode: RenderMode; mmPerPx: number; cleanMarks: Marks },
  analyse: Analyse,
): Promise<ImageRecord> {
  const { face, mode, mmPerPx, cleanMarks } = at;
  const { image, truth } = paintLesions(original, specs, {
    mmPerPx,
    mode,
    seed: seedOf(`${face.folder}/${face.file}/paint/${key}`),
  });
  const out = await analyse(image);
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
  const matched = matchImage(truth, marksOf(out), cleanMarks, mmPerPx);
  const readings = readingsOf(out);
  return {
    truth,
    ...matched,
    acne: out.scores.acne,
    blackheads: out.scores.blackheads,
    refused: false,
    ...(readings
      ? {
          why: explainImage(truth, matched.found, readings, mmPerPx),
          near: nearestReadings(truth, readings, mmPerPx),
        }
      : {}),
  };
}

/**
 * Every painted image of one portrait, in every mode, read; `onAnalysis` counts the analyses.
 */
export async function readFace(
  face: DevFace,
  original: Img,
  clean: AnalysisResult,
  analyse: Analyse,
  options: ReadOptions,
  onAnalysis: () => void,
): Promise<FaceRecord> {
  const mmPerPx = 192 / clean.capture.face_px;
  const cleanMarks = marksOf(clean);
  const { kindSpecs, papSpecs, inflSpecs, comSpecs } = placeAll(face, clean, mmPerPx, cleanMarks);

  const rec: FaceRecord = {
    face,
    ita: clean.skin_tone.ita,
    band: bandOf(clean.skin_tone.ita),
    mmPerPx,
    clean,
    modes: new Map(),
  };
  const cleanReadings = readingsOf(clean);
  if (cleanReadings) rec.cleanReadings = cleanReadings;
  for (const mode of options.modes) {
    const run = (specs: LesionSpec[], key: string) => {
      onAnalysis();
      return paintAndRead(original, specs, key, { face, mode, mmPerPx, cleanMarks }, analyse);
    };
    const m: ModeRecord = { inflammatory: new Map(), comedones: new Map() };
    m.kinds = await run(kindSpecs, 'kinds');
    m.papules8 = await run(papSpecs, 'papules8');
    if (options.responseModes.includes(mode)) {
      for (const [n, specs] of inflSpecs) m.inflammatory.set(n, await run(specs, `infl${n}`));
      for (const [n, specs] of comSpecs) m.comedones.set(n, await run(specs, `com${n}`));
    }
    rec.modes.set(mode, m);
  }
  return rec;
}

/**
 * The portraits of a part for the dense-acne benches (lesions-forehead.ts, lesions-confluent.ts):
 * every folder but zoom/, the first `limit`.
 */
export function partPortraits(dir: string, part: string, limit: number): DevFace[] {
  return listDevFaces(dir)
    .filter((f) => (part === 'all' || f.part === part) && f.folder !== 'zoom')
    .slice(0, limit);
}

/**
 * The dense-acne benches' capture: JPEG q90 as painted, or a phone's (long side 640 px, JPEG
 * q45); the result is read back in the portrait's pixels, null when refused.
 */
export function captureAnalyser(
  engine: SkinEngine,
  phone: boolean,
): (img: Img) => Promise<AnalysisResult | null> {
  return async (img) => {
    const f = phone ? Math.min(1, 640 / Math.max(img.width, img.height)) : 1;
    const image = phone
      ? await reencode(f < 1 ? await resized(img, f) : img, 45)
      : await reencode(img, 90);
    const r = await engine.analyze({
      image,
      encoding: image.encoding,
      analysisType: 'comprehensive',
    });
    return r.ok ? scaledBack(r, image.width / img.width) : null;
  };
}
