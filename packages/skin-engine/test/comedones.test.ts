import { describe, expect, it } from 'vitest';
import { detectComedones, localMedians } from '../src/metrics/comedones';
import type { LesionInput } from '../src/metrics/lesions';
import { CALIBRATION, CM2_PER_PX, piecewiseLinear, toScore } from '../src/scoring';
import { workingFrameInput } from './lesion-frame';
import { lcg } from './random';

/**
 * Comedones (decision 123): a blackhead is read against the person's own skin and pores. The
 * synthetic skin is a working frame (≈ 0.6 mm per px): L* with fine noise, optionally a pore
 * field (a dot every 5 px, darker by `pore` L*), and 1-mm dark dots (blackheads).
 */
const W = 120;
const H = 120;

/** Adds a Gaussian dot of peak `depth` L* and σ px at (cx, cy). */
function dot(L: Float32Array, cx: number, cy: number, sigma: number, depth: number) {
  for (let y = Math.floor(cy - 4 * sigma); y <= cy + 4 * sigma; y++)
    for (let x = Math.floor(cx - 4 * sigma); x <= cx + 4 * sigma; x++) {
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const d2 = (x - cx) ** 2 + (y - cy) ** 2;
      L[y * W + x] = (L[y * W + x] as number) - depth * Math.exp(-d2 / (2 * sigma * sigma));
    }
}

function skin(baseL: number, pore: number, seed: number): Float32Array {
  const u = lcg(seed);
  const L = new Float32Array(W * H);
  for (let i = 0; i < L.length; i++) L[i] = baseL + (u() - 0.5) * 1.5;
  if (pore > 0)
    for (let y = 4; y < H - 4; y += 5)
      for (let x = 4 + ((y / 5) % 2) * 2; x < W - 4; x += 5)
        dot(L, x + u() - 0.5, y + u() - 0.5, 0.8, pore * (0.7 + 0.6 * u()));
  return L;
}

function input(L: Float32Array): LesionInput {
  return workingFrameInput(L, W, H);
}

/** Blackhead places: a 3 × 3 grid well inside the frame, off the pore lattice. */
const PLACES: Array<[number, number]> = [25, 60, 95].flatMap((y) =>
  [25, 60, 95].map((x): [number, number] => [x + 1.5, y + 2]),
);

const marked = (found: ReturnType<typeof detectComedones>, x: number, y: number) =>
  found.some((l) => l.weight >= 0.5 && Math.hypot(l.x - x, l.y - y) <= 2);

describe('comedones (decisions 123, 127)', () => {
  for (const [name, baseL, depth] of [
    ['pale skin', 68, 22],
    ['dark skin', 34, 14],
  ] as const) {
    it(`finds 1-mm dark dots on ${name}, and nothing on the same skin without them`, () => {
      const clear = detectComedones(input(skin(baseL, 0, 7)));
      expect(clear.filter((l) => l.weight >= 0.5)).toHaveLength(0);
      const L = skin(baseL, 0, 7);
      // A blackhead ≈ 1 mm across (σ 0.7 px at 0.6 mm/px), darker by `depth` L* at its centre:
      // the same optical density reads fewer L* on darker skin.
      for (const [x, y] of PLACES) dot(L, x, y, 0.7, depth);
      const found = detectComedones(input(L));
      const hits = PLACES.filter(([x, y]) => marked(found, x, y)).length;
      expect(hits).toBeGreaterThanOrEqual(8);
      expect(found.filter((l) => l.weight >= 0.5).length).toBeLessThanOrEqual(PLACES.length);
    });
  }

  it('a uniform pore field on dark skin gives no blackhead marks', () => {
    const found = detectComedones(input(skin(34, 9, 11)));
    expect(found.filter((l) => l.contrast[0] < 0 && l.weight >= 0.5)).toHaveLength(0);
  });

  it('a blackhead within that pore field is still found (darker than its pores)', () => {
    // Pores darker by ≈ 5 L* (relative ≈ 7: each alone would pass COMEDO_MIN's ramp), blackheads
    // by 26 at their centre.
    const L = skin(34, 5, 11);
    for (const [x, y] of PLACES) dot(L, x, y, 0.8, 26);
    const found = detectComedones(input(L));
    expect(PLACES.filter(([x, y]) => marked(found, x, y)).length).toBeGreaterThanOrEqual(7);
  });

  it('a lone dark pixel is not a blackhead; a 1-mm dot as dark at its centre is (decision 127)', () => {
    // Both read ≈ 1.5 × COMEDO_MIN at their centre pixel on the relative scale.
    for (const [baseL, depth] of [
      [68, 12],
      [34, 7.5],
    ] as const) {
      const spikes = skin(baseL, 0, 5);
      // One working pixel darker by `depth` L*…
      for (const [x, y] of PLACES) {
        const i = Math.round(y) * W + Math.round(x);
        spikes[i] = (spikes[i] as number) - depth;
      }
      const none = detectComedones(input(spikes));
      expect(PLACES.filter(([x, y]) => marked(none, x, y)).length).toBeLessThanOrEqual(2);
      // …and a round dot ≈ 1 mm across whose centre is as dark.
      const dots = skin(baseL, 0, 5);
      for (const [x, y] of PLACES) dot(dots, Math.round(x), Math.round(y), 0.7, depth);
      const found = detectComedones(input(dots));
      expect(PLACES.filter(([x, y]) => marked(found, x, y)).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('pale domes (closed comedones) are not read: nothing marked on pale or dark skin', () => {
    for (const baseL of [68, 34]) {
      const L = skin(baseL, 0, 9);
      for (const [x, y] of PLACES) dot(L, x, y, 0.9, -3);
      expect(detectComedones(input(L)).filter((l) => l.weight >= 0.5)).toHaveLength(0);
    }
  });

  it('the blackheads score falls with every blackhead found, on the comedone-count scale', () => {
    // The soft count found on synthetic skin (pale and dark) with 0…9 blackheads, and the score
    // it gives on a face of 85 cm² of lesion zones (the calibration part's median).
    const score = (count: number) =>
      toScore(piecewiseLinear((100 * count) / 85, CALIBRATION.blackheads));
    for (const [baseL, depth] of [
      [68, 22],
      [34, 14],
    ] as const) {
      const counts = [0, 3, 6, 9].map((n) => {
        const L = skin(baseL, 0, 3);
        for (const [x, y] of PLACES.slice(0, n)) dot(L, x, y, 0.7, depth);
        return detectComedones(input(L)).reduce((t, l) => t + l.weight, 0);
      });
      expect(counts[0]).toBeLessThan(0.5);
      for (let k = 1; k < counts.length; k++) {
        expect(counts[k]).toBeGreaterThan((counts[k - 1] as number) + 2);
        expect(score(counts[k] as number)).toBeLessThan(score(counts[k - 1] as number));
      }
    }
    // The scale itself (Lehmann et al. 2002, whole-face counts): clear skin in the 90s, one
    // comedone about 2 points, mild (< 20) down to the mid 60s, moderate (20–100) down to 36.
    expect(score(0)).toBe(96);
    expect(score(1)).toBeGreaterThanOrEqual(93);
    expect(score(3)).toBeGreaterThanOrEqual(90);
    for (let c = 1; c <= 200; c++) expect(score(c)).toBeLessThanOrEqual(score(c - 1));
    expect(score(20)).toBeGreaterThanOrEqual(60);
    expect(score(20)).toBeLessThanOrEqual(70);
    expect(score(100)).toBeLessThanOrEqual(40);
    // Per area: the same count on twice the skin reads as half as many.
    const px = 85 / CM2_PER_PX;
    expect(piecewiseLinear((100 * 10) / (2 * px * CM2_PER_PX), CALIBRATION.blackheads)).toBeCloseTo(
      piecewiseLinear((100 * 5) / (px * CM2_PER_PX), CALIBRATION.blackheads),
      6,
    );
  });

  it('the pores’ typical darkening is the median of the dots around, not of the dot itself', () => {
    const dots = Array.from({ length: 30 }, (_, k) => ({
      x: k % 6,
      y: Math.floor(k / 6),
      strength: 3,
    }));
    dots.push({ x: 2, y: 2, strength: 40 });
    const medians = localMedians(dots);
    expect(medians[dots.length - 1]).toBe(3);
  });
});
