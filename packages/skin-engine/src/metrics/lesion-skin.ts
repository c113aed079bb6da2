import type { RegionKey } from '@lumiskin/contract/analysis';
import { REGIONS } from '@lumiskin/contract/constants';
import { orInto } from '../image/mask';
import { f32, u8, type Scratch } from '../image/scratch';
import { detectHair, zoneSkin } from './hair';
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
}

/** The lesion skin of one working frame, or null when the frame has no extension skin. */
export function lesionSkin(ctx: SkinContext, pool: Scratch): LesionSkin | null {
  const { frame, width, L, highPass, coarseValley, skinW, core } = ctx;
  const entries = Object.entries(frame.lesionExtensions) as Array<
    [RegionKey, NonNullable<(typeof frame.lesionExtensions)[RegionKey]>]
  >;
  if (!entries.some(([, e]) => e.pixels > 0)) return null;
  const all = u8(pool, L.length);
  for (const r of REGIONS) {
    const { mask, bounds } = frame.regions[r];
    orInto(mask, all, bounds.y0 * width, bounds.y1 * width);
  }
  for (const [, e] of entries) orInto(e.mask, all, e.bounds.y0 * width, e.bounds.y1 * width);
  const lowerFaceY = Math.round(frame.noseTipY);
  const cheekRef = u8(pool, L.length);
  for (const r of ['left_cheek', 'right_cheek'] as const) {
    const { mask, bounds } = frame.regions[r];
    orInto(
      mask,
      cheekRef,
      bounds.y0 * width,
      Math.min(mask.length, lowerFaceY * width, bounds.y1 * width),
    );
  }
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
  const { blobSkinW } = hairAround(frame, all, lesionW, pool);
  return { core: lesionCore, blobSkinW, extensions };
}
