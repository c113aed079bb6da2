import { createPlane, type Plane } from './raster';

/**
 * sRGB (D65) → CIELAB. Formulas: IEC 61966-2-1 (sRGB transfer curve) and CIE 15:2004 (L*a*b*).
 * L* 0..100 is lightness, a* green(-)/red(+), b* blue(-)/yellow(+).
 */

const LUT_STEPS = 16;
/** sRGB companding inverse sampled every 1/16 of a code value (floats from resampling are interpolated). */
const LINEAR = (() => {
  const lut = new Float32Array(255 * LUT_STEPS + 2);
  for (let i = 0; i < lut.length; i++) {
    const c = Math.min(1, i / LUT_STEPS / 255);
    lut[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return lut;
})();

export function toLinear(v: number): number {
  const x = (v < 0 ? 0 : v > 255 ? 255 : v) * LUT_STEPS;
  const i = Math.floor(x);
  const t = x - i;
  const a = LINEAR[i] ?? 0;
  const b = LINEAR[i + 1] ?? a;
  return a + (b - a) * t;
}

const XN = 0.95047;
const YN = 1;
const ZN = 1.08883;
const EPS = 216 / 24389;
const KAPPA = 24389 / 27;

/**
 * The linear segment is computed for every t, not only below EPS (same values, it has no side
 * effects): optimised before a near-black pixel came, its branch had no type feedback and the
 * first such pixel threw rgbToLabPlanes' code away on a first analysis (decision 151).
 */
function f(t: number): number {
  const linear = (KAPPA * t + 16) / 116;
  return t > EPS ? Math.cbrt(t) : linear;
}

export interface LabColor {
  L: number;
  a: number;
  b: number;
}

export function rgbToLab(r: number, g: number, b: number): LabColor {
  const rl = toLinear(r);
  const gl = toLinear(g);
  const bl = toLinear(b);
  const x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / XN;
  const y = (0.2126729 * rl + 0.7151522 * gl + 0.072175 * bl) / YN;
  const z = (0.0193339 * rl + 0.119192 * gl + 0.9503041 * bl) / ZN;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

export interface LabPlanes {
  L: Plane;
  a: Plane;
  b: Plane;
}

/**
 * Converts interleaved sRGB floats (0..255) to three CIELAB planes; `gains` multiply linear R, G,
 * B first (the white-balance correction, face/white-balance.ts).
 */
export function rgbToLabPlanes(
  rgb: Float32Array,
  width: number,
  height: number,
  gains: readonly [number, number, number] = [1, 1, 1],
): LabPlanes {
  const L = createPlane(width, height);
  const A = createPlane(width, height);
  const B = createPlane(width, height);
  for (let y = 0; y < height; y++)
    labRow(rgb, L.data, A.data, B.data, y * width, (y + 1) * width, gains);
  return { L, a: A, b: B };
}

/**
 * rgbToLabPlanes for pixels [start, end) (one row): a function of its own called once per row,
 * so V8 optimises it at entry after a few rows instead of compiling the whole-frame loop on the
 * stack (decision 151). Same operations, same order.
 */
function labRow(
  rgb: Float32Array,
  L: Float32Array,
  A: Float32Array,
  B: Float32Array,
  start: number,
  end: number,
  gains: readonly [number, number, number],
): void {
  const gr = gains[0];
  const gg = gains[1];
  const gb = gains[2];
  for (let i = start; i < end; i++) {
    const rl = gr * toLinear(rgb[i * 3] as number);
    const gl = gg * toLinear(rgb[i * 3 + 1] as number);
    const bl = gb * toLinear(rgb[i * 3 + 2] as number);
    const fx = f((0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / XN);
    const fy = f((0.2126729 * rl + 0.7151522 * gl + 0.072175 * bl) / YN);
    const fz = f((0.0193339 * rl + 0.119192 * gl + 0.9503041 * bl) / ZN);
    L[i] = 116 * fy - 16;
    A[i] = 500 * (fx - fy);
    B[i] = 200 * (fy - fz);
  }
}

/** Individual Typology Angle in degrees (Chardon, Cretois & Hourseau 1991): atan((L* − 50) / b*). */
export function individualTypologyAngle(L: number, b: number): number {
  return (Math.atan2(L - 50, b) * 180) / Math.PI;
}

export type SkinToneCategory = 'very_light' | 'light' | 'intermediate' | 'tan' | 'brown' | 'dark';

/** ITA° bands from Chardon et al. 1991 / Del Bino et al. 2006. */
export function skinToneCategory(ita: number): SkinToneCategory {
  if (ita > 55) return 'very_light';
  if (ita > 41) return 'light';
  if (ita > 28) return 'intermediate';
  if (ita > 10) return 'tan';
  if (ita > -30) return 'brown';
  return 'dark';
}
