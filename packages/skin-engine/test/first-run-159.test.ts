import { describe, expect, it } from 'vitest';
import { HAIR_FOLD, hairRule, weighOnSkin, zoneSkin } from '../src/metrics/hair';
import { gaussianBlur } from '../src/image/filters';
import { detectBlobs } from '../src/metrics/blobs';
import { L_SIGMAS } from '../src/metrics/skin';
import { detectBlobsBefore } from './before-156-blobs';
import { hairRuleBefore, weighOnSkinBefore, zoneSkinBefore } from './before-159';
import { lcg, randomPlane, SIZES } from './random';

/*
 * Decision 159 rewrote the hair pass's per-pixel loops (typed arrays as arguments, per chunk of
 * 1024 pixels, from the frame's middle where each pixel's output is its own, every pixel's
 * operations reached on every call) and blob detection's row (every strong pixel tested as a
 * local maximum, on the mask or off it). None of it may change a value: each against its version
 * from before the decision (before-159.ts; detectBlobs against before-156-blobs.ts, which 159
 * gives the same as), bit for bit (toEqual compares numbers with Object.is: −0 is
 * not 0, NaN is NaN). The whole engine's results: bench/result-hash.ts.
 */

/** Frames of one chunk and less, and of several (the middle start, a last partial chunk). */
const FRAMES = [...SIZES, [97, 45], [130, 64]] as const;

/** A mask of bytes 0, 1 and other set values (the passes test truthiness, not 1). */
function byteMask(rand: () => number, n: number, share: number): Uint8Array {
  return new Uint8Array(n).map(() => (rand() < share ? (rand() < 0.2 ? 255 : 1) : 0));
}

/** Values from `pick`, with NaN, ±∞, −0 and 0 sprinkled in at about `odd` of the pixels. */
function plane(rand: () => number, n: number, pick: () => number, odd = 0.02): Float32Array {
  const specials = [NaN, Infinity, -Infinity, -0, 0];
  return new Float32Array(n).map(() =>
    rand() < odd ? (specials[Math.floor(rand() * specials.length)] as number) : pick(),
  );
}

describe('the rewritten hair loops give what they gave before decision 159', () => {
  it('hairRule, with and without folds, on skin of every share, around both thresholds', () => {
    const rand = lcg(159);
    const refTexture = 0.5;
    const refL = 60;
    for (const [width, height] of FRAMES) {
      const n = width * height;
      for (const share of [0, 0.02, 0.5, 1])
        for (const withFold of [false, true])
          for (const zeroed of [true, false]) {
            const measured = byteMask(rand, n, share);
            // Texture ratios 0…5 (the rule's ramps at 1.6–2 and 3.2–4) and darkening −0.1…0.2
            // (ramps at 0.02–0.06 and −0.02–0.02): every branch of hairness, fractional weights.
            const energy = plane(rand, n, () => rand() * 5 * refTexture);
            const localL = plane(rand, n, () => refL * (0.8 + rand() * 0.3));
            const fold = withFold ? plane(rand, n, () => rand() * 2 * HAIR_FOLD) : undefined;
            // The outputs as the engine lends them (zero-filled) and with other contents, which
            // both versions keep where they write nothing.
            const start = (k: number) =>
              zeroed ? new Float32Array(n) : plane(rand, n, () => rand() * k);
            const darkening = start(1);
            const raw = start(1);
            const support = zeroed ? new Uint8Array(n) : byteMask(rand, n, 0.3);
            const got = {
              texture: energy.slice(),
              darkening: darkening.slice(),
              raw: raw.slice(),
              support: support.slice(),
            };
            const want = {
              texture: energy.slice(),
              darkening: darkening.slice(),
              raw: raw.slice(),
              support: support.slice(),
            };
            hairRule(
              measured,
              fold,
              localL,
              refTexture,
              refL,
              got.texture,
              got.darkening,
              got.raw,
              got.support,
              width,
            );
            hairRuleBefore({ measured, fold }, localL, refTexture, refL, want);
            expect(Array.from(got.texture)).toEqual(Array.from(want.texture));
            expect(Array.from(got.darkening)).toEqual(Array.from(want.darkening));
            expect(Array.from(got.raw)).toEqual(Array.from(want.raw));
            expect(Array.from(got.support)).toEqual(Array.from(want.support));
            if (share === 0.5 && zeroed) {
              // The inputs reach fractional weights and both of the rule's arms.
              const fractional = want.raw.filter((h) => h > 0 && h < 1).length;
              expect(fractional).toBeGreaterThan(n / 50);
              expect(want.raw.some((h) => h === 1)).toBe(true);
            }
          }
    }
  });

  it('weighOnSkin, on skin of every share, weights around ½', () => {
    const rand = lcg(1590);
    for (const [width, height] of FRAMES) {
      const n = width * height;
      for (const share of [0, 0.02, 0.5, 1])
        for (const zeroed of [true, false]) {
          const measured = byteMask(rand, n, share);
          const grown = plane(rand, n, () => (rand() < 0.3 ? 0 : rand() < 0.2 ? 0.5 : rand()));
          const weight = zeroed ? new Float32Array(n) : plane(rand, n, () => rand());
          const mask = zeroed ? new Uint8Array(n) : byteMask(rand, n, 0.3);
          const got = [weight.slice(), mask.slice()] as const;
          const want = [weight.slice(), mask.slice()] as const;
          weighOnSkin(grown, measured, ...got);
          weighOnSkinBefore(grown, measured, ...want);
          expect(Array.from(got[0])).toEqual(Array.from(want[0]));
          expect(Array.from(got[1])).toEqual(Array.from(want[1]));
        }
    }
  });

  it('zoneSkin, its sums and its four outputs, hair from the top, a row or nowhere', () => {
    const rand = lcg(15900);
    for (const [width, height] of FRAMES) {
      const n = width * height;
      for (const share of [0, 0.02, 0.5, 1])
        for (const hairFromY of [-Infinity, Math.floor(height / 2), height + 1]) {
          const src = byteMask(rand, n, share);
          // Bare skin (0), hair (1 and over), soft weights, a weight of exactly ½'s complement.
          const hairWeight = plane(rand, n, () => {
            const u = rand();
            return u < 0.4 ? 0 : u < 0.5 ? 1 : u < 0.55 ? 1.5 : u < 0.6 ? 0.5 : rand();
          });
          const outs = () =>
            [
              plane(rand, n, () => rand()),
              byteMask(rand, n, 0.2),
              byteMask(rand, n, 0.2),
              byteMask(rand, n, 0.2),
            ] as const;
          const [skinW, mask, measured, core] = outs();
          const got = [skinW.slice(), mask.slice(), measured.slice(), core.slice()] as const;
          const want = [skinW.slice(), mask.slice(), measured.slice(), core.slice()] as const;
          const start = Math.floor(rand() * (n / 3));
          const end = n - Math.floor(rand() * (n / 3));
          const range = [start, end, width, hairFromY] as [number, number, number, number];
          const sums = zoneSkin(src, hairWeight, ...got, range);
          const sumsBefore = zoneSkinBefore(src, hairWeight, ...want, range);
          expect(sums).toEqual(sumsBefore);
          for (let k = 0; k < 4; k++)
            expect(Array.from(got[k] as ArrayLike<number>)).toEqual(
              Array.from(want[k] as ArrayLike<number>),
            );
        }
    }
    // Sums that are not NaN: a zone without NaN weights adds to finite counts (the sums' order).
    const n = 130 * 64;
    const src = new Uint8Array(n).fill(1);
    const hairWeight = new Float32Array(n).map((_, i) => ((i * 7919) % 1000) / 1000);
    const sums = zoneSkin(
      src,
      hairWeight,
      new Float32Array(n),
      new Uint8Array(n),
      new Uint8Array(n),
      new Uint8Array(n),
      [0, n, 130, 10],
    );
    const sumsBefore = zoneSkinBefore(
      src,
      hairWeight,
      new Float32Array(n),
      new Uint8Array(n),
      new Uint8Array(n),
      new Uint8Array(n),
      [0, n, 130, 10],
    );
    expect(Number.isFinite(sums[0]) && Number.isFinite(sums[1])).toBe(true);
    expect(sums).toEqual(sumsBefore);
  });

  it('detectBlobs with most local maxima off the mask or past the edge limit, > 256 of them', () => {
    const rand = lcg(1591);
    let found = 0;
    for (const [width, height] of [...SIZES, [160, 120]] as const)
      for (const share of [0, 0.3, 0.85, 1]) {
        const n = width * height;
        const data = randomPlane(rand, width, height, 40).data;
        const stack = L_SIGMAS.map((s) => gaussianBlur({ data, width, height }, s));
        const mask = byteMask(rand, n, share);
        for (const opts of [
          { polarity: 'dark', fromLevel: 0, toLevel: 2, minResponse: 0, mask },
          {
            polarity: 'bright',
            fromLevel: 0,
            toLevel: 3,
            minResponse: 0.02,
            mask,
            maxCurvatureRatio: 2,
          },
        ] as const) {
          const want = detectBlobsBefore(stack, L_SIGMAS, opts);
          found = Math.max(found, want.length);
          expect(detectBlobs(stack, L_SIGMAS, opts)).toEqual(want);
        }
      }
    expect(found).toBeGreaterThan(256);
  });
});
