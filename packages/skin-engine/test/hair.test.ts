import { describe, expect, it } from 'vitest';
import {
  COMPACT_AREA_FROM,
  COMPACT_ELONG_FROM,
  COMPACT_ELONG_TO,
  detectHair,
  type HairInput,
  hairness,
  HAIR_DARKENING,
  HAIR_FOLD,
  HAIR_MIN_AREA,
  HAIR_SOFT,
  HAIR_TEXTURE,
  STRAND_FROM,
  STRAND_TO,
} from '../src/metrics/hair';
import { gaussianBlur } from '../src/image/filters';

type Box = [x0: number, x1: number, y0: number, y1: number];

/**
 * A 160 px field: bare skin with a faint weave (the reference, above y = 40) and `depth`
 * darkening it inside `box` [x0, x1) × [y0, y1); the hair weight's mean over `read` (the box).
 */
function hairField(
  depth: (x: number, y: number) => number,
  box: Box,
  options: Pick<HairInput, 'strandsAbove' | 'compactNotHair'> = {},
  read: Box = box,
) {
  const W = 160;
  const n = W * W;
  const L = new Float32Array(n);
  const reference = new Uint8Array(n);
  const measured = new Uint8Array(n).fill(1);
  const [x0, x1, y0, y1] = box;
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (y < 40) reference[i] = 1;
      const weave = 0.6 * Math.sin(x * 1.9) * Math.sin(y * 2.3);
      L[i] = 62 + weave - (x >= x0 && x < x1 && y >= y0 && y < y1 ? depth(x, y) : 0);
    }
  const blur = gaussianBlur({ data: L, width: W, height: W }, 2.05).data;
  const highPass = L.map((v, i) => v - (blur[i] as number));
  const hair = detectHair({ width: W, height: W, L, highPass, measured, reference, ...options });
  const [rx0, rx1, ry0, ry1] = read;
  let sum = 0;
  for (let y = ry0; y < ry1; y++)
    for (let x = rx0; x < rx1; x++) sum += hair.weight[y * W + x] as number;
  return { share: sum / ((rx1 - rx0) * (ry1 - ry0)), hair };
}

/**
 * The hair rule on controlled planes: bare reference skin on top, a darker, strongly textured
 * band below (what stubble and the edges of a deep fold both look like at 1–3 mm).
 */
function planes(
  bandFold: number,
  band = { texture: 2.5 / 0.4, darkening: 8 / 60 },
  box = { x0: 35, x1: 65, y0: 50, y1: 95 },
) {
  const width = 100;
  const height = 100;
  const n = width * height;
  const L = new Float32Array(n).fill(60);
  const highPass = new Float32Array(n);
  const fold = new Float32Array(n);
  const reference = new Uint8Array(n);
  const measured = new Uint8Array(n).fill(1);
  const inBand = (x: number, y: number) => x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (y < 30) reference[i] = 1;
      highPass[i] = ((x + y) % 2 ? 1 : -1) * 0.4;
      if (inBand(x, y)) {
        L[i] = 60 * (1 - band.darkening);
        // Texture ratio e = RMS(band) / RMS(reference) = amplitude / 0.4.
        highPass[i] = ((x * 7 + y * 3) % 5 < 2 ? 1 : -1) * 0.4 * band.texture;
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

  it('hair weight is soft: a pixel at a threshold is half hair, and it ramps across it', () => {
    const dark = HAIR_DARKENING + 0.1;
    expect(hairness(HAIR_TEXTURE, dark)).toBeCloseTo(0.5, 5);
    expect(hairness((1 - HAIR_SOFT) * HAIR_TEXTURE, dark)).toBe(0);
    expect(hairness((1 + HAIR_SOFT) * HAIR_TEXTURE, dark)).toBeCloseTo(1, 6);
    expect(hairness(HAIR_TEXTURE * 1.05, dark)).toBeCloseTo(0.5 + 0.05 / (2 * HAIR_SOFT), 5);
    // Darkening ramps the same way, and dense stubble (twice the texture) needs no darkening.
    expect(hairness(3, HAIR_DARKENING)).toBeCloseTo(0.5, 5);
    expect(hairness(2 * HAIR_TEXTURE, 0)).toBeCloseTo(0.5, 5);
    expect(hairness(1, 0.5)).toBe(0);
  });

  it('a band exactly at the texture threshold counts half, and a 3 % nudge moves it a little, not 0 ↔ 1', () => {
    // A wide band (≈ 4,600 px), so its area is well above HAIR_MIN_AREA even when faint.
    const inner = (x: number, y: number) => x >= 20 && x < 80 && y >= 48 && y < 92;
    const weightIn = (e: number) => {
      const p = planes(0, { texture: e, darkening: 0.1 }, { x0: 10, x1: 90, y0: 40, y1: 100 });
      const hair = detectHair(p);
      let sum = 0;
      let n = 0;
      for (let y = 0; y < 100; y++)
        for (let x = 0; x < 100; x++)
          if (inner(x, y)) {
            sum += hair.weight[y * 100 + x] as number;
            n++;
          }
      return { mean: sum / n, hair };
    };
    const at = weightIn(HAIR_TEXTURE);
    expect(at.mean).toBeGreaterThan(0.4);
    expect(at.mean).toBeLessThan(0.6);
    const below = weightIn(HAIR_TEXTURE * 0.97).mean;
    const above = weightIn(HAIR_TEXTURE * 1.03).mean;
    expect(below).toBeLessThan(at.mean);
    expect(above).toBeGreaterThan(at.mean);
    expect(above - below).toBeLessThan(0.5);
    // Bare reference skin carries no weight at all.
    expect(at.hair.weight.slice(0, 30 * 100).every((v) => v === 0)).toBe(true);
  });

  it('a patch of hair smaller than about 1 cm² fades out with its area (a spot is not hair)', () => {
    const patch = (side: number) => {
      const n = 100 * 100;
      const L = new Float32Array(n).fill(60);
      const highPass = new Float32Array(n);
      const reference = new Uint8Array(n);
      const measured = new Uint8Array(n).fill(1);
      for (let y = 0; y < 100; y++)
        for (let x = 0; x < 100; x++) {
          const i = y * 100 + x;
          if (y < 30) reference[i] = 1;
          highPass[i] = ((x + y) % 2 ? 1 : -1) * 0.4;
          if (x >= 40 && x < 40 + side && y >= 50 && y < 50 + side) {
            L[i] = 50;
            highPass[i] = ((x * 7 + y * 3) % 5 < 2 ? 1 : -1) * 2.5;
          }
        }
      const hair = detectHair({ width: 100, height: 100, L, highPass, measured, reference });
      return Math.max(...hair.weight.slice(50 * 100, 80 * 100));
    };
    expect(patch(8)).toBe(0); // 64 px: a spot
    expect(patch(30)).toBe(1); // 900 px: hair
    expect(Math.sqrt(HAIR_MIN_AREA)).toBeGreaterThan(8);
  });

  describe('hair is strands with a direction, papules are round (decision 107)', () => {
    const W = 160;
    /** A patch of `depth` below the reference, read well inside its edges. */
    const field = (depth: (x: number, y: number) => number, strandsAbove?: number) =>
      hairField(depth, [30, 130, 55, 150], { strandsAbove }, [45, 115, 70, 135]);
    // A fringe: dark strands 1.5 px wide every 4 px, running down at a slant.
    const strands = (x: number, y: number) => {
      const u = (x + 0.4 * y) % 4;
      return u < 1.5 ? 9 : 0;
    };
    // A cluster of inflamed papules: domes of radius 3.5 px (≈ 2 mm) every 9 px, 8 L* deep.
    const papules = (x: number, y: number) => {
      const row = Math.round(y / 8);
      const cx = Math.round((x - (row % 2) * 4.5) / 9) * 9 + (row % 2) * 4.5;
      const d = Math.hypot(x - cx, y - row * 8) / 3.5;
      return d < 1 ? 8 * Math.sqrt(1 - d * d) : 0;
    };

    it('without the strands test a cluster of papules reads as hair (the bug)', () => {
      expect(field(papules).share).toBeGreaterThan(0.5);
    });

    it('on the forehead a cluster of round papules is not hair, a fringe of strands still is', () => {
      const cluster = field(papules, W);
      const fringe = field(strands, W);
      expect(cluster.share).toBeLessThan(0.1);
      expect(fringe.share).toBeGreaterThan(0.8);
      const [c] = cluster.hair.strandPatches;
      const [f] = fringe.hair.strandPatches;
      expect(c?.coherence).toBeLessThan(STRAND_FROM);
      expect(f?.coherence).toBeGreaterThan(STRAND_TO);
    });

    it('below the nose tip (a beard: stubble is dots) round texture is still hair', () => {
      expect(field(papules, 50).share).toBeGreaterThan(0.5);
    });

    it('a patch far darker than the skin is hair whatever its direction (dense or coiled hair)', () => {
      const coiled = (x: number, y: number) => 14 + papules(x, y);
      expect(field(coiled, W).share).toBeGreaterThan(0.8);
    });
  });
});

describe("acne's hair pass: a compact cluster of papules is not hair, stubble along the jaw is (decision 158)", () => {
  const field = (depth: (x: number, y: number) => number, box: Box, compactNotHair?: boolean) =>
    hairField(depth, box, { compactNotHair }).share;
  // Papules: domes of radius 3.5 px (≈ 2 mm), 8 L* deep, every 8 px in staggered rows.
  const papules = (x: number, y: number) => {
    const row = Math.round(y / 7);
    const cx = Math.round((x - (row % 2) * 4) / 8) * 8 + (row % 2) * 4;
    const d = Math.hypot(x - cx, y - row * 7) / 3.5;
    return d < 1 ? 8 * Math.sqrt(1 - d * d) : 0;
  };
  // Stubble: dark dots a pixel across on a 3-px grid, 6 L* deep.
  const stubble = (x: number, y: number) => (x % 3 === 0 && y % 3 === 0 ? 6 : 1);
  const cluster: Box = [66, 80, 86, 98];
  const band: Box = [20, 140, 90, 104];

  it('a cluster of papules the size of a few lesions is hair for the zones, not for acne', () => {
    expect(field(papules, cluster)).toBeGreaterThan(0.5);
    expect(field(papules, cluster, true)).toBeLessThan(0.1);
  });

  it('a long band of stubble is hair in both passes', () => {
    expect(field(stubble, band)).toBeGreaterThan(0.8);
    expect(field(stubble, band, true)).toBeGreaterThan(0.8);
  });

  it('the thresholds sit between the measured shapes', () => {
    expect(COMPACT_ELONG_FROM).toBeLessThan(COMPACT_ELONG_TO);
    expect(COMPACT_AREA_FROM).toBeGreaterThan(HAIR_MIN_AREA);
  });
});
