import { describe, expect, it } from 'vitest';
import { rgbToLabPlanes } from '../src/image/color';
import { downsample2, downsampleMask2, upsample2 } from '../src/image/filters';
import { close, dilate, erode, fillPolygon, type Polygon } from '../src/image/mask';
import { Scratch } from '../src/image/scratch';
import { detrendedStd, maskedQuantiles } from '../src/image/stats';
import {
  boxTestBefore,
  detrendedStdBefore,
  downsample2Before,
  downsampleMask2Before,
  fillPolygonBefore,
  maskedQuantilesBefore,
  rgbToLabPlanesBefore,
  upsample2Before,
} from './before-151';
import { lcg, SIZES, randomMask, randomPlane } from './random';

/*
 * Decision 151 moved more whole-frame loops into row functions (V8 optimises those at entry and
 * keeps them, where a loop entered once per call was compiled on the stack and again at entry on
 * the first analysis) and evaluates branches that had no type feedback every time. None of it may
 * change a value: each rewritten pass against its version from before the decision
 * (before-151.ts), bit for bit. The whole engine's results: bench/result-hash.ts.
 */

describe('the rewritten passes give what they gave before decision 151', () => {
  it('fillPolygon, convex and not, inside and across the edges', () => {
    const rand = lcg(151);
    for (const [width, height] of SIZES)
      for (let k = 0; k < 6; k++) {
        const polygon: Polygon = Array.from({ length: 3 + k * 2 }, () => [
          rand() * (width + 10) - 5,
          rand() * (height + 10) - 5,
        ]);
        const value = k % 2 ? 0 : 1;
        const base = randomMask(rand, width * height, 0.5);
        const got = base.slice();
        const want = base.slice();
        fillPolygon(got, width, height, polygon, value);
        fillPolygonBefore(want, width, height, polygon, value);
        expect(Array.from(got)).toEqual(Array.from(want));
      }
  });

  it('erode, dilate and close (every box test) for several radii', () => {
    const rand = lcg(3);
    for (const [width, height] of SIZES) {
      const mask = randomMask(rand, width * height, 0.6);
      for (const r of [1, 2, 5]) {
        const any = boxTestBefore(mask, width, height, r, 'any');
        expect(Array.from(dilate(mask, width, height, r))).toEqual(Array.from(any));
        expect(Array.from(erode(mask, width, height, r))).toEqual(
          Array.from(boxTestBefore(mask, width, height, r, 'all-in-image')),
        );
        expect(Array.from(close(mask, width, height, r))).toEqual(
          Array.from(boxTestBefore(any, width, height, r, 'all')),
        );
      }
    }
  });

  it('maskedQuantiles with and without a range, and detrendedStd with each kind of weight', () => {
    const rand = lcg(11);
    for (const [width, height] of SIZES) {
      const n = width * height;
      const values = randomPlane(rand, width, height).data;
      const mask = randomMask(rand, n, 0.7);
      const qs = [0.05, 0.25, 0.5, 0.9];
      const range = { start: width, end: n - width };
      expect(maskedQuantiles(values, mask, qs)).toEqual(maskedQuantilesBefore(values, mask, qs));
      expect(maskedQuantiles(values, mask, qs, range)).toEqual(
        maskedQuantilesBefore(values, mask, qs, range),
      );
      const soft = new Float32Array(n).map(() => rand());
      const bounds = { x0: 2, y0: 1, x1: width - 3, y1: height - 2 };
      for (const weight of [undefined, mask, soft])
        for (const b of [undefined, bounds])
          expect(detrendedStd(values, mask, width, b, weight)).toBe(
            detrendedStdBefore(values, mask, width, b, weight),
          );
    }
  });

  it('rgbToLabPlanes, near-black pixels included, with and without gains', () => {
    const rand = lcg(29);
    for (const [width, height] of SIZES) {
      // A third of the pixels near black (below CIELAB's linear segment's end), the rest anywhere.
      const rgb = new Float32Array(width * height * 3).map(() =>
        rand() < 0.33 ? rand() * 6 : rand() * 255,
      );
      for (const gains of [undefined, [1.08, 1, 0.93] as const]) {
        const got = rgbToLabPlanes(rgb, width, height, gains);
        const want = rgbToLabPlanesBefore(rgb, width, height, gains);
        expect(Array.from(got.L.data)).toEqual(Array.from(want.L.data));
        expect(Array.from(got.a.data)).toEqual(Array.from(want.a.data));
        expect(Array.from(got.b.data)).toEqual(Array.from(want.b.data));
      }
    }
  });

  it('downsample2, upsample2 and downsampleMask2, odd and even sizes, with and without a pool', () => {
    const rand = lcg(5);
    for (const [width, height] of SIZES) {
      const plane = randomPlane(rand, width, height);
      const half = downsample2Before(plane);
      expect(Array.from(downsample2(plane).data)).toEqual(Array.from(half.data));
      expect(Array.from(downsample2(plane, new Scratch()).data)).toEqual(Array.from(half.data));
      const up = upsample2Before(half, width, height);
      expect(Array.from(upsample2(half, width, height).data)).toEqual(Array.from(up.data));
      expect(Array.from(upsample2(half, width, height, new Scratch()).data)).toEqual(
        Array.from(up.data),
      );
      const mask = randomMask(rand, width * height, 0.5);
      expect(Array.from(downsampleMask2(mask, width, height))).toEqual(
        Array.from(downsampleMask2Before(mask, width, height)),
      );
    }
  });
});
