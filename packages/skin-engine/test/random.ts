import type { Plane } from '../src/image/raster';

/** A deterministic pseudo-random sequence in [0, 1) (tests must not depend on Math.random). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Frame sizes for the bit-for-bit tests of rewritten passes: odd, even and a wide strip. */
export const SIZES = [
  [31, 24],
  [40, 41],
  [97, 13],
] as const;

/** A plane of values uniform in [0, scale). */
export function randomPlane(rand: () => number, width: number, height: number, scale = 100): Plane {
  return { data: new Float32Array(width * height).map(() => rand() * scale), width, height };
}

/** A mask with about `share` of its n pixels set. */
export function randomMask(rand: () => number, n: number, share: number): Uint8Array {
  return new Uint8Array(n).map(() => (rand() < share ? 1 : 0));
}
