import { describe, expect, it } from 'vitest';
import { detectHair, HAIR_FOLD } from '../src/metrics/hair';

/**
 * The hair rule on controlled planes: bare reference skin on top, a darker, strongly textured
 * band below (what stubble and the edges of a deep fold both look like at 1–3 mm).
 */
function planes(bandFold: number) {
  const width = 100;
  const height = 100;
  const n = width * height;
  const L = new Float32Array(n).fill(60);
  const highPass = new Float32Array(n);
  const fold = new Float32Array(n);
  const reference = new Uint8Array(n);
  const measured = new Uint8Array(n).fill(1);
  const inBand = (x: number, y: number) => x >= 35 && x < 65 && y >= 50 && y < 95;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (y < 30) reference[i] = 1;
      highPass[i] = ((x + y) % 2 ? 1 : -1) * 0.4;
      if (inBand(x, y)) {
        L[i] = 52;
        highPass[i] = ((x * 7 + y * 3) % 5 < 2 ? 1 : -1) * 2.5;
        fold[i] = bandFold;
      }
    }
  return { width, height, L, highPass, measured, reference, fold, inBand };
}

const share = (mask: Uint8Array, inBand: (x: number, y: number) => boolean) => {
  let hit = 0;
  let all = 0;
  for (let y = 0; y < 100; y++)
    for (let x = 0; x < 100; x++)
      if (inBand(x, y)) {
        all++;
        hit += mask[y * 100 + x] as number;
      }
  return hit / all;
};

describe('hair detection', () => {
  it('a dark, textured patch is hair and bare skin is not', () => {
    const p = planes(0);
    const hair = detectHair(p);
    expect(share(hair.mask, p.inBand)).toBeGreaterThan(0.8);
    expect(hair.mask.slice(0, 30 * 100).some((v) => v === 1)).toBe(false);
  });

  it('the same patch lying on a fold (coarse valley) is kept as skin: folds are what firmness measures', () => {
    const p = planes(HAIR_FOLD + 1);
    expect(share(detectHair(p).mask, p.inBand)).toBeLessThan(0.05);
  });
});
