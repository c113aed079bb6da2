import { describe, expect, it } from 'vitest';
import { gaussianBlur, maxFilter, valleyStrength } from '../src/image/filters';
import {
  andInto,
  andNotInto,
  clearOutside,
  connectedComponents,
  countWithin,
  labelInto,
  orInto,
} from '../src/image/mask';
import { Scratch } from '../src/image/scratch';
import { maskedQuantiles } from '../src/image/stats';
import { detectBlobs } from '../src/metrics/blobs';
import {
  connectedComponentsBefore,
  detectBlobsBefore,
  gaussianBlurBefore,
  maxFilterBefore,
  valleyStrengthBefore,
} from './before-138';
import { lcg, SIZES, randomMask, randomPlane } from './random';

/*
 * Decision 138 moved the engine's hot loops into small functions of their own (V8 optimises those
 * once and keeps them, where a loop inside a long function ran unoptimised on the first analysis)
 * and dropped closures made per call. None of it may change a value: each rewritten pass against
 * its version from before the decision (before-138.ts) or its plain loop, bit for bit.
 */

describe('the rewritten passes give what they gave before decision 138', () => {
  it('gaussianBlur, with and without a pool, for odd and even tap counts', () => {
    const rand = lcg(138);
    for (const [width, height] of SIZES)
      for (const sigma of [0.5, 0.8, 1.28, 2.05, 3, 5.2]) {
        const plane = randomPlane(rand, width, height);
        const want = Array.from(gaussianBlurBefore(plane, sigma).data);
        expect(Array.from(gaussianBlur(plane, sigma).data)).toEqual(want);
        expect(Array.from(gaussianBlur(plane, sigma, new Scratch()).data)).toEqual(want);
      }
  });

  it('maxFilter and valleyStrength', () => {
    const rand = lcg(7);
    for (const [width, height] of SIZES) {
      const plane = randomPlane(rand, width, height);
      const support = randomMask(rand, width * height, 0.05);
      const sparse = plane.data.map((v, i) => (support[i] ? v : 0));
      for (const r of [1, 2, 4])
        expect(Array.from(maxFilter(sparse, support, width, height, r))).toEqual(
          Array.from(maxFilterBefore(sparse, support, width, height, r)),
        );
      expect(Array.from(valleyStrength(plane, 2.05))).toEqual(
        Array.from(valleyStrengthBefore(plane, 2.05)),
      );
    }
  });

  it('detectBlobs, dark and bright, with edge rejection and suppression', () => {
    const rand = lcg(57);
    for (const [width, height] of SIZES) {
      const base = randomPlane(rand, width, height);
      const sigmas = [0.8, 1.28, 2.05, 3.3];
      const stack = sigmas.map((s) => gaussianBlurBefore(base, s));
      const mask = randomMask(rand, width * height, 0.8);
      for (const polarity of ['dark', 'bright'] as const)
        for (const [fromLevel, toLevel] of [
          [0, 0],
          [0, 2],
          [1, 2],
        ] as const) {
          const opts = { polarity, fromLevel, toLevel, minResponse: 0.2, mask, separation: 1.5 };
          const got = detectBlobs(stack, sigmas, opts);
          expect(got.length).toBeGreaterThan(0);
          expect(got).toEqual(detectBlobsBefore(stack, sigmas, opts));
        }
    }
  });

  it('connectedComponents', () => {
    const rand = lcg(5);
    for (const [width, height] of SIZES) {
      const mask = randomMask(rand, width * height, 0.45);
      const got = connectedComponents(mask, width, height);
      expect(got.length).toBeGreaterThan(1);
      expect(got).toEqual(connectedComponentsBefore(mask, width, height));
    }
  });
});

describe('the shared mask loops do what their plain loops did', () => {
  it('orInto, andInto, andNotInto, labelInto, clearOutside and countWithin within a range', () => {
    const rand = lcg(11);
    const n = 500;
    const [start, end] = [37, 411];
    for (let round = 0; round < 5; round++) {
      const a = randomMask(rand, n, 0.5);
      const b = randomMask(rand, n, 0.5);
      const base = randomMask(rand, n, 0.3);
      const plain = (test: (i: number) => boolean, value = 1) => {
        const out = Uint8Array.from(base);
        for (let i = start; i < end; i++) if (test(i)) out[i] = value;
        return Array.from(out);
      };
      const run = (fill: (out: Uint8Array) => void) => {
        const out = Uint8Array.from(base);
        fill(out);
        return Array.from(out);
      };
      expect(run((out) => orInto(a, out, start, end))).toEqual(plain((i) => a[i] === 1));
      expect(run((out) => andInto(a, b, out, start, end))).toEqual(
        plain((i) => a[i] === 1 && b[i] === 1),
      );
      expect(run((out) => andNotInto(a, b, out, start, end))).toEqual(
        plain((i) => a[i] === 1 && b[i] === 0),
      );
      expect(run((out) => clearOutside(out, a, start, end))).toEqual(
        plain((i) => base[i] === 1 && a[i] === 0, 0),
      );
      const labels = new Int8Array(n).fill(-1);
      labelInto(a, labels, 3, start, end);
      labels.forEach((v, i) => expect(v).toBe(i >= start && i < end && a[i] ? 3 : -1));
      let count = 0;
      for (let i = start; i < end; i++) if (a[i]) count++;
      expect(countWithin(a, start, end)).toBe(count);
    }
  });

  it('maskedQuantiles gives the same answer call after call (one histogram for every call)', () => {
    const rand = lcg(3);
    const values = new Float32Array(2000).map(() => rand() * 50 - 10);
    const mask = randomMask(rand, 2000, 0.6);
    const first = maskedQuantiles(values, mask, [0.1, 0.25, 0.5, 0.9]);
    // Other calls in between (other values, other ranges) leave nothing behind.
    maskedQuantiles(
      values.map((v) => v * 3),
      randomMask(rand, 2000, 0.2),
      [0.5],
    );
    maskedQuantiles(values, mask, [0.5], { start: 100, end: 900 });
    expect(maskedQuantiles(values, mask, [0.1, 0.25, 0.5, 0.9])).toEqual(first);
    // And what a sort of the masked values gives, within the histogram's bin.
    const sorted = Float64Array.from(values.filter((_, i) => mask[i])).sort();
    const exact = sorted[Math.floor(0.5 * (sorted.length - 1))] as number;
    expect(Math.abs((first[2] as number) - exact)).toBeLessThan(60 / 4096 + 1e-6);
  });
});
