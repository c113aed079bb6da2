import type { RegionKey } from '@lumiskin/contract/analysis';
import { downsampleMask2, gaussianBlur } from '../image/filters';
import { andInto, orInto } from '../image/mask';
import type { Plane } from '../image/raster';
import { u8, type Scratch } from '../image/scratch';
import { detectBlobs, type Blob } from './blobs';
import { detectComedones } from './comedones';
import {
  detectInflammatory,
  lesionRingBuffers,
  lightnessHalf,
  relScale,
  roundShare,
  type Lesion,
  type InflammatoryReading,
  type LesionInput,
} from './lesions';
import type { LesionSkin } from './lesion-skin';
import { detectPustules } from './pustules';
import { spotReading } from './spots';
import { A_SIGMAS, L_SIGMAS, type SkinContext } from './skin';

/**
 * The counted marks of a face: inflammatory lesions (blemishes) and comedones (lesions.ts), dark
 * spots and pores. Each is a blob with a soft weight (decision 043): a re-save that nudges a
 * borderline mark moves its count by a fraction. The zones' sums (zones.ts) count them by the
 * skin around them (SkinContext.blobSkinW).
 */

/** The zones lesions are read on (scoring.ts reads acne on the same): all but the under-eyes. */
export const LESION_ZONES: readonly RegionKey[] = [
  'forehead',
  'left_cheek',
  'right_cheek',
  'nose',
  'chin',
];

/**
 * Blob thresholds (DoG response; see blobs.ts for the response/contrast relation). A dark spot's
 * response and depth are read on the relative scale of every lesion (ΔL* × 76 / (L*zone + 16),
 * lesions.ts REL_L16; decision 139): the same pigment darkens darker skin by fewer L* points.
 */
export const SPOT_MIN_RESPONSE = 2;
/**
 * A dark spot's centre (G₁.₂₈ of L*) lies this far below its zone's diffuse skin (40th percentile);
 * soft over SOFT_FROM…SOFT_TO × it, like the response (decision 043; a hard 1.5 before), on the
 * relative scale (decision 139).
 */
export const SPOT_MIN_DEPTH = 1.5;
/** A dark spot counts by the share of its disc of radius SPOT_DISC × σ on measured skin (043). */
export const SPOT_DISC = Math.SQRT2;
export const PORE_MIN_RESPONSE = 1.2;

/**
 * Soft counting: a blob is detected from SOFT_FROM × its threshold and counts with a weight that
 * ramps to 1 at SOFT_TO × the threshold, so a re-compression or resize that nudges a borderline
 * spot's contrast moves the count by a fraction, not by one whole spot (a hard cut-off made
 * JPEG re-saves move pores by 15 points).
 */
export const SOFT_FROM = 0.7;
export const SOFT_TO = 1.3;

export interface SoftBlob extends Blob {
  weight: number;
}

export function softWeight(response: number, threshold: number): number {
  const w = (response - SOFT_FROM * threshold) / ((SOFT_TO - SOFT_FROM) * threshold);
  // Both compared for every w (the same answer): no compare first reached by a later call
  // (decision 156).
  const low = w <= 0;
  const high = w >= 1;
  return low ? 0 : high ? 1 : w;
}

function withWeights(blobs: Blob[], threshold: number): SoftBlob[] {
  return blobs.map((b) => ({ ...b, weight: softWeight(b.response, threshold) }));
}

/**
 * Share of the disc of radius r around (x, y) that lies in the mask: how much of a blob is on
 * measured skin. A blob astride a zone's edge counts by it (decision 043).
 */
export function discShare(
  mask: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  r: number,
): number {
  const rr = Math.ceil(r);
  let n = 0;
  let k = 0;
  for (let dy = -rr; dy <= rr; dy++)
    for (let dx = -rr; dx <= rr; dx++) {
      if (dx * dx + dy * dy > r * r) continue;
      n++;
      const xx = x + dx;
      const yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < width && yy < height && mask[yy * width + xx]) k++;
    }
  return n ? k / n : 0;
}

/** Soft count of the blobs centred in the mask, each weighted by the skin weight around it. */
export function countIn(
  blobs: SoftBlob[],
  mask: Uint8Array,
  width: number,
  skinWeight: (x: number, y: number) => number,
): number {
  let n = 0;
  for (const b of blobs) if (mask[b.y * width + b.x]) n += b.weight * skinWeight(b.x, b.y);
  return n;
}

/** The blobs that count as found (weight ≥ ½, i.e. contrast at about the threshold). */
export function counted<T extends SoftBlob>(blobs: T[]): T[] {
  return blobs.filter((b) => b.weight >= 0.5);
}

/**
 * How many lesions the counted marks hold: one each, and a confluent patch (decision 166), whose
 * weight is the number of papules its area holds, that number (rounded).
 */
export function lesionsIn(blobs: SoftBlob[]): number {
  return counted(blobs).reduce((n, b) => n + Math.max(1, Math.round(b.weight)), 0);
}

export interface Marks {
  blemishes: Lesion[];
  darkSpots: SoftBlob[];
  pores: SoftBlob[];
  blackheads: Lesion[];
}

/** Skin weight around a comedone at which it counts whole (0 from ½ below it). */
export const COMEDO_HAIR_FREE = 0.95;
const hairFree = (skinAround: number): number =>
  Math.min(1, Math.max(0, (skinAround - (COMEDO_HAIR_FREE - 0.5)) / 0.5));

/** A dark spot's relative-scale factor in a zone of diffuse lightness `baseL` (decision 139). */
function spotScale(baseL: number, cs: number): number {
  return relScale(baseL) / Math.sqrt(cs);
}

/** Finds the marks of one working frame. */
export function detectMarks(
  ctx: SkinContext,
  pool: Scratch,
  lesionSkin: LesionSkin | null = null,
  readings: InflammatoryReading[] | null = null,
  /** The share of a lesion's colour the photo's JPEG took (decision 175; 0: none). */
  colourTaken = 0,
): Marks {
  const { frame, width, height, L, Ls, aStackHalf, core, shine, extra, chromaExtra, zoneBaseL } =
    ctx;
  const { lab } = frame;
  // Inflammatory lesions (decision 057): blobs redder and darker than the skin around them,
  // read against that skin on the relative (L* + 16) scale; each counts by its soft weight, by
  // the share of its disc on measured skin (decision 043) and, in countIn, by the hair around it.
  const measuredHalf = downsampleMask2(core, width, height, pool);
  const coarseL = (Ls[4] as Plane).data;
  const halfSigmas = A_SIGMAS.map((s) => s / 2);
  // The ring contrasts read colour at the common effective chroma blur and plain L* at the common
  // effective blur (as the stacks do): a re-save's chroma subsampling halves a small papule's raw
  // a* contrast, and must not decide whether it is found.
  const lesionInput: LesionInput = {
    width,
    height,
    L: (extra > 0.05 ? gaussianBlur(lab.L, extra, pool) : lab.L).data,
    A: (chromaExtra > 0.05 ? gaussianBlur(lab.a, chromaExtra, pool) : lab.a).data,
    B: (chromaExtra > 0.05 ? gaussianBlur(lab.b, chromaExtra, pool) : lab.b).data,
    aStackHalf,
    halfSigmas,
    lHalf0: lightnessHalf(lab.L, Math.hypot(halfSigmas[0] as number, chromaExtra / 2), pool),
    core,
    coreHalf: measuredHalf,
    shine,
    fineDark: detectBlobs(Ls, L_SIGMAS, {
      polarity: 'dark',
      fromLevel: 0,
      toLevel: 1,
      minResponse: 0.5,
      mask: core,
      separation: 1.5,
    }),
    fineBright: detectBlobs(Ls, L_SIGMAS, {
      polarity: 'bright',
      fromLevel: 0,
      toLevel: 1,
      minResponse: 0.5,
      mask: core,
      separation: 1.5,
    }),
    readings,
    colourTaken,
  };
  // Lesions are read on the skin of the zones acne is scored on (the under-eyes' crease and the
  // eyelids are not part of it).
  const acneSkin = u8(pool, L.length);
  for (const r of LESION_ZONES) {
    const { mask: m, bounds } = frame.regions[r];
    andInto(m, core, acneSkin, bounds.y0 * width, bounds.y1 * width);
  }
  // …and on the lower cheeks and jawline beside them (decision 157).
  const acneCore = lesionSkin?.core ?? core;
  for (const e of Object.values(lesionSkin?.extensions ?? {}))
    andInto(e.mask, acneCore, acneSkin, 0, e.mask.length);
  if (lesionSkin) orInto(lesionSkin.filled, acneSkin, 0, acneSkin.length);
  const acneInput = {
    ...lesionInput,
    core: acneSkin,
    coreHalf: lesionSkin ? downsampleMask2(acneCore, width, height, pool) : measuredHalf,
  };
  const onSkin = (bl: Lesion) => ({
    ...bl,
    weight: bl.weight * discShare(acneCore, width, height, bl.x, bl.y, SPOT_DISC * bl.sigma),
  });
  const blemishes: Lesion[] = detectInflammatory(acneInput, pool)
    .map(onSkin)
    .filter(
      (bl) =>
        bl.weight > 0 &&
        (L[bl.y * width + bl.x] as number) - (coarseL[bl.y * width + bl.x] as number) < 4,
    );
  // Pustules by their pale head in a red halo (decision 125). One lesion, one mark: a pustule
  // where the inflammatory detector already has a blemish lends it its weight if larger.
  for (const p of detectPustules(acneInput).map(onSkin)) {
    const near = blemishes.find(
      (b) => (b.x - p.x) ** 2 + (b.y - p.y) ** 2 < (Math.SQRT2 * Math.max(b.sigma, p.sigma)) ** 2,
    );
    if (near) near.weight = Math.max(near.weight, p.weight);
    else if (p.weight > 0) blemishes.push(p);
  }
  // Comedones (decision 057): fine dots far darker than the skin around them and than a pore, or
  // fine pale domes that are not glints, read on the relative scale like inflammatory lesions.
  // A fine dark dot beside hair is a follicle (stubble, a brow's root) before it is a blackhead:
  // comedones count only where the skin around is nearly free of hair (weight from COMEDO_HAIR_FREE
  // − ½ … COMEDO_HAIR_FREE), and countIn weighs them again by that skin like every mark.
  const blackheads = detectComedones(lesionInput)
    .map((bl) => ({ ...bl, weight: bl.weight * hairFree(ctx.blobSkinW(bl.x, bl.y)) }))
    .filter((bl) => bl.weight > 0);
  /**
   * The largest weight of a lesion within r + 2σ (at least r + 1.5 px) of (x, y): how much a dark
   * blob there is that lesion (one lesion, one mark of one kind: decision 125).
   */
  const lesionNear = (x: number, y: number, r: number) => {
    let w = 0;
    for (const list of [blemishes, blackheads])
      for (const b of list)
        if (b.weight > w && (b.x - x) ** 2 + (b.y - y) ** 2 < (r + Math.max(1.5, 2 * b.sigma)) ** 2)
          w = b.weight;
    return w;
  };

  // Dark spots: dark blobs on L*, 2–6 mm, darker than the zone's typical skin, not blemishes.
  // (Without the last two tests, the skin between bright highlights would read as "dark".)
  // Every test is soft like the response (decision 043): a spot counts by how far its centre is
  // below the zone's diffuse skin (softWeight of the depth against SPOT_MIN_DEPTH), by 1 − the
  // weight of the strongest blemish or comedone around it (one lesion, one mark: decision 125),
  // by 1 − how far it reads as an inflamed blob (spots.ts), and by the share of its disc (radius √2σ) that is
  // measured skin. The zones' edges follow the face mesh, which moves by a working pixel between
  // two exposures of one photo: a dark blob astride an edge (a nostril's rim, a brow's shadow)
  // was counted whole or not at all, and alone moved dark spots by 4 points.
  const spotRings = lesionRingBuffers();
  const noseMask = frame.regions.nose.mask;
  // The relative scale's factor at a zone pixel (spotScale): Ls carries L* differences × ctx.cs (the texture
  // measures' contrast scale, smaller on darker skin), which pigment, a multiplicative absorber,
  // does not share. Half of it (its square root) is taken out: taking all of it out read darker
  // faces with more spots than pale ones (ρ(ITA°, dark spots) +0.33 on the calibration part),
  // none of it left the darkest band's macules at 17 % (decision 139). The blobs are found down
  // to the threshold of the face's darkest zone, where the factor is largest.
  const relMax = spotScale(ctx.zoneBaseMin, ctx.cs);
  const darkSpots = detectBlobs(Ls, L_SIGMAS, {
    polarity: 'dark',
    fromLevel: 1,
    toLevel: 3,
    minResponse: (SOFT_FROM * SPOT_MIN_RESPONSE) / relMax,
    mask: core,
  })
    .map((bl) => {
      const i = bl.y * width + bl.x;
      const k = spotScale(zoneBaseL(i), ctx.cs);
      const depth = zoneBaseL(i) - ((Ls[1] as Plane).data[i] as number);
      const base =
        softWeight(k * bl.response, SPOT_MIN_RESPONSE) *
        softWeight(k * depth, SPOT_MIN_DEPTH) *
        (1 - lesionNear(bl.x, bl.y, bl.sigma)) *
        discShare(core, width, height, bl.x, bl.y, SPOT_DISC * bl.sigma);
      // A spot is darker than the skin on every side; the edge of a shadow (along the nose, under
      // a brow) on one half only (decision 057).
      // Not on the nose: its relief shades its sides into spot-sized dark patches that no
      // test at this resolution tells from pigment.
      // A red blob, or a round, domed, faintly red one, is an inflammatory lesion's darkening:
      // the blemish's, not a second mark of another kind (decision 125).
      // A macule is a spot, round or oval, as round as a lesion must be (roundShare): a crease
      // (the lower lid's fold, crow's feet, a forehead line), a glasses rim or a shadow's streak
      // makes elongated dark blobs, three in four of the clear faces' dark-spot marks before
      // (curvature ratio median 3.6), while the painted macules lost 2 points of recall
      // (decision 170).
      let weight = 0;
      if (base > 0 && !noseMask[i]) {
        const s = spotReading(lesionInput, bl.x, bl.y, bl.sigma, bl.curvature, spotRings);
        weight = base * s.isolation * (1 - s.inflamed) * roundShare(bl.curvature);
      }
      return { ...bl, weight };
    })
    .filter((bl) => bl.weight > 0);

  // Pores: fine dark blobs (level 0, ≈ 1 mm).
  const poreBlobs = detectBlobs(Ls, L_SIGMAS, {
    polarity: 'dark',
    fromLevel: 0,
    toLevel: 0,
    minResponse: SOFT_FROM * PORE_MIN_RESPONSE,
    mask: core,
    separation: 1.5,
  });
  const pores = withWeights(poreBlobs, PORE_MIN_RESPONSE);
  return { blemishes, darkSpots, pores, blackheads };
}
