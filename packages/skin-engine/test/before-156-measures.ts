/**
 * The surface and zone passes decision 156 rewrote (surfaceMaps' pixel maps with their planes as
 * arguments and the zone lightness as a table, its tone-weight and line loops per chunk; zoneRow's
 * planes as arguments and its sums added on every pixel), as they were before it, verbatim but for
 * names, exports and imports: first-run-156.test.ts checks that the rewritten ones give exactly
 * what these give. Test code only.
 */
import type { RegionKey } from '@lumiskin/contract/analysis';
import { REGIONS } from '@lumiskin/contract/constants';
import type { FaceFrame } from '../src/face/frame';
import { valleyStrength } from '../src/image/filters';
import type { Plane } from '../src/image/raster';
import { f32, u8, type Scratch } from '../src/image/scratch';
import { detrendedStd } from '../src/image/stats';
import { countIn, type Marks } from '../src/metrics/marks';
import { L_SIGMAS, type SkinContext } from '../src/metrics/skin';
import {
  DIFFUSE_RED_DA,
  DIFFUSE_RED_SOFT,
  FOLD_CAP,
  FOLD_TONE_GAMMA,
  LINE_CAP,
  LINE_HAIR_MARGIN,
  LINE_MIN_STRENGTH,
  PORE_CAP,
  PORE_FLOOR,
  PORE_TONE_GAMMA,
  RED_DA,
  ROUGHNESS_CLIP,
  TEXTURE_TONE_GAMMA,
  TONE_MAX_SHINE,
  TONE_SIGMA,
  type Surface,
} from '../src/metrics/surface';
import type { RegionMeasurements } from '../src/metrics/zones';
import { maxFilterBefore, softWeightBefore } from './before-156';
import { maskedGaussianBlurHalfBefore } from './before-156-frame';

/** The planes pixelMapsBefore reads (surfaceMapsBefore' names). */
interface PixelMapInputBefore {
  measured: Uint8Array;
  A: Float32Array;
  L0: Float32Array;
  L1: Float32Array;
  L2: Float32Array;
  lowA: Float32Array;
  fineValley1: Float32Array;
  fineValley2: Float32Array;
  lineHair: Float32Array | null;
  zoneBaseL: (i: number) => number;
}

/** pixelMapsBefore' pixels per call of pixelMapsRangeBefore. */
const PIXEL_MAP_CHUNKBefore = 1024;

function pixelMapsBefore(
  input: PixelMapInputBefore,
  k: { baseA: number; diffuseBase: number; textureToneScale: number },
  out: { flags: Uint8Array; rough: Float32Array; lineWeight: Float32Array; diffuseW: Float32Array },
): void {
  const n = input.measured.length;
  for (let start = 0; start < n; start += PIXEL_MAP_CHUNKBefore)
    pixelMapsRangeBefore(input, k, out, start, Math.min(n, start + PIXEL_MAP_CHUNKBefore));
}

/**
 * pixelMapsBefore' pixels [start, end): a function of its own called once per chunk of the frame
 * (decision 151), so V8 optimises it at entry after a few chunks, where the whole-frame loop,
 * entered once per analysis, was compiled on the stack and again at entry on a first analysis.
 * Each pixel's maps are its own: the same arithmetic on every pixel.
 */
function pixelMapsRangeBefore(
  input: PixelMapInputBefore,
  k: { baseA: number; diffuseBase: number; textureToneScale: number },
  out: { flags: Uint8Array; rough: Float32Array; lineWeight: Float32Array; diffuseW: Float32Array },
  start: number,
  end: number,
): void {
  const { measured, A, L0, L1, L2, lowA, fineValley1, fineValley2, lineHair, zoneBaseL } = input;
  const { baseA, diffuseBase, textureToneScale } = k;
  const { flags, rough, lineWeight, diffuseW } = out;
  for (let i = start; i < end; i++) {
    if (!measured[i]) continue;
    const base = zoneBaseL(i);
    let f = 0;
    if ((A[i] as number) > baseA + RED_DA) f |= 1;
    const w1 =
      (L1[i] as number) < base - 1
        ? softWeightBefore(fineValley1[i] as number, LINE_MIN_STRENGTH)
        : 0;
    const w2 =
      (L2[i] as number) < base - 1
        ? softWeightBefore(fineValley2[i] as number, LINE_MIN_STRENGTH)
        : 0;
    const lw = Math.max(w1, w2);
    lineWeight[i] = lw;
    // Drawn as a line only away from hair (the strands at a fringe's edge are not lines).
    if (lw >= 0.5 && (!lineHair || (lineHair[i] as number) < 0.5)) f |= 2;
    const dr =
      ((lowA[i] as number) - diffuseBase - DIFFUSE_RED_DA + DIFFUSE_RED_SOFT) / DIFFUSE_RED_SOFT;
    diffuseW[i] = dr <= 0 ? 0 : dr >= 2 ? 1 : dr / 2;
    flags[i] = f;
    const band = ((L0[i] as number) - (L2[i] as number)) * textureToneScale;
    const h = Math.max(-ROUGHNESS_CLIP, Math.min(ROUGHNESS_CLIP, band));
    rough[i] = h * h;
  }
}

/**
 * What fine lines keep their distance from (LINE_HAIR_MARGIN): the hair weight over the skin and,
 * inside the forehead's polygon, the pixels not measured as skin (weight 1); dilated by the
 * margin. Null when there is neither.
 */
function lineExclusionBefore(
  frame: FaceFrame,
  measured: Uint8Array,
  hairHere: Plane | null,
  hairSupport: Uint8Array | null,
  pool: Scratch,
): Float32Array | null {
  const { width, height } = frame;
  const { polygon, bounds } = frame.regions.forehead;
  const from = bounds.y0 * width;
  const to = bounds.y1 * width;
  let outside = false;
  for (let i = from; i < to && !outside; i++) if (polygon[i] && !measured[i]) outside = true;
  if (!outside) {
    return hairHere && hairSupport
      ? maxFilterBefore(hairHere.data, hairSupport, width, height, LINE_HAIR_MARGIN, pool)
      : null;
  }
  const src = f32(pool, measured.length);
  const support = u8(pool, measured.length);
  if (hairHere && hairSupport) {
    src.set(hairHere.data);
    support.set(hairSupport);
  }
  for (let i = from; i < to; i++) {
    if (polygon[i] && !measured[i]) {
      src[i] = 1;
      support[i] = 1;
    }
  }
  return maxFilterBefore(src, support, width, height, LINE_HAIR_MARGIN, pool);
}

/** The surface maps of one working frame. */
export function surfaceMapsBefore(ctx: SkinContext, pool: Scratch): Surface {
  // (The tone planes read ctx.toneShine since decision 169: the context carries it.)
  const {
    frame,
    cs,
    L,
    A,
    Ls,
    lowA,
    measured,
    skinW,
    toneShine: shine,
    hairHere,
    hairSupport,
  } = ctx;
  const { baseA, diffuseBase, zoneBaseL } = ctx;
  const { lab } = frame;
  const G2 = Ls[2] as Plane;
  const fineValley1 = valleyStrength(Ls[1] as Plane, L_SIGMAS[1], pool);
  const fineValley2 = valleyStrength(G2, L_SIGMAS[2], pool);
  // Skin next to what is left out of the forehead (the fringe's edge) is not read for fine lines:
  // a pixel counts for them by 1 − the largest exclusion weight within LINE_HAIR_MARGIN px (a grey
  // dilation; with a 0/1 weight it is decision 038's binary margin). Left out are the hair weight
  // and the forehead's own pixels that are not skin-coloured (a fringe too smooth for the hair
  // rule, a frame, a shadow; decision 155): the Hessian of a skin pixel at their edge reads the
  // dark side of the edge as a valley.
  const lineHair = lineExclusionBefore(frame, measured, hairHere, hairSupport, pool);
  const foldToneScale = cs ** FOLD_TONE_GAMMA;
  // Pores: the dots of the contrast-scaled L* (× cs) brought to cs^PORE_TONE_GAMMA.
  const poreToneScale = cs ** (PORE_TONE_GAMMA - 1);
  const foldCap = FOLD_CAP / foldToneScale;
  // Texture: the band of the contrast-scaled L* (× cs) brought to cs^TEXTURE_TONE_GAMMA.
  const textureToneScale = cs ** (TEXTURE_TONE_GAMMA - 1);

  // Per-pixel quantities, computed once over the measured skin, then summed per zone.
  const L0 = (Ls[0] as Plane).data;
  const L1 = (Ls[1] as Plane).data;
  const L2 = G2.data;
  const flags = u8(pool, L.length); // bit 1 red, 2 on a line
  const rough = f32(pool, L.length);
  // Line membership is soft too: weight ramps over SOFT_FROM..SOFT_TO × LINE_MIN_STRENGTH.
  const lineWeight = f32(pool, L.length);
  const diffuseW = f32(pool, L.length);
  pixelMapsBefore(
    { measured, A, L0, L1, L2, lowA, fineValley1, fineValley2, lineHair, zoneBaseL },
    { baseA, diffuseBase, textureToneScale },
    { flags, rough, lineWeight, diffuseW },
  );
  // Tone (even tone, radiance): low-pass L* and b* of the diffuse skin only. Highlights are the
  // surface reflection (oiliness measures them): a glint adds a fixed amount of light, so it
  // reads far stronger in L* on darker skin and made darker skin look "uneven". Plain L*, not
  // the contrast-scaled lightness of the fine texture measures: a blotch of pigment changes the
  // body reflection, and CIELAB is built so an equal ΔL* is an equally visible difference.
  const body = f32(pool, L.length);
  for (let i = 0; i < L.length; i++)
    if (measured[i] && (shine[i] as number) <= TONE_MAX_SHINE) body[i] = skinW[i] as number;
  const [lowLPlane, lowBPlane] = maskedGaussianBlurHalfBefore(
    [lab.L, lab.b],
    body,
    TONE_SIGMA,
    pool,
  ) as [Plane, Plane];
  const lowL = lowLPlane.data;
  const lowB = lowBPlane.data;
  const lines = new Uint8Array(L.length);
  for (let i = 0; i < L.length; i++) if ((flags[i] as number) & 2) lines[i] = 1;
  return {
    fineValley2,
    lineHair,
    foldToneScale,
    poreToneScale,
    foldCap,
    flags,
    rough,
    lineWeight,
    diffuseW,
    body,
    lowL,
    lowB,
    lines,
  };
}

/** The planes a zone's sums read (zoneSumsBefore). */
interface SumPlanesBefore {
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

/** The sums zoneRowBefore adds to, in this order (accBefore's slots). */
const SUMSBefore = [
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
const accBefore = new Float64Array(SUMSBefore.length);

/**
 * One zone's weighted sums over its skin, row by row: zoneRowBefore is a function of its own called
 * once per row of every zone, so V8 optimises it at entry after a few rows and keeps it for every
 * zone (decision 151), where the zone loop in a function called once per zone was compiled on the
 * stack, then again at entry, on a first analysis (decision 138 split it out of a longer one).
 * The sums and their order are the same.
 */
function zoneSumsBefore(
  p: SumPlanesBefore,
  mask: Uint8Array,
  bounds: { x0: number; y0: number; x1: number; y1: number },
  upperEnd: number,
): Record<(typeof SUMSBefore)[number], number> {
  accBefore.fill(0);
  const { width } = p;
  for (let y = bounds.y0; y < bounds.y1; y++)
    zoneRowBefore(p, mask, y * width + bounds.x0, y * width + bounds.x1, y < upperEnd);
  const out = {} as Record<(typeof SUMSBefore)[number], number>;
  for (let k = 0; k < SUMSBefore.length; k++)
    out[SUMSBefore[k] as (typeof SUMSBefore)[number]] = accBefore[k] as number;
  return out;
}

/** zoneSumsBefore over pixels [start, end) of one row; `upper`: the row is above upperEnd. */
function zoneRowBefore(
  p: SumPlanesBefore,
  mask: Uint8Array,
  start: number,
  end: number,
  upper: boolean,
): void {
  const { Lraw, A, B, chroma, coarseValley, skinW, oil, L1, L2, fineValley2 } = p;
  const { lineHair, foldCap, poreToneScale, flags, rough, lineWeight, diffuseW } = p;
  let sL = accBefore[0] as number;
  let sa = accBefore[1] as number;
  let sb = accBefore[2] as number;
  let sc = accBefore[3] as number;
  let sFold = accBefore[4] as number;
  let sFoldCap = accBefore[5] as number;
  let sFine = accBefore[6] as number;
  let sFineAll = accBefore[7] as number;
  let sFoldLineAll = accBefore[8] as number;
  let sLineFold = accBefore[9] as number;
  let nLineSkin = accBefore[10] as number;
  let sShine = accBefore[11] as number;
  let sPore = accBefore[12] as number;
  let sRough = accBefore[13] as number;
  let nRed = accBefore[14] as number;
  let nLine = accBefore[15] as number;
  let nDiffuse = accBefore[16] as number;
  let sUpper = accBefore[17] as number;
  let nUpper = accBefore[18] as number;
  for (let i = start; i < end; i++) {
    if (!mask[i]) continue;
    const w = skinW[i] as number;
    if (upper) {
      sUpper += w * (Lraw[i] as number);
      nUpper += w;
    }
    sL += w * (Lraw[i] as number);
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
    if (lw > 0) {
      sFine += lw * fineC;
      sLineFold += lw * foldC;
      nLineSkin += lw;
    }
    sShine += w * (oil[i] as number);
    const dot = ((L2[i] as number) - (L1[i] as number)) * poreToneScale - PORE_FLOOR;
    if (dot > 0) sPore += w * (dot < PORE_CAP ? dot : PORE_CAP);
    sRough += w * (rough[i] as number);
    const f = flags[i] as number;
    nRed += w * (f & 1);
    nLine += w * (lineWeight[i] as number);
    nDiffuse += w * (diffuseW[i] as number);
  }
  accBefore[0] = sL;
  accBefore[1] = sa;
  accBefore[2] = sb;
  accBefore[3] = sc;
  accBefore[4] = sFold;
  accBefore[5] = sFoldCap;
  accBefore[6] = sFine;
  accBefore[7] = sFineAll;
  accBefore[8] = sFoldLineAll;
  accBefore[9] = sLineFold;
  accBefore[10] = nLineSkin;
  accBefore[11] = sShine;
  accBefore[12] = sPore;
  accBefore[13] = sRough;
  accBefore[14] = nRed;
  accBefore[15] = nLine;
  accBefore[16] = nDiffuse;
  accBefore[17] = sUpper;
  accBefore[18] = nUpper;
}

/** Every zone's measurements: the surface maps and the marks summed over its skin. */
export function zoneMeasurementsBefore(
  ctx: SkinContext,
  marks: Marks,
  surface: Surface,
): Record<RegionKey, RegionMeasurements> {
  const { frame, width, Lraw, A, B, chroma, Ls, coarseValley, zones, skinW, oil, baseA } = ctx;
  const { blobSkinW } = ctx;
  const { blemishes, darkSpots, pores, blackheads } = marks;
  const { fineValley2, lineHair, foldCap, poreToneScale, foldToneScale } = surface;
  const { flags, rough, lineWeight, diffuseW, body, lowL, lowB } = surface;
  const planes: SumPlanesBefore = {
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
  const regions = {} as Record<RegionKey, RegionMeasurements>;
  for (const r of REGIONS) {
    const { mask, pixels, coverage, bounds } = zones[r];
    const cheek = r === 'left_cheek' || r === 'right_cheek';
    const upperEnd = cheek ? Math.min(bounds.y1, Math.floor(frame.noseTipY)) : bounds.y1;
    const s = zoneSumsBefore(planes, mask, bounds, upperEnd);
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
      blemishes: countIn(blemishes, mask, width, blobSkinW),
      // Decision 157's field (merged after 156): without a lesion skin, the zone's own pixels.
      acne_pixels: pixels,
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
      glasses: zones[r].glasses, // (added with decision 168: the context carries it)
    };
  }
  return regions;
}
