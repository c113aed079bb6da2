import { beforeAll, describe, expect, it } from 'vitest';
import { nearClipPixels, NEAR_CLIP_LEVEL } from '../src/face/frame';
import { clipChroma } from '../src/metrics/skin';
import {
  forEachInside,
  inLinearLight,
  referencePortrait,
  regionPolygon,
  srgbToLinear,
  type Rgb,
} from './helpers';

/**
 * Decision 167: the red of light skin clips first in a bright photo, and a pixel whose red is cut
 * reads paler than the skin is, as an oil film's highlight would. Its chroma is then also read from
 * its green and blue, which the clipping left.
 */
describe('a clipped red is not an oil film (decision 167)', () => {
  it('a pixel whose red is clipped gets the chroma its green and blue give; an unclipped one keeps its own', () => {
    const gains: [number, number, number] = [1, 1, 1];
    // Three reference skin pixels (linear ≈ 0.52 / 0.27 / 0.17: s = 1 − B/G ≈ 0.37), then a
    // clipped-red pixel of the same G and B (the skin, brighter), then a clipped-red pixel whose G
    // and B are near each other (white light added: an oil film), then an unclipped pixel.
    const px = [
      [190, 143, 115],
      [190, 143, 115],
      [190, 143, 115],
      [255, 160, 129],
      [255, 235, 230],
      [200, 150, 120],
    ];
    const rgb = new Float32Array(px.flat());
    const refMask = Uint8Array.from([1, 1, 1, 0, 0, 0]);
    const near = nearClipPixels(rgb, gains, refMask, { start: 0, end: 6 }, new Float32Array(6), 20);
    expect(near).not.toBeNull();
    expect(Array.from(near!.index)).toEqual([3, 4]);
    expect(Array.from(near!.share)).toEqual([1, 1]);
    // The skin-coloured one reads about the skin's chroma, the whitened one far less.
    expect(near!.chroma[0]).toBeGreaterThan(18);
    expect(near!.chroma[0]).toBeLessThan(22);
    expect(near!.chroma[1]).toBeLessThan(5);
    // Below NEAR_CLIP_LEVEL nothing is listed.
    const dim = new Float32Array([NEAR_CLIP_LEVEL - 1, 150, 120, 190, 143, 115]);
    expect(
      nearClipPixels(
        dim,
        gains,
        Uint8Array.from([0, 1]),
        { start: 0, end: 2 },
        new Float32Array(2),
        20,
      ),
    ).toBeNull();

    // clipChroma raises a clipped pixel's chroma to what its green and blue say, never lowers it.
    const chroma = new Float32Array([20, 20, 20, 9, 9, 20]);
    clipChroma(chroma, near!);
    expect(chroma[3]).toBeCloseTo(near!.chroma[0]!, 5);
    expect(chroma[4]).toBe(9);
    expect(chroma[5]).toBe(20);
  });

  describe('on the reference portrait', () => {
    let ctx: Awaited<ReturnType<typeof referencePortrait>>;
    let skinColoured: (k: number, white?: number) => Rgb;
    beforeAll(async () => {
      ctx = await referencePortrait();
      const { face, baseline } = ctx;
      const forehead = regionPolygon(baseline, 'forehead');
      const cheeks = [
        regionPolygon(baseline, 'left_cheek'),
        regionPolygon(baseline, 'right_cheek'),
      ];
      const ch: number[][] = [[], [], []];
      forEachInside(face, cheeks, (p) => {
        for (let c = 0; c < 3; c++) ch[c]!.push(srgbToLinear(face.data[p + c]!));
      });
      const skin = ch.map((v) => v.sort((a, b) => a - b)[v.length >> 1]!);
      const Y = (c: readonly number[]) => 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
      // The forehead in the cheeks' colour (its own lightness pattern kept), lit k times brighter;
      // `white` adds up to that much white light (an oil film's reflection) on a spot at its centre.
      const xs = forehead.map((p) => p[0]);
      const ys = forehead.map((p) => p[1]);
      const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
      const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
      const r = (Math.max(...xs) - Math.min(...xs)) / 6;
      skinColoured = (k, white = 0) =>
        inLinearLight(face, [forehead], (rgb, x, y) => {
          const s = (Y(rgb) / Y(skin)) * k;
          const w = white * Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * r * r));
          return skin.map((v) => Math.min(1, v * s + w)) as [number, number, number];
        });
    });

    it('skin lit so brightly that a fifth of its red clips reads no shine; the same skin with an oil film does', async () => {
      const { analyze, baseline } = ctx;
      const lit = skinColoured(1.3);
      // How much of the forehead's red is clipped.
      let clipped = 0;
      let n = 0;
      forEachInside(lit, [regionPolygon(baseline, 'forehead')], (p) => {
        n++;
        if (lit.data[p]! >= 254 && lit.data[p + 1]! < 245) clipped++;
      });
      expect(clipped / n).toBeGreaterThan(0.15);
      const plain = await analyze(skinColoured(1));
      const bright = await analyze(lit);
      expect(plain.measurements.forehead.shine_pct).toBeLessThan(0.5);
      // Read by its lost chroma, this forehead was 5.7 % shine (method 7 of oiliness).
      expect(bright.measurements.forehead.shine_pct).toBeLessThan(1.5);
      const oily = await analyze(skinColoured(1.3, 0.3));
      expect(oily.measurements.forehead.shine_pct).toBeGreaterThan(
        bright.measurements.forehead.shine_pct + 5,
      );
    });
  });
});
