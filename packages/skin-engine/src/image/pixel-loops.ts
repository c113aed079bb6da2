/*
 * Whole-frame per-pixel loops as functions of their own (decision 138). Written inline in a long
 * function that runs once per analysis, each loop made V8 compile that whole function again on
 * the first analysis (and throw the code away when the next loop's code had never run); alone,
 * each compiles small and quickly, and the ones shared across measures stay optimised.
 */

/** out[i] = ref + (src[i] − ref) · scale. */
export function scaleAbout(src: Float32Array, out: Float32Array, ref: number, scale: number): void {
  for (let i = 0; i < src.length; i++) out[i] = ref + ((src[i] as number) - ref) * scale;
}

/** out[i] = a[i] − b[i]. */
export function difference(a: Float32Array, b: Float32Array, out: Float32Array): void {
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) - (b[i] as number);
}

/** out[i] = √(a[i]² + b[i]²). */
export function magnitude(a: Float32Array, b: Float32Array, out: Float32Array): void {
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    const bi = b[i] as number;
    out[i] = Math.sqrt(ai * ai + bi * bi);
  }
}
