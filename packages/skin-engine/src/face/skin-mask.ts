import type { FaceFrame } from './frame';
import type { LabPlanes } from '../image/color';
import { close, intersect } from '../image/mask';
import type { Scratch } from '../image/scratch';

/*
 * The working frame's skin mask (moved out of frame.ts by decision 152, which made its test a row
 * function): the face oval's pixels near the skin's reference colour.
 */

/**
 * Tolerances of the skin-colour test around the cheeks' median colour, in CIELAB units. The skin
 * model adapts to the person (Chai & Ngan 1999 use a fixed YCbCr box; a face-relative box keeps
 * every skin tone in and drops hair, brows, frames and deep shadow).
 */
export const SKIN_TOLERANCE = {
  darker: 22,
  lighter: 40,
  redder: 25,
  greener: 10,
  yellower: 11,
  bluer: 12,
};

/**
 * Skin: the oval's pixels within SKIN_TOLERANCE of the reference colour, or specular (bright, less
 * saturated); closed so that spots and pores inside stay measurable.
 */
export function skinMask(
  lab: LabPlanes,
  oval: Uint8Array,
  reference: FaceFrame['reference'],
  pool: Scratch,
): Uint8Array {
  const { width, height } = lab.L;
  const rawSkin = pool.u8(width * height);
  for (let y = 0; y < height; y++)
    skinRow(
      lab.L.data,
      lab.a.data,
      lab.b.data,
      oval,
      rawSkin,
      y * width,
      (y + 1) * width,
      reference.L,
      reference.a,
      reference.b,
      reference.chroma,
    );
  // Closing fills small holes (spots, pores) so blemishes stay measurable; large hair areas stay out.
  return intersect(close(rawSkin, width, height, 4), oval);
}

const T_DARKER = SKIN_TOLERANCE.darker;
const T_LIGHTER = SKIN_TOLERANCE.lighter;
const T_REDDER = SKIN_TOLERANCE.redder;
const T_GREENER = SKIN_TOLERANCE.greener;
const T_YELLOWER = SKIN_TOLERANCE.yellower;
const T_BLUER = SKIN_TOLERANCE.bluer;

/**
 * skinMask's pixels i0…i1 (one row; decision 152). Every pixel's test is computed, both sides of
 * each tolerance and both halves of the specular test, and every pixel written (1 for the oval's
 * skin, else the 0 that was there): the
 * same answers as testing the oval's pixels alone, with no branch that only a later row reaches
 * (the whole-frame loop's on-stack code was thrown away three times on a first analysis for
 * branches without type feedback).
 */
function skinRow(
  L: Float32Array,
  A: Float32Array,
  B: Float32Array,
  oval: Uint8Array,
  rawSkin: Uint8Array,
  i0: number,
  i1: number,
  refL: number,
  refA: number,
  refB: number,
  refChroma: number,
): void {
  for (let i = i0; i < i1; i++) {
    const ca = A[i] as number;
    const cb = B[i] as number;
    const dL = (L[i] as number) - refL;
    const da = ca - refA;
    const db = cb - refB;
    const darker = dL / T_DARKER;
    const lighter = dL / T_LIGHTER;
    const redder = da / T_REDDER;
    const greener = da / T_GREENER;
    const yellower = db / T_YELLOWER;
    const bluer = db / T_BLUER;
    const nl = dL < 0 ? darker : lighter;
    const na = da > 0 ? redder : greener;
    const nb = db > 0 ? yellower : bluer;
    const chroma = Math.sqrt(ca * ca + cb * cb);
    // Specular highlights (bright, less saturated) are skin too: shine is measured on them.
    const bright = dL > 6;
    const lessSaturated = chroma < refChroma;
    const skin = nl * nl + na * na + nb * nb <= 1 || (bright && lessSaturated);
    // (rawSkin is zero-filled: a 0 written outside is the 0 that was there.)
    rawSkin[i] = oval[i] !== 0 && skin ? 1 : 0;
  }
}
