import { COMPREHENSIVE_METRICS, REGIONS, type RegionKey } from '@lumiskin/contract/analysis';
import { describe, expect, it } from 'vitest';
import {
  individualTypologyAngle,
  rgbToLab,
  rgbToLabPlanes,
  skinToneCategory,
} from '../src/image/color';
import { gaussianBlur, laplacianVariance } from '../src/image/filters';
import { close, countMask, erode, polygonMask } from '../src/image/mask';
import { createPlane, resampleRgb, type Plane } from '../src/image/raster';
import { curvatureRatio, detectBlobs } from '../src/metrics/blobs';
import { valleyStrength } from '../src/image/filters';
import { discShare } from '../src/metrics/marks';
import {
  L_SIGMAS,
  OIL_TONE_GAMMA,
  shinePercent,
  shineWeights,
  specularExcess,
} from '../src/metrics/skin';
import { clippedRms } from '../src/metrics/surface';
import type { RegionMeasurements } from '../src/metrics/zones';
import { detrendedStd, maskedQuantile } from '../src/image/stats';
import { estimateSkinType, overallScore, piecewiseLinear } from '../src/scoring';

/** A flat plane of `value` with dark (negative `delta`) or bright discs painted on it. */
function planeWithDiscs(
  size: number,
  value: number,
  discs: Array<{ x: number; y: number; r: number; delta: number }>,
): Plane {
  const p = createPlane(size, size);
  p.data.fill(value);
  for (const d of discs) {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if ((x - d.x) ** 2 + (y - d.y) ** 2 <= d.r * d.r) p.data[y * size + x] = value + d.delta;
      }
    }
  }
  return p;
}

const full = (n: number) => new Uint8Array(n).fill(1);

function stack(p: Plane, sigmas: readonly number[]): Plane[] {
  return sigmas.map((s) => gaussianBlur(p, s));
}

describe('colour', () => {
  it('converts sRGB to CIELAB (D65) like the reference formulas', () => {
    const white = rgbToLab(255, 255, 255);
    expect(white.L).toBeCloseTo(100, 1);
    expect(Math.abs(white.a)).toBeLessThan(0.05);
    expect(Math.abs(white.b)).toBeLessThan(0.05);
    const red = rgbToLab(255, 0, 0);
    expect(red.L).toBeCloseTo(53.24, 1);
    expect(red.a).toBeCloseTo(80.09, 0);
    expect(red.b).toBeCloseTo(67.2, 0);
    const grey = rgbToLab(119, 119, 119);
    expect(grey.L).toBeCloseTo(50, 0);
  });

  it('gives the ITA° of Chardon et al. and its skin-tone bands', () => {
    expect(individualTypologyAngle(50, 20)).toBeCloseTo(0, 5);
    expect(individualTypologyAngle(70, 20)).toBeCloseTo(45, 5);
    expect(skinToneCategory(60)).toBe('very_light');
    expect(skinToneCategory(45)).toBe('light');
    expect(skinToneCategory(30)).toBe('intermediate');
    expect(skinToneCategory(20)).toBe('tan');
    expect(skinToneCategory(0)).toBe('brown');
    expect(skinToneCategory(-45)).toBe('dark');
  });

  it('converts whole planes consistently with the per-pixel formula', () => {
    const rgb = new Float32Array([200, 150, 120, 30, 60, 90]);
    const { L, a, b } = rgbToLabPlanes(rgb, 2, 1);
    const first = rgbToLab(200, 150, 120);
    expect(L.data[0]).toBeCloseTo(first.L, 3);
    expect(a.data[0]).toBeCloseTo(first.a, 3);
    expect(b.data[0]).toBeCloseTo(first.b, 3);
  });
});

describe('filters and masks', () => {
  it('blurs without changing the mean and flattens detail', () => {
    const p = planeWithDiscs(64, 50, [{ x: 32, y: 32, r: 4, delta: -20 }]);
    const mean = (q: Plane) => q.data.reduce((s, v) => s + v, 0) / q.data.length;
    const g = gaussianBlur(p, 2);
    expect(mean(g)).toBeCloseTo(mean(p), 3);
    expect(g.data[32 * 64 + 32]).toBeGreaterThan(p.data[32 * 64 + 32]!);
    expect(laplacianVariance(g)).toBeLessThan(laplacianVariance(p) / 5);
  });

  it('resamples by area when shrinking: a 2x2 checkerboard averages to grey', () => {
    const data = new Uint8Array(8 * 8 * 3);
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++)
        data.fill((x + y) % 2 ? 255 : 0, (y * 8 + x) * 3, (y * 8 + x) * 3 + 3);
    const out = resampleRgb(
      { data, width: 8, height: 8, channels: 3 },
      { x: 0, y: 0, width: 8, height: 8 },
      4,
      4,
    );
    for (const v of out.subarray(15, 33)) expect(v).toBeCloseTo(127.5, 0);
  });

  it('fills polygons by area and erodes/closes masks', () => {
    const square = polygonMask(20, 20, [
      [5, 5],
      [15, 5],
      [15, 15],
      [5, 15],
    ]);
    expect(countMask(square)).toBe(100);
    expect(countMask(erode(square, 20, 20, 1))).toBe(64);
    const holed = square.slice();
    holed[10 * 20 + 10] = 0;
    expect(countMask(close(holed, 20, 20, 1))).toBe(100);
  });

  it('computes masked quantiles and detrended spread', () => {
    const v = new Float32Array(1001).map((_, i) => i / 10);
    expect(maskedQuantile(v, full(1001), 0.5)).toBeCloseTo(50, 1);
    expect(maskedQuantile(v, full(1001), 0.9)).toBeCloseTo(90, 1);
    // A pure lighting ramp has no unevenness; a ±2 checker on top has σ = 2.
    const w = 40;
    const ramp = new Float32Array(w * w).map(
      (_, i) => 50 + 0.3 * (i % w) + 0.2 * Math.floor(i / w),
    );
    expect(detrendedStd(ramp, full(w * w), w)).toBeLessThan(1e-3);
    const checker = ramp.map((val, i) => val + (((i % w) + Math.floor(i / w)) % 2 ? 2 : -2));
    expect(detrendedStd(checker, full(w * w), w)).toBeCloseTo(2, 1);
    // Per-pixel weights (soft hair weight): a block of outliers counts in proportion to its
    // weight, between leaving it out (weight 0) and counting it fully (weight 1).
    const flat = new Float32Array(w * w).fill(50);
    for (let i = 0; i < 200; i++) flat[i] = 60;
    const weights = (v: number) => new Float32Array(w * w).map((_, i) => (i < 200 ? v : 1));
    const none = detrendedStd(flat, full(w * w), w, undefined, weights(0));
    const half = detrendedStd(flat, full(w * w), w, undefined, weights(0.5));
    const all = detrendedStd(flat, full(w * w), w, undefined, weights(1));
    expect(none).toBeLessThan(1e-6);
    expect(all).toBeCloseTo(detrendedStd(flat, full(w * w), w), 6);
    expect(half).toBeGreaterThan(0.3 * all);
    expect(half).toBeLessThan(0.9 * all);
  });
});

describe('blob detection (DoG)', () => {
  it('finds exactly the dark spots painted on flat skin, at a matching scale', () => {
    const discs = [
      { x: 20, y: 20, r: 3, delta: -12 },
      { x: 60, y: 25, r: 4, delta: -12 },
      { x: 30, y: 70, r: 3, delta: -10 },
      { x: 75, y: 75, r: 5, delta: -12 },
    ];
    const p = planeWithDiscs(100, 70, discs);
    const blobs = detectBlobs(stack(p, L_SIGMAS), L_SIGMAS, {
      polarity: 'dark',
      fromLevel: 1,
      toLevel: 3,
      minResponse: 2,
      mask: full(100 * 100),
    });
    expect(blobs).toHaveLength(4);
    for (const d of discs) {
      const hit = blobs.find((b) => Math.hypot(b.x - d.x, b.y - d.y) <= 2);
      expect(hit, `spot at ${d.x},${d.y}`).toBeDefined();
    }
    // Bright polarity sees none of them.
    expect(
      detectBlobs(stack(p, L_SIGMAS), L_SIGMAS, {
        polarity: 'bright',
        fromLevel: 1,
        toLevel: 3,
        minResponse: 2,
        mask: full(100 * 100),
      }),
    ).toHaveLength(0);
  });

  it('ignores spots below the contrast threshold and lines (edge rejection)', () => {
    const faint = planeWithDiscs(60, 70, [{ x: 30, y: 30, r: 3, delta: -2 }]);
    expect(
      detectBlobs(stack(faint, L_SIGMAS), L_SIGMAS, {
        polarity: 'dark',
        fromLevel: 1,
        toLevel: 3,
        minResponse: 2,
        mask: full(3600),
      }),
    ).toHaveLength(0);
    const line = createPlane(60, 60);
    line.data.fill(70);
    for (let y = 5; y < 55; y++) for (let x = 29; x <= 30; x++) line.data[y * 60 + x] = 55;
    const blobs = detectBlobs(stack(line, L_SIGMAS), L_SIGMAS, {
      polarity: 'dark',
      fromLevel: 1,
      toLevel: 3,
      minResponse: 2,
      mask: full(3600),
    });
    // Only the two line ends may look blob-like; the 50 px body must not produce a chain of blobs.
    expect(blobs.length).toBeLessThanOrEqual(2);
  });
});

describe('blob roundness (decision 048)', () => {
  /** A bright Gaussian blob with σ sx × sy on a flat plane, centred at (30, 30). */
  function ellipse(sx: number, sy: number): Plane {
    const p = createPlane(60, 60);
    for (let y = 0; y < 60; y++)
      for (let x = 0; x < 60; x++)
        p.data[y * 60 + x] =
          10 + 8 * Math.exp(-((x - 30) ** 2) / (2 * sx * sx) - (y - 30) ** 2 / (2 * sy * sy));
    return p;
  }
  const sigmas = [1.28, 2.05, 3.3, 5.2];
  const ratio = (p: Plane) => curvatureRatio(stack(p, sigmas), 1, 'bright', 30, 30);

  it('is about 1 for a round blob and grows steadily as it stretches', () => {
    expect(ratio(ellipse(2, 2))).toBeLessThan(1.05);
    const rs = [1.2, 1.5, 2, 3].map((k) => ratio(ellipse(2 * k, 2)));
    for (let i = 1; i < rs.length; i++) expect(rs[i]!).toBeGreaterThan(rs[i - 1]!);
    // A small stretch moves the ratio a little (no jump at the old hard limit, 6).
    expect(rs[0]!).toBeLessThan(2);
    expect(rs[3]!).toBeGreaterThan(4);
  });

  it('is the quantity the edge rejection compares with its limit', () => {
    const p = ellipse(5, 2);
    const r = ratio(p);
    const found = (limit: number) =>
      detectBlobs(stack(p, sigmas), sigmas, {
        polarity: 'bright',
        fromLevel: 1,
        toLevel: 1,
        minResponse: 0.1,
        mask: full(3600),
        maxCurvatureRatio: limit,
      }).length;
    expect(found(r * 1.05)).toBe(1);
    expect(found(r / 1.05)).toBe(0);
  });

  it('is infinite at a saddle (a line end or a ridge is not a blob)', () => {
    const p = createPlane(60, 60);
    for (let y = 0; y < 60; y++)
      for (let x = 0; x < 60; x++) p.data[y * 60 + x] = 10 + 0.01 * ((x - 30) ** 2 - (y - 30) ** 2);
    expect(curvatureRatio(stack(p, sigmas), 1, 'bright', 30, 30)).toBe(Infinity);
  });
});

describe('measurements on synthetic patches', () => {
  it('valley strength is high on a dark line and low on a round spot', () => {
    const line = createPlane(40, 40);
    line.data.fill(70);
    for (let y = 0; y < 40; y++) line.data[y * 40 + 20] = 60;
    const spot = planeWithDiscs(40, 70, [{ x: 20, y: 20, r: 2, delta: -10 }]);
    const sLine = valleyStrength(gaussianBlur(line, 1.28), 1.28)[20 * 40 + 20]!;
    const sSpot = valleyStrength(gaussianBlur(spot, 1.28), 1.28)[20 * 40 + 20]!;
    expect(sLine).toBeGreaterThan(1.5);
    expect(sSpot).toBeLessThan(sLine / 3);
  });

  it('shine counts bright desaturated pixels only', () => {
    const n = 100;
    const L = new Float32Array(n).fill(70);
    const chroma = new Float32Array(n).fill(20);
    const hp = new Float32Array(n);
    // 10 % specular (L +25, chroma 4), 10 % bright but fully saturated (not shine).
    for (let i = 0; i < 10; i++) {
      L[i] = 95;
      chroma[i] = 4;
    }
    for (let i = 10; i < 20; i++) L[i] = 95;
    expect(shinePercent(L, chroma, hp, full(n), 70, 20)).toBeCloseTo(10, 5);
  });

  it('oiliness reads a highlight by the light it adds: the same ΔL* counts less on darker skin (decision 110)', () => {
    // At L* 60 the added-light reading is plain ΔL*; the same added light raises a darker skin's
    // L* more, so the same ΔL* there is less light.
    expect(specularExcess(66, 60)).toBeCloseTo(6, 6);
    expect(specularExcess(45, 35)).toBeCloseTo(10 * (51 / 76) ** OIL_TONE_GAMMA, 6);
    const weights = (refL: number, addedLight: boolean) => {
      const L = new Float32Array([refL + 12]);
      const out = new Float32Array(1);
      shineWeights(L, new Float32Array([4]), new Float32Array(1), full(1), refL, 20, out, {
        addedLight,
      });
      return out[0] as number;
    };
    // A highlight 12 L* above the skin: the same weight at L* 60, less on dark skin, and its
    // weight still rises with its brightness there (the score moves with its cue).
    expect(weights(60, true)).toBeCloseTo(weights(60, false), 6);
    expect(weights(35, true)).toBeLessThan(weights(35, false) - 0.1);
    expect(weights(35, true)).toBeGreaterThan(0);
  });

  it('roughness is the RMS of the high-pass, clipped', () => {
    const hp = new Float32Array([3, -3, 3, -3]);
    expect(clippedRms(hp, full(4))).toBeCloseTo(3, 6);
    expect(clippedRms(new Float32Array([40, -40]), full(2))).toBeCloseTo(12, 6);
  });
});

describe('dark spots at a zone edge (decision 043)', () => {
  it('a blob counts by the share of its disc on measured skin', () => {
    const w = 40;
    const h = 40;
    // Measured skin: the left half (x < 20).
    const mask = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < 20; x++) mask[y * w + x] = 1;
    expect(discShare(mask, w, h, 8, 20, 4)).toBe(1);
    expect(discShare(mask, w, h, 32, 20, 4)).toBe(0);
    // Centred one pixel inside the edge: a little more than half.
    const astride = discShare(mask, w, h, 19, 20, 4);
    expect(astride).toBeGreaterThan(0.5);
    expect(astride).toBeLessThan(0.7);
    // The edge moving by one pixel (the face mesh between two exposures) moves it by a fraction,
    // not from a whole spot to none.
    const moved = discShare(mask, w, h, 20, 20, 4);
    expect(astride - moved).toBeGreaterThan(0);
    expect(astride - moved).toBeLessThan(0.25);
    // Off the image counts as not skin.
    expect(discShare(mask, w, h, 0, 20, 4)).toBeGreaterThan(0.5);
    expect(discShare(mask, w, h, 0, 20, 4)).toBeLessThan(0.6);
  });
});

describe('calibration', () => {
  it('interpolates piecewise-linearly and clamps at the ends', () => {
    const knots = [
      [0, 100],
      [10, 50],
      [20, 0],
    ] as const;
    expect(piecewiseLinear(-5, knots)).toBe(100);
    expect(piecewiseLinear(5, knots)).toBe(75);
    expect(piecewiseLinear(15, knots)).toBe(25);
    expect(piecewiseLinear(99, knots)).toBe(0);
  });

  it('overall score is the weighted mean of the reported scores', () => {
    expect(overallScore({ acne: 80, redness: 80 })).toBe(80);
    // acne weighs 1.2, redness 1: (1.2·100 + 1·45) / 2.2 = 75
    expect(overallScore({ acne: 100, redness: 45 })).toBe(75);
  });

  it('types skin "sensitive" from redness only when redness could be read (decision 054)', () => {
    const zone = { shine_pct: 1 } as RegionMeasurements;
    const regions = Object.fromEntries(REGIONS.map((r) => [r, zone])) as Record<
      RegionKey,
      RegionMeasurements
    >;
    const results = Object.fromEntries(
      COMPREHENSIVE_METRICS.map((m) => [m, { score: 90, raw: 0, regionScores: {} }]),
    ) as unknown as Parameters<typeof estimateSkinType>[1];
    results.sensitivity = { score: 50, raw: 0, regionScores: {} };
    results.redness = { score: 60, raw: 0, regionScores: {} };
    expect(estimateSkinType(regions, results)).toBe('sensitive');
    expect(estimateSkinType(regions, results, false)).toBe('normal');
  });
});
