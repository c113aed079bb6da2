import { gaussianBlur, upsample2 } from './filters';
import { type Plane } from './raster';
import { plane as newPlane, type Scratch } from './scratch';

/**
 * Normalised convolution (Knutsson & Westin 1993: blur(v·m) / blur(m), so pixels outside the
 * mask do not leak into the smoothed skin values) of a wide kernel, computed at half resolution
 * and upsampled: the 2×2 block averages of v·m and m are blurred by σ/2 (less the box's own ≈ 0.29 half-pixel blur), divided,
 * then brought back bilinearly. A quarter of the work for smoothing scales well above a pixel.
 */
export function maskedGaussianBlurHalf(
  planes: readonly Plane[],
  mask: Uint8Array | Float32Array,
  sigma: number,
  pool?: Scratch,
): Plane[] {
  const first = planes[0];
  if (!first) return [];
  const { width, height } = first;
  const halfSigma = Math.sqrt(Math.max(0, (sigma / 2) ** 2 - 1 / 12));
  const den = gaussianBlur(halfOfProduct(null, mask, width, height, pool), halfSigma, pool);
  return planes.map((plane) => {
    const num = gaussianBlur(halfOfProduct(plane.data, mask, width, height, pool), halfSigma, pool);
    for (let y = 0; y < num.height; y++) normaliseRow(num, den.data, plane.data, width, height, y);
    return upsample2(num, width, height, pool);
  });
}

/*
 * downsample2 of the plane mask·values (of the mask alone when there are no values), without the
 * full-resolution product plane: each product is rounded to float32 as that plane would store it,
 * and the four are averaged in downsample2's order, so the result is the same. Four functions,
 * one per kind of mask and with or without values, the same arithmetic in each: each loop then
 * reads one kind of array, and V8's optimised code for it is not thrown away when a call brings
 * the other kind (decision 138).
 */
function halfOfProduct(
  values: Float32Array | null,
  mask: Uint8Array | Float32Array,
  width: number,
  height: number,
  pool?: Scratch,
): Plane {
  const out = newPlane(pool, Math.ceil(width / 2), Math.ceil(height / 2), false);
  if (mask instanceof Uint8Array) {
    if (values) halfProductU8(values, mask, width, height, out);
    else halfMaskU8(mask, width, height, out);
  } else if (values) halfProductF32(values, mask, width, height, out);
  else halfMaskF32(mask, width, height, out);
  return out;
}

/*
 * Each of the four is a row function called once per half row (decision 151): V8 optimises it at
 * entry after a few rows, where the whole-plane loop, entered once per call, was compiled on the
 * stack and again at entry on a first analysis. Same arithmetic per pixel. The rows are independent
 * (each writes its own half row and reads only the inputs) and run from the middle one down, then
 * the top ones (decision 156): the frame's top rows are mostly outside the mask, where every product
 * is 0, and V8 compiled the sum of four products for small integers, then threw it away at the
 * face's first fractional product ("lost precision"). The same values in every half row.
 */
function halfProductU8(
  values: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  out: Plane,
): void {
  const mid = out.height >> 1;
  for (let y = mid; y < out.height; y++)
    halfProductU8Row(values, mask, width, height, out.data, out.width, y);
  for (let y = 0; y < mid; y++)
    halfProductU8Row(values, mask, width, height, out.data, out.width, y);
}

function halfProductU8Row(
  values: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  data: Float32Array,
  w: number,
  y: number,
): void {
  const r0 = 2 * y * width;
  const r1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    const a = r0 + x0;
    const b = r0 + x1;
    const c = r1 + x0;
    const d = r1 + x1;
    data[y * w + x] =
      (Math.fround((mask[a] as number) * (values[a] as number)) +
        Math.fround((mask[b] as number) * (values[b] as number)) +
        Math.fround((mask[c] as number) * (values[c] as number)) +
        Math.fround((mask[d] as number) * (values[d] as number))) /
      4;
  }
}

function halfProductF32(
  values: Float32Array,
  mask: Float32Array,
  width: number,
  height: number,
  out: Plane,
): void {
  const mid = out.height >> 1;
  for (let y = mid; y < out.height; y++)
    halfProductF32Row(values, mask, width, height, out.data, out.width, y);
  for (let y = 0; y < mid; y++)
    halfProductF32Row(values, mask, width, height, out.data, out.width, y);
}

function halfProductF32Row(
  values: Float32Array,
  mask: Float32Array,
  width: number,
  height: number,
  data: Float32Array,
  w: number,
  y: number,
): void {
  const r0 = 2 * y * width;
  const r1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    const a = r0 + x0;
    const b = r0 + x1;
    const c = r1 + x0;
    const d = r1 + x1;
    data[y * w + x] =
      (Math.fround((mask[a] as number) * (values[a] as number)) +
        Math.fround((mask[b] as number) * (values[b] as number)) +
        Math.fround((mask[c] as number) * (values[c] as number)) +
        Math.fround((mask[d] as number) * (values[d] as number))) /
      4;
  }
}

function halfMaskU8(mask: Uint8Array, width: number, height: number, out: Plane): void {
  const mid = out.height >> 1;
  for (let y = mid; y < out.height; y++) halfMaskU8Row(mask, width, height, out.data, out.width, y);
  for (let y = 0; y < mid; y++) halfMaskU8Row(mask, width, height, out.data, out.width, y);
}

function halfMaskU8Row(
  mask: Uint8Array,
  width: number,
  height: number,
  data: Float32Array,
  w: number,
  y: number,
): void {
  const r0 = 2 * y * width;
  const r1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    data[y * w + x] =
      (Math.fround(mask[r0 + x0] as number) +
        Math.fround(mask[r0 + x1] as number) +
        Math.fround(mask[r1 + x0] as number) +
        Math.fround(mask[r1 + x1] as number)) /
      4;
  }
}

function halfMaskF32(mask: Float32Array, width: number, height: number, out: Plane): void {
  const mid = out.height >> 1;
  for (let y = mid; y < out.height; y++)
    halfMaskF32Row(mask, width, height, out.data, out.width, y);
  for (let y = 0; y < mid; y++) halfMaskF32Row(mask, width, height, out.data, out.width, y);
}

function halfMaskF32Row(
  mask: Float32Array,
  width: number,
  height: number,
  data: Float32Array,
  w: number,
  y: number,
): void {
  const r0 = 2 * y * width;
  const r1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    data[y * w + x] =
      (Math.fround(mask[r0 + x0] as number) +
        Math.fround(mask[r0 + x1] as number) +
        Math.fround(mask[r1 + x0] as number) +
        Math.fround(mask[r1 + x1] as number)) /
      4;
  }
}

/**
 * One half row of maskedGaussianBlurHalf's division: num / den where the mask weighs enough, else
 * the plain 2×2 average of the plane. A module function called per row, not a loop in a closure
 * made per call (decision 151). Same arithmetic, same order.
 */
function normaliseRow(
  num: Plane,
  den: Float32Array,
  src: Float32Array,
  width: number,
  height: number,
  y: number,
): void {
  const w = num.width;
  const out = num.data;
  const y0 = 2 * y * width;
  const y1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0, i = y * w; x < w; x++, i++) {
    const d = den[i] as number;
    if (d > 1e-3) {
      out[i] = (out[i] as number) / d;
      continue;
    }
    // Almost no weight here: the plain 2×2 average (downsample2's value) instead.
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    out[i] =
      ((src[y0 + x0] as number) +
        (src[y0 + x1] as number) +
        (src[y1 + x0] as number) +
        (src[y1 + x1] as number)) /
      4;
  }
}
