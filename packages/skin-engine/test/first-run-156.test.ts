import { describe, expect, it } from 'vitest';
import { buildFaceFrame } from '../src/face/frame';
import { INNER_MOUTH, LEFT_EYE } from '../src/face/landmarks';
import { createNodeFaceDetector } from '../src/face/node-human';
import { polygonPixels } from '../src/face/white-balance';
import {
  downsampleMask2,
  gaussianBlur,
  laplacianVariance,
  maxFilter,
  upsample2,
} from '../src/image/filters';
import {
  andInto,
  andNotInto,
  clearOutside,
  close,
  connectedComponents,
  countMask,
  countWithin,
  dilate,
  erode,
  fillPolygon,
  intersect,
  type Polygon,
} from '../src/image/mask';
import { maskedGaussianBlurHalf } from '../src/image/masked-blur';
import { resampleRgb } from '../src/image/raster';
import { Scratch } from '../src/image/scratch';
import { maskedQuantiles } from '../src/image/stats';
import { detectBlobs } from '../src/metrics/blobs';
import { softWeight } from '../src/metrics/marks';
import { detectMarks } from '../src/metrics/marks';
import { measureFace } from '../src/metrics/measure';
import { L_SIGMAS, skinContext } from '../src/metrics/skin';
import { surfaceMaps } from '../src/metrics/surface';
import { zoneMeasurements } from '../src/metrics/zones';
import { linesCounted, maskPolygons } from '../src/overlays';
import { focusOfHalf } from '../src/quality';
import {
  andIntoBefore,
  andNotIntoBefore,
  clearOutsideBefore,
  connectedComponentsBefore,
  countMaskBefore,
  countWithinBefore,
  downsampleMask2Before,
  fillPolygonBefore,
  focusOfHalfBefore,
  intersectBefore,
  laplacianVarianceBefore,
  maxFilterBefore,
  softWeightBefore,
  upsample2Before,
} from './before-156';
import {
  coreCountsBefore,
  countCoreBefore,
  linesCountedBefore,
  maskedGaussianBlurHalfBefore,
  maskPolygonsBefore,
  polygonPixelsBefore,
  resampleRgbBefore,
} from './before-156-frame';
import { detectBlobsBefore } from './before-156-blobs';
import { surfaceMapsBefore, zoneMeasurementsBefore } from './before-156-measures';
import { closeBefore, dilateBefore, erodeBefore, maskedQuantilesBefore } from './before-156-stats';
import { loadRgb } from './helpers';
import { lcg, randomMask, randomPlane, SIZES } from './random';

/*
 * Decision 156 rewrote the mask, filter, resample, masked-blur, white-balance, quality-gate,
 * surface, zone and overlay passes whose optimised code V8 still threw away on a first analysis
 * (typed arrays as arguments, loops per row or chunk, every pixel's operations reached on every
 * call). None of it may change a value: each against its version from before the decision
 * (before-156*.ts), bit for bit (toEqual compares numbers with Object.is: −0 is not 0, NaN is
 * NaN). The whole engine's results: bench/result-hash.ts.
 */

/** A mask of bytes 0, 1 and other set values (the passes test truthiness, not 1). */
function byteMask(rand: () => number, n: number, share: number): Uint8Array {
  return new Uint8Array(n).map(() => (rand() < share ? (rand() < 0.2 ? 255 : 1) : 0));
}

describe('the rewritten passes give what they gave before decision 156', () => {
  it('fillPolygon with integer and fractional vertices, past the edges, either value', () => {
    const rand = lcg(156);
    for (const [width, height] of SIZES)
      for (let k = 0; k < 40; k++) {
        const n = 3 + Math.floor(rand() * 12);
        const whole = k % 2 === 0;
        const polygon: Polygon = Array.from({ length: n }, () => {
          const x = rand() * (width + 10) - 5;
          const y = rand() * (height + 10) - 5;
          return whole ? ([Math.round(x), Math.round(y)] as const) : ([x, y] as const);
        });
        const start = randomMask(rand, width * height, 0.3);
        const got = start.slice();
        const want = start.slice();
        const value = k % 3 === 0 ? 0 : 1;
        fillPolygon(got, width, height, polygon, value);
        fillPolygonBefore(want, width, height, polygon, value);
        expect(Array.from(got)).toEqual(Array.from(want));
      }
    // More vertices than the first vertex buffer holds, and fewer than three.
    const ring: Polygon = Array.from({ length: 300 }, (_, i) => {
      const t = (2 * Math.PI * i) / 300;
      return [20 + 15 * Math.cos(t), 20 + 15 * Math.sin(3 * t)] as const;
    });
    for (const polygon of [ring, ring.slice(0, 2)]) {
      const got = new Uint8Array(40 * 40);
      const want = new Uint8Array(40 * 40);
      fillPolygon(got, 40, 40, polygon);
      fillPolygonBefore(want, 40, 40, polygon);
      expect(Array.from(got)).toEqual(Array.from(want));
    }
  });

  it('intersect, andInto, andNotInto, clearOutside, countWithin and countMask', () => {
    const rand = lcg(77);
    for (const [width, height] of [...SIZES, [130, 40]] as const) {
      const n = width * height;
      for (const share of [0, 0.01, 0.5, 1]) {
        const a = byteMask(rand, n, share);
        const b = byteMask(rand, n, 0.6);
        expect(Array.from(intersect(a, b))).toEqual(Array.from(intersectBefore(a, b)));
        expect(countMask(a)).toBe(countMaskBefore(a));
        const start = Math.floor(rand() * n);
        const end = start + Math.floor(rand() * (n - start));
        expect(countWithin(a, start, end)).toBe(countWithinBefore(a, start, end));
        for (const [fn, before] of [
          [andInto, andIntoBefore],
          [andNotInto, andNotIntoBefore],
        ] as const) {
          const dst = byteMask(rand, n, 0.3);
          const got = dst.slice();
          const want = dst.slice();
          fn(a, b, got, start, end);
          before(a, b, want, start, end);
          expect(Array.from(got)).toEqual(Array.from(want));
        }
        const got = a.slice();
        const want = a.slice();
        clearOutside(got, b, start, end);
        clearOutsideBefore(want, b, start, end);
        expect(Array.from(got)).toEqual(Array.from(want));
      }
    }
  });

  it('connectedComponents, sparse to full, called again and again', () => {
    const rand = lcg(8);
    for (const [width, height] of [...SIZES, [150, 90]] as const)
      for (const share of [0, 0.02, 0.3, 0.6, 1]) {
        const mask = byteMask(rand, width * height, share);
        const want = connectedComponentsBefore(mask, width, height);
        expect(connectedComponents(mask, width, height)).toEqual(want);
        expect(connectedComponents(mask, width, height)).toEqual(want);
      }
  });

  it('laplacianVariance with and without a mask, focusOfHalf, small and flat planes', () => {
    const rand = lcg(183);
    for (const [width, height] of [...SIZES, [3, 3], [2, 7], [1, 1]] as const) {
      const plane = randomPlane(rand, width, height, 60);
      const mask = randomMask(rand, width * height, 0.5);
      expect(laplacianVariance(plane)).toBe(laplacianVarianceBefore(plane));
      expect(laplacianVariance(plane, mask)).toBe(laplacianVarianceBefore(plane, mask));
      expect(focusOfHalf(plane)).toBe(focusOfHalfBefore(plane));
      const flat = { ...plane, data: new Float32Array(width * height).fill(42) };
      expect(focusOfHalf(flat)).toBe(focusOfHalfBefore(flat));
    }
  });

  it('upsample2 and maxFilter (sparse, empty and full support)', () => {
    const rand = lcg(233);
    for (const [width, height] of SIZES) {
      const half = randomPlane(rand, Math.ceil(width / 2), Math.ceil(height / 2));
      expect(Array.from(upsample2(half, width, height).data)).toEqual(
        Array.from(upsample2Before(half, width, height).data),
      );
      for (const share of [0, 0.02, 1]) {
        const support = randomMask(rand, width * height, share);
        const src = randomPlane(rand, width, height).data.map((v, i) => (support[i] ? v : 0));
        for (const r of [1, 4])
          expect(Array.from(maxFilter(src, support, width, height, r, new Scratch()))).toEqual(
            Array.from(maxFilterBefore(src, support, width, height, r, new Scratch())),
          );
      }
    }
  });

  it('erode, dilate and close (boxPasses by arithmetic), maskedQuantiles with and without a range', () => {
    const rand = lcg(151);
    for (const [width, height] of SIZES)
      for (const share of [0, 0.1, 0.7, 1]) {
        const mask = byteMask(rand, width * height, share);
        for (const r of [0, 1, 3])
          for (const [fn, before] of [
            [erode, erodeBefore],
            [dilate, dilateBefore],
            [close, closeBefore],
          ] as const)
            expect(Array.from(fn(mask, width, height, r))).toEqual(
              Array.from(before(mask, width, height, r)),
            );
        const values = randomPlane(rand, width, height, 50).data;
        const qs = [0, 0.25, 0.4, 0.5, 0.95, 1];
        const range = { start: width, end: width * (height - 2) };
        expect(maskedQuantiles(values, mask, qs)).toEqual(maskedQuantilesBefore(values, mask, qs));
        expect(maskedQuantiles(values, mask, qs, range)).toEqual(
          maskedQuantilesBefore(values, mask, qs, range),
        );
      }
  });

  it('detectBlobs (every neighbour compared), both polarities, plateaus, edges, every option', () => {
    const rand = lcg(207);
    let found = 0;
    for (const [width, height] of [...SIZES, [160, 120]] as const)
      for (const levels of [0, 5]) {
        const n = width * height;
        const data = randomPlane(rand, width, height, 40).data.map((v) =>
          levels ? Math.round((v * levels) / 40) : v,
        );
        const stack = L_SIGMAS.map((s) => gaussianBlur({ data, width, height }, s));
        const mask = byteMask(rand, n, 0.85);
        for (const opts of [
          { polarity: 'dark', fromLevel: 0, toLevel: 1, minResponse: 0.05, mask, separation: 1.5 },
          { polarity: 'bright', fromLevel: 0, toLevel: 3, minResponse: 0, mask },
          {
            polarity: 'dark',
            fromLevel: 1,
            toLevel: 2,
            minResponse: 0.1,
            mask,
            maxCurvatureRatio: 5,
          },
        ] as const) {
          const want = detectBlobsBefore(stack, L_SIGMAS, opts);
          found += want.length;
          expect(detectBlobs(stack, L_SIGMAS, opts)).toEqual(want);
        }
        // downsampleMask2 reads both pixels of every block now.
        expect(Array.from(downsampleMask2(mask, width, height))).toEqual(
          Array.from(downsampleMask2Before(mask, width, height)),
        );
      }
    expect(found).toBeGreaterThan(100);
  });

  it('softWeight on both sides of its ramp, at its ends, NaN and infinities', () => {
    const rand = lcg(65);
    const odd = [NaN, Infinity, -Infinity, 0, -0];
    for (let k = 0; k < 2000; k++) {
      const threshold = k < 25 ? (odd[k % 5] as number) : 0.1 + rand() * 3;
      const response = k < 25 ? (odd[Math.floor(k / 5)] as number) : rand() * 3 * threshold;
      expect(
        Object.is(softWeight(response, threshold), softWeightBefore(response, threshold)),
      ).toBe(true);
    }
  });

  it('resampleRgb, shrinking and enlarging, RGB and RGBA', () => {
    const rand = lcg(98);
    for (const channels of [3, 4] as const) {
      const width = 61;
      const height = 47;
      const data = new Uint8Array(width * height * channels).map(() => Math.floor(rand() * 256));
      const image = { data, width, height, channels };
      for (const [rect, w, h] of [
        [{ x: 0, y: 0, width, height }, 20, 15],
        [{ x: 5.5, y: 3.25, width: 30, height: 22 }, 90, 70],
        [{ x: -4, y: -2, width: 70, height: 55 }, 33, 41],
      ] as const) {
        const want = resampleRgbBefore(image, rect, w, h);
        expect(Array.from(resampleRgb(image, rect, w, h))).toEqual(Array.from(want));
        expect(Array.from(resampleRgb(image, rect, w, h, new Scratch()))).toEqual(Array.from(want));
      }
    }
  });

  it('maskedGaussianBlurHalf with byte and weight masks, zero rows, one plane or two', () => {
    const rand = lcg(49);
    for (const [width, height] of SIZES) {
      const n = width * height;
      const planes = [randomPlane(rand, width, height, 80), randomPlane(rand, width, height, 30)];
      // The top rows outside the mask, as a face frame's are.
      const top = Math.floor(height / 3) * width;
      const bytes = randomMask(rand, n, 0.8).map((v, i) => (i < top ? 0 : v));
      const weights = new Float32Array(n).map((_, i) => (i < top || rand() < 0.1 ? 0 : rand()));
      for (const mask of [bytes, weights])
        for (const sigma of [2, 4]) {
          const want = maskedGaussianBlurHalfBefore(planes, mask, sigma).map((p) =>
            Array.from(p.data),
          );
          const got = maskedGaussianBlurHalf(planes, mask, sigma, new Scratch());
          expect(got.map((p) => Array.from(p.data))).toEqual(want);
          const one = maskedGaussianBlurHalf(planes.slice(0, 1), mask, sigma);
          expect(one.map((p) => Array.from(p.data))).toEqual(want.slice(0, 1));
        }
    }
  });

  it('polygonPixels over RGB and RGBA images, clipped pixels, boxes past the edges, large samples', () => {
    const rand = lcg(91);
    for (const [width, height, channels, spread] of [
      [64, 48, 3, 20],
      [51, 70, 4, 20],
      [160, 140, 3, 2],
    ] as const) {
      const data = new Uint8Array(width * height * channels).map(() =>
        rand() < 0.05 ? 250 + Math.floor(rand() * 6) : Math.floor(rand() * 250),
      );
      const image = { data, width, height, channels };
      const mesh: [number, number][] = Array.from({ length: 478 }, (_, i) =>
        i % 2
          ? [rand() * (width + spread) - spread / 2, rand() * (height + spread) - spread / 2]
          : [Math.round(rand() * width), Math.round(rand() * height)],
      );
      for (const ring of [LEFT_EYE, INNER_MOUTH, [1, 2, 3, 4, 5], [0, 1]])
        expect(polygonPixels(image, mesh, ring)).toEqual(polygonPixelsBefore(image, mesh, ring));
    }
  });

  // Both versions of every pass over a real frame, four times: 31–36 s on the 2-core CI machines,
  // 66 s once with another suite beside it; 120 s leaves room for a busy machine.
  it('on a real working frame: the core counts, the zone lightness table, surfaceMaps, zoneMeasurements and the overlays', async () => {
    const image = await loadRgb('astronaut-face.jpg');
    const detector = await createNodeFaceDetector();
    const [face] = await detector.detect(image);
    expect(face).toBeDefined();
    const frame = buildFaceFrame(image, face!);
    const ctx = skinContext(frame, new Scratch());

    coreCountsBefore.fill(0);
    const { zoneRows } = frame;
    for (let i = zoneRows.start; i < zoneRows.end; i += 1024)
      countCoreBefore(ctx.core, frame.clipped, i, Math.min(zoneRows.end, i + 1024));
    expect([ctx.nCore, ctx.nClipped]).toEqual(Array.from(coreCountsBefore));
    expect(ctx.nCore).toBeGreaterThan(1000);
    for (let i = 0; i < ctx.L.length; i++)
      expect(ctx.zoneBase[(ctx.zoneOf[i] as number) + 1]).toBe(ctx.zoneBaseL(i));

    // As measured, without the hair weight (lineHair from the forehead alone, or null), and with
    // a patch of the forehead left out (lineExclusion's forehead passes).
    const { polygon, bounds } = frame.regions.forehead;
    const patched = ctx.measured.slice();
    for (let y = bounds.y0; y < bounds.y0 + ((bounds.y1 - bounds.y0) >> 1); y++)
      for (let x = bounds.x0; x < bounds.x0 + ((bounds.x1 - bounds.x0) >> 2); x++)
        if (polygon[y * frame.width + x]) patched[y * frame.width + x] = 0;
    for (const c of [
      ctx,
      { ...ctx, hairHere: null, hairSupport: null },
      { ...ctx, hairHere: null, hairSupport: null, measured: patched },
      { ...ctx, measured: patched },
    ]) {
      const got = surfaceMaps(c, new Scratch());
      const want = surfaceMapsBefore(c, new Scratch());
      expect(got).toEqual(want);
      const marks = detectMarks(c, new Scratch());
      expect(zoneMeasurements(c, marks, got)).toEqual(zoneMeasurementsBefore(c, marks, want));
    }

    const measured = measureFace(frame);
    expect(Array.from(linesCounted(frame, measured))).toEqual(
      Array.from(linesCountedBefore(frame, measured)),
    );
    for (const mask of [ctx.core, ctx.measured, measured.masks.lines])
      expect(maskPolygons(frame, mask)).toEqual(maskPolygonsBefore(frame, mask));
  }, 120_000);
});
