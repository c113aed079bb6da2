import type { ExclusionReason, RegionKey } from '@lumiskin/contract/analysis';
import { REGIONS } from '@lumiskin/contract/constants';
import type { Plane } from '../image/raster';
import { andNotInto } from '../image/mask';
import { detrendedStd } from '../image/stats';
import { countFilled, FILLED_ZONES, type LesionSkin } from './lesion-skin';
import { countIn, type Marks } from './marks';
import type { SkinContext } from './skin';
import { LINE_CAP, PORE_CAP, PORE_FLOOR, type Surface } from './surface';

/**
 * Raw measurements per face region. Every number is a physical quantity on the working frame
 * (CIELAB units, fractions of the region's skin pixels, counts), documented in docs/skin-engine.md.
 * Working-frame pixels are ≈ 0.6 mm on the face (see WORK_FACE_HEIGHT).
 */
export interface RegionMeasurements {
  /** Skin pixels measured, and their share of the zone polygon (hair/brows/glasses drop out). */
  pixels: number;
  coverage: number;
  /** Mean CIELAB colour of the zone's skin. */
  L: number;
  a: number;
  b: number;
  chroma: number;
  /** % of skin pixels with a* above RED_A (visible redness). */
  red_area_pct: number;
  /** % of skin pixels that are specular highlights (shine), weighted by how bright they are. */
  shine_pct: number;
  /**
   * RMS of the fine band of L* (G₀.₈ − G₂.₀₅ of the equalised, tone-scaled L*), clipped at ±12:
   * surface roughness (decision 051; L* − G₂.₀₅ before, which JPEG re-quantisation noise reached).
   */
  roughness: number;
  /** Pigment-like dark blobs (2–6 mm, not red) and their number per 10,000 skin pixels (≈ 36 cm²). */
  dark_spots: number;
  dark_spot_density: number;
  /**
   * Inflammatory lesions (2–6 mm, redder and darker than the skin around; lesions.ts), soft count:
   * on the zone's skin and, for a cheek, on the lower cheek and jawline beside it (decision 157).
   */
  blemishes: number;
  /** The skin the blemishes are counted on (soft pixels): the zone's and its extension's. */
  acne_pixels: number;
  /** Fine dark blobs (≈ 1 mm) per 1,000 skin pixels (counted pores: `counts.pores`; no longer scored). */
  pore_density: number;
  /**
   * Visible pores, read continuously (decision 045): the dark-dot response at ≈ 1.5 mm (DoG
   * G₂.₀₅ − G₁.₂₈ of L* on the skin's own contrast, PORE_TONE_GAMMA) above PORE_FLOOR, each
   * pixel's excess clipped at PORE_CAP, summed per 1,000 skin pixels (L* units).
   */
  pore_depth: number;
  /** Comedones: fine dots far darker than the skin around, or fine pale domes (lesions.ts), soft count. */
  blackheads: number;
  /** % of skin pixels on a line-like dark valley (Hessian ridge measure, fine scales). */
  line_pct: number;
  /** Mean coarse-scale valley strength (folds), in L* units. */
  fold_strength: number;
  /**
   * Fine lines, read continuously (no threshold), on the zone's skin at least LINE_HAIR_MARGIN px
   * from hair left out and from the forehead's pixels left out as not skin (strands and the edge
   * of a fringe are not lines; decision 155): mean fine valley strength
   * (Hessian at σ 2.05 ≈ 1.2 mm) and mean coarse valley strength (σ 3.3), each clipped at
   * LINE_CAP per pixel, in L* units.
   */
  fine_valley: number;
  line_fold: number;
  /** Mean coarse valley strength clipped at FOLD_CAP per pixel (firmness: folds, not edges). */
  fold_depth: number;
  /** Std of low-pass L* (detrended) and b* of the diffuse (non-shiny) skin: blotchiness. */
  tone_sd_L: number;
  tone_sd_b: number;
  /** Mean L* of the zone's skin above the nose tip (cheeks: the skin next to the under-eyes). */
  upper_L: number;
  /**
   * % of skin whose low-pass a* exceeds the diffuse baseline by DIFFUSE_RED_DA, each pixel counted
   * by a linear ramp over ± DIFFUSE_RED_SOFT around it: diffuse redness (decision 049).
   */
  diffuse_red_pct: number;
  /** Mean a* of the zone minus the face's baseline a* (its least-red quarter): relative erythema. */
  delta_a: number;
  /** Share of the zone polygon left out as hair (beard, stubble, fringe). */
  hair: number;
  /** Share of the zone polygon left out as glasses frames (decision 168). */
  glasses: number;
}

/** The planes a zone's sums read (zoneSums). */
interface SumPlanes {
  width: number;
  Lraw: Float32Array;
  A: Float32Array;
  B: Float32Array;
  chroma: Float32Array;
  coarseValley: Float32Array;
  skinW: Float32Array;
  oil: Float32Array;
  L1: Float32Array;
  L2: Float32Array;
  fineValley2: Float32Array;
  lineHair: Float32Array | null;
  foldCap: number;
  poreToneScale: number;
  flags: Uint8Array;
  rough: Float32Array;
  lineWeight: Float32Array;
  diffuseW: Float32Array;
}

/** The sums zoneRow adds to, in this order (acc's slots). */
const SUMS = [
  'sL',
  'sa',
  'sb',
  'sc',
  'sFold',
  'sFoldCap',
  'sFine',
  'sFineAll',
  'sFoldLineAll',
  'sLineFold',
  'nLineSkin',
  'sShine',
  'sPore',
  'sRough',
  'nRed',
  'nLine',
  'nDiffuse',
  'sUpper',
  'nUpper',
] as const;

/**
 * A zone's running sums from one row to the next (a Float64Array holds every double exactly, so
 * carrying them across rows adds the same values in the same order as one loop over the zone).
 */
const acc = new Float64Array(SUMS.length);

/**
 * One zone's weighted sums over its skin, row by row: zoneRow is a function of its own called
 * once per row of every zone, so V8 optimises it at entry after a few rows and keeps it for every
 * zone (decision 151), where the zone loop in a function called once per zone was compiled on the
 * stack, then again at entry, on a first analysis (decision 138 split it out of a longer one).
 * The sums and their order are the same.
 */
function zoneSums(
  p: SumPlanes,
  mask: Uint8Array,
  bounds: { x0: number; y0: number; x1: number; y1: number },
  upperEnd: number,
): Record<(typeof SUMS)[number], number> {
  acc.fill(0);
  const { width, Lraw, A, B, chroma, coarseValley, skinW, oil, L1, L2, fineValley2 } = p;
  const { lineHair, foldCap, poreToneScale, flags, rough, lineWeight, diffuseW } = p;
  for (let y = bounds.y0; y < bounds.y1; y++) {
    const start = y * width + bounds.x0;
    const end = y * width + bounds.x1;
    zoneRow(
      Lraw,
      A,
      B,
      chroma,
      coarseValley,
      skinW,
      oil,
      L1,
      L2,
      fineValley2,
      lineHair,
      flags,
      rough,
      lineWeight,
      diffuseW,
      foldCap,
      poreToneScale,
      mask,
      start,
      end,
      y < upperEnd,
    );
  }
  const out = {} as Record<(typeof SUMS)[number], number>;
  for (let k = 0; k < SUMS.length; k++) out[SUMS[k] as (typeof SUMS)[number]] = acc[k] as number;
  return out;
}

/**
 * zoneSums over pixels [start, end) of one row; `upper`: the row is above upperEnd. The planes come
 * as arguments (decision 156): the object they were read from is made per call, and the code that
 * relied on its map's field types was thrown away on a first analysis ("code dependencies"). The
 * upper sums add 0 on the other rows (the sums are never −0, so x + 0 is x): no add is first reached
 * by a later zone.
 */
function zoneRow(
  Lraw: Float32Array,
  A: Float32Array,
  B: Float32Array,
  chroma: Float32Array,
  coarseValley: Float32Array,
  skinW: Float32Array,
  oil: Float32Array,
  L1: Float32Array,
  L2: Float32Array,
  fineValley2: Float32Array,
  lineHair: Float32Array | null,
  flags: Uint8Array,
  rough: Float32Array,
  lineWeight: Float32Array,
  diffuseW: Float32Array,
  foldCap: number,
  poreToneScale: number,
  mask: Uint8Array,
  start: number,
  end: number,
  upper: boolean,
): void {
  let sL = acc[0] as number;
  let sa = acc[1] as number;
  let sb = acc[2] as number;
  let sc = acc[3] as number;
  let sFold = acc[4] as number;
  let sFoldCap = acc[5] as number;
  let sFine = acc[6] as number;
  let sFineAll = acc[7] as number;
  let sFoldLineAll = acc[8] as number;
  let sLineFold = acc[9] as number;
  let nLineSkin = acc[10] as number;
  let sShine = acc[11] as number;
  let sPore = acc[12] as number;
  let sRough = acc[13] as number;
  let nRed = acc[14] as number;
  let nLine = acc[15] as number;
  let nDiffuse = acc[16] as number;
  let sUpper = acc[17] as number;
  let nUpper = acc[18] as number;
  for (let i = start; i < end; i++) {
    if (!mask[i]) continue;
    const w = skinW[i] as number;
    const wL = w * (Lraw[i] as number);
    sUpper += upper ? wL : 0;
    nUpper += upper ? w : 0;
    sL += wL;
    sa += w * (A[i] as number);
    sb += w * (B[i] as number);
    sc += w * (chroma[i] as number);
    const fold = coarseValley[i] as number;
    sFold += w * fold;
    sFoldCap += w * (fold < foldCap ? fold : foldCap);
    const fine = fineValley2[i] as number;
    const fineC = fine < LINE_CAP ? fine : LINE_CAP;
    const foldC = fold < LINE_CAP ? fold : LINE_CAP;
    sFineAll += w * fineC;
    sFoldLineAll += w * foldC;
    // Fine lines weigh each pixel by the skin around it (lineHair ≥ this pixel's own hair).
    const lw = lineHair ? 1 - (lineHair[i] as number) : w;
    // Products for every pixel, and 0 added where a sum takes nothing (as for upper).
    const lwFine = lw * fineC;
    const lwFold = lw * foldC;
    const on = lw > 0;
    sFine += on ? lwFine : 0;
    sLineFold += on ? lwFold : 0;
    nLineSkin += on ? lw : 0;
    sShine += w * (oil[i] as number);
    const dot = ((L2[i] as number) - (L1[i] as number)) * poreToneScale - PORE_FLOOR;
    const pore = w * (dot < PORE_CAP ? dot : PORE_CAP);
    sPore += dot > 0 ? pore : 0;
    sRough += w * (rough[i] as number);
    const f = flags[i] as number;
    nRed += w * (f & 1);
    nLine += w * (lineWeight[i] as number);
    nDiffuse += w * (diffuseW[i] as number);
  }
  acc[0] = sL;
  acc[1] = sa;
  acc[2] = sb;
  acc[3] = sc;
  acc[4] = sFold;
  acc[5] = sFoldCap;
  acc[6] = sFine;
  acc[7] = sFineAll;
  acc[8] = sFoldLineAll;
  acc[9] = sLineFold;
  acc[10] = nLineSkin;
  acc[11] = sShine;
  acc[12] = sPore;
  acc[13] = sRough;
  acc[14] = nRed;
  acc[15] = nLine;
  acc[16] = nDiffuse;
  acc[17] = sUpper;
  acc[18] = nUpper;
}

/** Every zone's measurements: the surface maps and the marks summed over its skin. */
export function zoneMeasurements(
  ctx: SkinContext,
  marks: Marks,
  surface: Surface,
  lesion: LesionSkin | null = null,
): Record<RegionKey, RegionMeasurements> {
  const { frame, width, Lraw, A, B, chroma, Ls, coarseValley, zones, skinW, oil, baseA } = ctx;
  const { blobSkinW } = ctx;
  const { blemishes, darkSpots, pores, blackheads } = marks;
  const { fineValley2, lineHair, foldCap, poreToneScale, foldToneScale } = surface;
  const { flags, rough, lineWeight, diffuseW, body, lowL, lowB } = surface;
  const planes: SumPlanes = {
    width,
    Lraw,
    A,
    B,
    chroma,
    coarseValley,
    skinW,
    oil,
    L1: (Ls[1] as Plane).data,
    L2: (Ls[2] as Plane).data,
    fineValley2,
    lineHair,
    foldCap,
    poreToneScale,
    flags,
    rough,
    lineWeight,
    diffuseW,
  };
  const extBlemishes = (r: RegionKey): number => {
    if (!lesion) return 0;
    const e = lesion.extensions[r];
    const ext = frame.lesionExtensions[r];
    // …and on the pixels acne took back from the skin-colour test (decision 160), in the zone's
    // outline and its extension's.
    const taken = (polygon: Uint8Array) =>
      countFilled(blemishes, lesion.filled, polygon, width, lesion.blobSkinW);
    return (
      (e ? countIn(blemishes, e.mask, width, lesion.blobSkinW) : 0) +
      (ext ? taken(ext.polygon) : 0) +
      (FILLED_ZONES.has(r) ? taken(zones[r].polygon) : 0)
    );
  };
  const regions = {} as Record<RegionKey, RegionMeasurements>;
  for (const r of REGIONS) {
    const { mask, pixels, coverage, bounds } = zones[r];
    const cheek = r === 'left_cheek' || r === 'right_cheek';
    const upperEnd = cheek ? Math.min(bounds.y1, Math.floor(frame.noseTipY)) : bounds.y1;
    const s = zoneSums(planes, mask, bounds, upperEnd);
    const n = Math.max(1, pixels);
    const spots = countIn(darkSpots, mask, width, blobSkinW);
    regions[r] = {
      pixels,
      coverage,
      L: s.sL / n,
      a: s.sa / n,
      b: s.sb / n,
      chroma: s.sc / n,
      red_area_pct: (100 * s.nRed) / n,
      shine_pct: (100 * s.sShine) / n,
      roughness: Math.sqrt(s.sRough / n),
      dark_spots: spots,
      dark_spot_density: (10000 * spots) / n,
      blemishes: countIn(blemishes, mask, width, blobSkinW) + extBlemishes(r),
      acne_pixels: pixels + (lesion?.extensions[r]?.pixels ?? 0),
      pore_density: (1000 * countIn(pores, mask, width, blobSkinW)) / n,
      pore_depth: (1000 * s.sPore) / n,
      blackheads: countIn(blackheads, mask, width, blobSkinW),
      line_pct: (100 * s.nLine) / n,
      fold_strength: s.sFold / n,
      // A zone nearly all beside hair is read whole rather than from a handful of pixels.
      fine_valley: s.nLineSkin >= 30 ? s.sFine / s.nLineSkin : s.sFineAll / n,
      line_fold: s.nLineSkin >= 30 ? s.sLineFold / s.nLineSkin : s.sFoldLineAll / n,
      fold_depth: (foldToneScale * s.sFoldCap) / n,
      tone_sd_L: detrendedStd(lowL, mask, width, bounds, body),
      tone_sd_b: detrendedStd(lowB, mask, width, bounds, body),
      upper_L: s.nUpper ? s.sUpper / s.nUpper : s.sL / n,
      diffuse_red_pct: (100 * s.nDiffuse) / n,
      delta_a: pixels ? s.sa / n - baseA : 0,
      hair: zones[r].hair,
      glasses: zones[r].glasses,
    };
  }
  return regions;
}

/**
 * What a zone left out, and why: `upper` gives another reason to its rows above `toY` (glasses
 * frames over the upper cheeks and the nose, decision 168; the beard is looked for below).
 */
export interface ExcludedSkin {
  hair: Uint8Array;
  reason: ExclusionReason;
  upper: { reason: ExclusionReason; toY: number } | null;
}

/** A zone with at least this share left out as frames draws its upper rows' exclusions as glasses. */
const FRAMES_DRAWN = 0.01;

/** Per zone, the skin left out (counting less than half: hair, beard, frames) and why. */
export function excludedSkin(ctx: SkinContext): Record<RegionKey, ExcludedSkin> {
  const { frame, width, L, core, zones, framesToY } = ctx;
  const excluded = {} as Record<RegionKey, ExcludedSkin>;
  for (const r of REGIONS) {
    const src = frame.regions[r];
    const hairPx = new Uint8Array(L.length);
    const { bounds } = src;
    andNotInto(src.mask, core, hairPx, bounds.y0 * width, bounds.y1 * width);
    const upper =
      zones[r].glasses >= FRAMES_DRAWN ? { reason: 'glasses' as const, toY: framesToY } : null;
    excluded[r] = { hair: hairPx, reason: zones[r].reason, upper };
  }
  return excluded;
}
