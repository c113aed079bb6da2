import type { RegionKey } from '@lumiskin/contract/analysis';
import { SKIN_TOLERANCE } from '../face/skin-mask';
import { clearOutside, connectedComponents, dilate, orInto } from '../image/mask';
import type { Bounds } from '../image/stats';
import { f32, u8, type Scratch } from '../image/scratch';
import { detectHair, elongation, zoneSkin } from './hair';
import { relScale } from './ring';
import { hairAround, type SkinContext } from './skin';

/**
 * The skin inflammatory lesions are read on (decision 157): the zones' skin and, beside the
 * cheeks, the lower cheek and the jawline down to the face's outline (`frame.lesionExtensions`),
 * where acne is common and no zone lies. Its hair (a beard, stubble) is found as the zones' is,
 * relative to the same bare upper cheeks, in a second pass over the zones' skin and the extensions
 * together, so the zones' own hair map, and every other metric, stays as it was.
 */
export interface LesionSkin {
  /** The zones' core skin and the extensions' skin that counts at least half. */
  core: Uint8Array;
  /** The weight of the skin around a mark at (x, y), as SkinContext.blobSkinW, on this skin. */
  blobSkinW: (x: number, y: number) => number;
  /** Per region with an extension: its skin (the pixels that count at all) and soft pixel count. */
  extensions: Partial<Record<RegionKey, { mask: Uint8Array; pixels: number }>>;
  /** The redder-than-skin pixels beside this skin that the skin-colour test left out (FILL_*). */
  filled: Uint8Array;
}

/**
 * A strong papule or nodule on the shaded lower face is darker than the cheeks' skin by more than
 * the skin-colour test's tolerance (SKIN_TOLERANCE.darker: a painted papule on a jaw already
 * 15–20 L* below the cheeks reads 30–40 below), so the lesion left its own place out of the skin
 * and could not be found there (decision 160). Acne's skin therefore takes back, in the zones acne
 * reads and their extensions, the pixels within FILL_REACH of it that the test left out and that
 * are redder than the skin's reference (shadow and stubble are greener or greyer) and no further
 * from its yellow–blue than the test allows (not hair): what blood adds to skin.
 */
export const FILL_REACH = 7;
/**
 * …as lesions: each connected set of such pixels no larger than FILL_AREA (a nodule 4 mm across
 * is ≈ 140 working px) and no more elongated than FILL_ELONG (the red rim of a glasses frame, a
 * flushed fold's edge are lines).
 */
export const FILL_AREA = 150;
export const FILL_ELONG = 2.5;
/**
 * …and the pixels the hair rule left out (skin colour, but hair weight ≥ ½) that are redder than
 * the skin's reference by FILL_HAIR_RED on the relative scale (REL_L16): hair, brows and stubble
 * are no redder than the skin, a papule is. The rule reads texture and darkness over a window
 * (HAIR_SIGMA), so a dark papule takes the skin around it into the patch too: with such a set,
 * the skin-coloured pixels the rule left out within FILL_HAIR_RING of it come back as well, so
 * that the lesion has skin around it to be read against (decision 164).
 */
export const FILL_HAIR_RED = 6;
export const FILL_HAIR_RING = 6;
/** The zones whose left-out red pixels are taken back (not the nose: its nostrils). */
const FILL_ZONES = ['forehead', 'left_cheek', 'right_cheek', 'chin'] as const;
export const FILLED_ZONES: ReadonlySet<RegionKey> = new Set(FILL_ZONES);
const FILL_YELLOWER = SKIN_TOLERANCE.yellower;
const FILL_BLUER = SKIN_TOLERANCE.bluer;

/** The lesion skin of one working frame, or null when the frame has no extension skin. */
export function lesionSkin(ctx: SkinContext, pool: Scratch): LesionSkin | null {
  const { frame, width, L, highPass, coarseValley, skinW, core } = ctx;
  const entries = Object.entries(frame.lesionExtensions) as Array<
    [RegionKey, NonNullable<(typeof frame.lesionExtensions)[RegionKey]>]
  >;
  if (!entries.some(([, e]) => e.pixels > 0)) return null;
  // The zones' outlines and the hair rule's reference skin are the skin pass's (skin.ts).
  const all = u8(pool, L.length, false);
  all.set(ctx.skinAll);
  for (const [, e] of entries) orInto(e.mask, all, e.bounds.y0 * width, e.bounds.y1 * width);
  const { cheekRef } = ctx;
  const lowerFaceY = Math.round(frame.noseTipY);
  // The second pass reads only the rows from the cheeks' top (its reference skin) to the
  // extensions' bottom: contiguous rows of every plane, so views, not copies.
  const y0 = Math.min(frame.regions.left_cheek.bounds.y0, frame.regions.right_cheek.bounds.y0);
  const y1 = Math.max(...entries.map(([, e]) => e.bounds.y1));
  if (!(y1 - y0 >= 8)) return null;
  const rows = (p: Uint8Array | Float32Array) => p.subarray(y0 * width, y1 * width);
  const hair = detectHair(
    {
      width,
      height: y1 - y0,
      highPass: rows(highPass) as Float32Array,
      L: rows(L) as Float32Array,
      measured: rows(all) as Uint8Array,
      reference: rows(cheekRef) as Uint8Array,
      fold: rows(coarseValley) as Float32Array,
      // (No strands test: the extensions lie below the nose tip, where hair is a beard.)
      compactNotHair: true,
    },
    pool,
  );
  const hairWeight = f32(pool, L.length);
  hairWeight.set(hair.weight, y0 * width);
  const lesionW = f32(pool, L.length);
  lesionW.set(skinW);
  // zoneSkin also marks the pixels that count at all; nothing here reads them, so no copy of
  // `measured` is made for it.
  const counted = u8(pool, L.length, false);
  const lesionCore = u8(pool, L.length);
  lesionCore.set(core);
  const extensions: LesionSkin['extensions'] = {};
  for (const [r, e] of entries) {
    const mask = u8(pool, L.length);
    const [pixels] = zoneSkin(e.mask, hairWeight, lesionW, mask, counted, lesionCore, [
      e.bounds.y0 * width,
      e.bounds.y1 * width,
      width,
      lowerFaceY - 4,
    ]);
    extensions[r] = { mask, pixels };
  }
  const filled = fillRed(ctx, entries, lesionCore, pool);
  // What is taken back is skin without hair: a mark on it counts (countFilled) by the skin around.
  for (let i = 0; i < filled.length; i += 1024)
    keepRange(filled, lesionW, i, Math.min(filled.length, i + 1024));
  const { blobSkinW } = hairAround(frame, all, lesionW, pool);
  return { core: lesionCore, blobSkinW, extensions, filled };
}

/** lesionW = 1 where `filled` (pixels i0…i1). */
function keepRange(filled: Uint8Array, lesionW: Float32Array, i0: number, i1: number): void {
  for (let i = i0; i < i1; i++) {
    const f = filled[i] as number;
    lesionW[i] = f + (1 - f) * (lesionW[i] as number);
  }
}

/**
 * The weight of the blobs centred on `filled` pixels of `polygon` (decision 160): the marks on
 * what acne took back from the skin-colour test, which no zone's or extension's skin holds.
 */
export function countFilled(
  blobs: ReadonlyArray<{ x: number; y: number; weight: number }>,
  filled: Uint8Array,
  polygon: Uint8Array,
  width: number,
  skinWeight: (x: number, y: number) => number,
): number {
  let n = 0;
  for (const b of blobs) {
    const i = b.y * width + b.x;
    if (filled[i] && polygon[i]) n += b.weight * skinWeight(b.x, b.y);
  }
  return n;
}

/** redLeftOut's pixels in the fill zones and the extensions, added to `core` and returned. */
function fillRed(
  ctx: SkinContext,
  entries: ReadonlyArray<readonly [RegionKey, { polygon: Uint8Array; bounds: Bounds }]>,
  core: Uint8Array,
  pool: Scratch,
): Uint8Array {
  const { frame, width, height } = ctx;
  const where = u8(pool, width * height);
  for (const r of FILL_ZONES) {
    const { polygon, bounds } = frame.regions[r];
    orInto(polygon, where, bounds.y0 * width, bounds.y1 * width);
  }
  for (const [, e] of entries) orInto(e.polygon, where, e.bounds.y0 * width, e.bounds.y1 * width);
  const { L, a, b } = frame.lab;
  const filled = redLeftOut(
    { width, height, L: L.data, A: a.data, B: b.data, skin: frame.skin, where, core },
    frame.reference,
    pool,
  );
  orInto(filled, core, 0, core.length);
  return filled;
}

export interface RedLeftOutInput {
  width: number;
  height: number;
  /** Plain L*, a*, b* (after the white balance). */
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
  /** The frame's skin-colour mask (face/skin-mask.ts). */
  skin: Uint8Array;
  /** Where pixels may be taken back. */
  where: Uint8Array;
  /** Acne's skin so far: a pixel taken back lies within FILL_REACH of it. */
  core: Uint8Array;
}

/**
 * The pixels of `where` that the skin-colour test left out, within FILL_REACH of `core`, darker
 * and redder than the skin's reference and within its yellow–blue tolerance, in connected sets no
 * larger than FILL_AREA and no more elongated than FILL_ELONG (decision 160); also the skin-colour
 * pixels the hair rule took that are redder by FILL_HAIR_RED, with the skin the rule took within
 * FILL_HAIR_RING of such a set (decision 164).
 */
export function redLeftOut(
  input: RedLeftOutInput,
  reference: { L: number; a: number; b: number },
  pool: Scratch,
): Uint8Array {
  const { width, height, core } = input;
  const filled = u8(pool, width * height);
  let found = 0;
  for (let y = 0; y < height; y++)
    found += redRow(
      input,
      filled,
      y * width,
      (y + 1) * width,
      reference.L,
      reference.a,
      reference.b,
    );
  if (found === 0) return filled;
  // Within FILL_REACH of acne's skin (a (2r + 1)² box).
  const near = dilate(core, width, height, FILL_REACH);
  clearOutside(filled, near, 0, filled.length);
  const { skin, where } = input;
  let seeds: Uint8Array | null = null;
  for (const members of connectedComponents(filled, width, height)) {
    if (members.length <= FILL_AREA && elongation(members, width) <= FILL_ELONG) {
      // A set the hair rule had taken (skin colour, out of acne's skin): its ring comes back too.
      if (members.some((i) => skin[i] === 1)) {
        seeds ??= u8(pool, width * height);
        for (const i of members) seeds[i] = 1;
      }
      continue;
    }
    for (const i of members) filled[i] = 0;
  }
  if (seeds) {
    const ring = dilate(seeds, width, height, FILL_HAIR_RING);
    for (let i = 0; i < filled.length; i += width)
      ringBackRow(ring, where, skin, core, filled, i, Math.min(filled.length, i + width));
  }
  return filled;
}

/**
 * Pixels i0…i1 of the skin the hair rule took around a set taken back (`ring`): skin colour, in
 * the outlines, out of acne's skin (decision 164). A loop of its own, as every pass over the
 * frame's pixels (decision 152).
 */
function ringBackRow(
  ring: Uint8Array,
  where: Uint8Array,
  skin: Uint8Array,
  core: Uint8Array,
  filled: Uint8Array,
  i0: number,
  i1: number,
): void {
  for (let i = i0; i < i1; i++) if (ring[i] && where[i] && skin[i] && !core[i]) filled[i] = 1;
}

/** One row of redLeftOut's colour test, and how many passed: every pixel's test computed (152). */
function redRow(
  input: RedLeftOutInput,
  filled: Uint8Array,
  i0: number,
  i1: number,
  refL: number,
  refA: number,
  refB: number,
): number {
  const { L, A, B, skin, where, core } = input;
  // FILL_HAIR_RED in plain a*: the relative scale's factor at the reference's lightness.
  const hairRed = FILL_HAIR_RED / relScale(refL);
  let n = 0;
  for (let i = i0; i < i1; i++) {
    const db = (B[i] as number) - refB;
    const da = (A[i] as number) - refA;
    const red = da > 0 ? 1 : 0;
    const darker = (L[i] as number) < refL ? 1 : 0;
    const hue = db < FILL_YELLOWER && db > -FILL_BLUER ? 1 : 0;
    const s = skin[i] as number;
    // Out of the skin by its colour, or skin the hair rule took that is clearly redder.
    const out = 1 - s + s * (1 - (core[i] as number)) * (da > hairRed ? 1 : 0);
    const f = (where[i] as number) * out * red * darker * hue;
    filled[i] = f;
    n += f;
  }
  return n;
}
