import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnalyzeInput, AnalyzeOutcome } from '../src/engine';
import { createSkinEngine } from '../src/node';
import { downsample2, gaussianBlur, upsample2 } from '../src/image/filters';
import { maskedGaussianBlurHalf } from '../src/image/masked-blur';
import { close, dilate, erode } from '../src/image/mask';
import { detectorInput, type PixelImage, type Plane } from '../src/image/raster';
import { Scratch } from '../src/image/scratch';
import { fromSharp, loadRgb, toSharp, type Rgb } from './helpers';
import { lcg } from './random';

/*
 * Decision 044: the engine reuses its temporaries (a Scratch per engine), the detector reuses its
 * input frame, and a few passes were rewritten to do less work. None of it may change a result.
 */

describe('Scratch', () => {
  it('lends zero-filled views of the asked length, and reuses the memory after release', () => {
    const pool = new Scratch();
    const a = pool.f32(1000);
    const b = pool.u8(3000);
    expect(a.length).toBe(1000);
    expect(b.length).toBe(3000);
    // Two arrays lent at once never share memory.
    expect(a.buffer).not.toBe(b.buffer);
    a.fill(7);
    b.fill(9);
    const held = pool.bytes;
    pool.release();
    const c = pool.f32(1000);
    const d = pool.u8(3000);
    expect([a.buffer, b.buffer]).toContain(c.buffer);
    expect([a.buffer, b.buffer]).toContain(d.buffer);
    expect(pool.bytes).toBe(held);
    // Zeroed again, as a new array would be.
    expect(c.every((v) => v === 0)).toBe(true);
    expect(d.every((v) => v === 0)).toBe(true);
    // Without zeroing (for arrays the caller overwrites), the old contents are visible: the
    // flag is honoured, so the callers' "writes every element" claims are what keeps it safe.
    c.fill(3);
    d.fill(3);
    pool.release();
    const e = pool.f32(1000, false);
    expect(e.some((v) => v !== 0)).toBe(true);
  });

  it('clears only reused memory: a new buffer is zero already (decision 146)', () => {
    const pool = new Scratch();
    const fill = vi.spyOn(Uint8Array.prototype, 'fill');
    try {
      const fresh = [pool.f32(5000), pool.u8(70_000), pool.i8(100)];
      expect(fresh.every((view) => view.every((v) => v === 0))).toBe(true);
      expect(fill).not.toHaveBeenCalled();
      for (const view of fresh) view.fill(5);
      pool.release();
      fill.mockClear();
      // Reused with a smaller view, then a larger one than the last: each cleared to its length.
      const small = pool.f32(10);
      const large = pool.u8(120_000);
      const signed = pool.i8(100);
      expect(fill).toHaveBeenCalledTimes(3);
      expect([small, large, signed].every((view) => view.every((v) => v === 0))).toBe(true);
      // Beyond the view the old contents stay (never read through it).
      expect(new Uint8Array(small.buffer, small.byteLength).some((v) => v !== 0)).toBe(true);
    } finally {
      fill.mockRestore();
    }
  });

  it('lend() takes back what a step borrowed, also when the step throws', () => {
    const pool = new Scratch();
    let first: Float32Array | undefined;
    expect(() =>
      pool.lend((p) => {
        first = p.f32(5000);
        throw new Error('step failed');
      }),
    ).toThrow('step failed');
    // The failed step's buffer is free again: the next borrow of that size gets it back.
    const again = pool.lend((p) => p.f32(5000).buffer);
    expect(again).toBe(first?.buffer);
    expect(pool.lend((p) => p.u8(10).length)).toBe(10);
  });

  it('drops released buffers beyond its cap', () => {
    const pool = new Scratch(100_000);
    for (let i = 0; i < 4; i++) pool.f32(20_000);
    expect(pool.bytes).toBeGreaterThan(100_000);
    pool.release();
    expect(pool.bytes).toBeLessThanOrEqual(100_000);
  });
});

describe('rewritten passes give what the plain versions give', () => {
  it('detectorInput: rounded k×k block means, padded with 128 to a square', () => {
    const rand = lcg(44);
    for (const [width, height, channels, k] of [
      [37, 23, 3, 1],
      [41, 29, 4, 2],
      [64, 30, 3, 2],
      [50, 77, 3, 3],
      [33, 33, 4, 4],
    ] as const) {
      const data = new Uint8Array(width * height * channels).map(() => Math.floor(rand() * 256));
      const image: PixelImage = { data, width, height, channels };
      const { data: out, side, width: w, height: h } = detectorInput(image, k);
      expect([w, h]).toEqual([Math.floor(width / k), Math.floor(height / k)]);
      expect(side).toBe(Math.max(w, h));
      for (let y = 0; y < side; y++)
        for (let x = 0; x < side; x++)
          for (let c = 0; c < 3; c++) {
            let want = 128;
            if (x < w && y < h) {
              let sum = 0;
              for (let dy = 0; dy < k; dy++)
                for (let dx = 0; dx < k; dx++)
                  sum += data[((y * k + dy) * width + x * k + dx) * channels + c] as number;
              want = Math.round(sum / (k * k));
            }
            expect(out[(y * side + x) * 3 + c]).toBe(want);
          }
    }
  });

  it('detectorInput refills a reused buffer completely', () => {
    const big: PixelImage = {
      data: new Uint8Array(40 * 20 * 3).fill(250),
      width: 40,
      height: 20,
      channels: 3,
    };
    const small: PixelImage = { ...big, data: new Uint8Array(40 * 20 * 3).fill(10) };
    let kept = new Float32Array(0);
    const reuse = (n: number) => (kept.length === n ? kept : (kept = new Float32Array(n)));
    detectorInput(big, 1, reuse);
    const again = detectorInput(small, 1, reuse);
    expect(again.data).toBe(kept);
    expect(Array.from(again.data)).toEqual(Array.from(detectorInput(small, 1).data));
  });

  it('erode: a pixel stays when its whole (2r+1)² window is inside the image and set', () => {
    const rand = lcg(7);
    for (let t = 0; t < 60; t++) {
      const width = 1 + Math.floor(rand() * 30);
      const height = 1 + Math.floor(rand() * 30);
      const r = Math.floor(rand() * 5);
      const density = 0.5 + rand() / 2;
      const mask = new Uint8Array(width * height).map(() => (rand() < density ? 1 : 0));
      const got = erode(mask, width, height, r);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          let want = r === 0 ? (mask[y * width + x] as number) : 1;
          if (r > 0)
            for (let dy = -r; dy <= r; dy++)
              for (let dx = -r; dx <= r; dx++) {
                const xx = x + dx;
                const yy = y + dy;
                if (xx < 0 || yy < 0 || xx >= width || yy >= height || !mask[yy * width + xx])
                  want = 0;
              }
          expect(got[y * width + x]).toBe(want);
        }
    }
  });

  it('dilate and close: window tests clipped to the image (close keeps the border)', () => {
    const rand = lcg(11);
    /** Plain reference: any / all of the (2r+1)² window, pixels outside the image skipped. */
    const box = (m: Uint8Array, w: number, h: number, r: number, all: boolean) => {
      const out = new Uint8Array(m.length);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          let any = false;
          let every = true;
          for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++)
            for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
              if (m[yy * w + xx]) any = true;
              else every = false;
            }
          out[y * w + x] = (all ? every : any) ? 1 : 0;
        }
      return out;
    };
    for (let t = 0; t < 60; t++) {
      const width = 1 + Math.floor(rand() * 30);
      const height = 1 + Math.floor(rand() * 30);
      const r = Math.floor(rand() * 6);
      const density = rand() / 2;
      const mask = new Uint8Array(width * height).map(() => (rand() < density ? 1 : 0));
      const dilated = box(mask, width, height, r, false);
      expect(Array.from(dilate(mask, width, height, r))).toEqual(Array.from(dilated));
      expect(Array.from(close(mask, width, height, r))).toEqual(
        Array.from(box(dilated, width, height, r, true)),
      );
    }
  });

  it('maskedGaussianBlurHalf equals its definition through the full-resolution product planes', () => {
    const rand = lcg(3);
    for (const [width, height] of [
      [31, 24],
      [40, 41],
    ] as const) {
      const n = width * height;
      const plane: Plane = { data: new Float32Array(n).map(() => rand() * 100), width, height };
      const soft = new Float32Array(n).map(() => (rand() < 0.3 ? 0 : rand()));
      const binary = new Uint8Array(n).map(() => (rand() < 0.5 ? 1 : 0));
      // A corner without weight (as outside the skin): there the plain average is returned.
      for (let y = 0; y < 20; y++)
        for (let x = 0; x < 20; x++) soft[y * width + x] = binary[y * width + x] = 0;
      for (const mask of [soft, binary]) {
        // The plain definition: blur(half(v·m)) / blur(half(m)), half(v) where the weight is ~0.
        const sigma = 4;
        const halfSigma = Math.sqrt((sigma / 2) ** 2 - 1 / 12);
        const m: Plane = { data: Float32Array.from(mask), width, height };
        const vm: Plane = {
          data: plane.data.map((v, i) => v * (mask[i] as number)),
          width,
          height,
        };
        const den = gaussianBlur(downsample2(m), halfSigma);
        const num = gaussianBlur(downsample2(vm), halfSigma);
        const small = downsample2(plane);
        num.data.forEach((v, i) => {
          const d = den.data[i] as number;
          num.data[i] = d > 1e-3 ? v / d : (small.data[i] as number);
        });
        const want = upsample2(num, width, height).data;
        expect(den.data[0]).toBeLessThanOrEqual(1e-3);
        const [got] = maskedGaussianBlurHalf([plane], mask, sigma) as [Plane];
        expect(Array.from(got.data)).toEqual(Array.from(want));
      }
    }
  });
});

describe('an engine reusing its memory photo after photo', () => {
  const strip = (outcome: AnalyzeOutcome) => {
    if (!outcome.ok) return outcome;
    const { timings_ms: _timings, ...rest } = outcome;
    return rest;
  };
  let inputs: Record<string, AnalyzeInput>;

  beforeAll(async () => {
    const face = await loadRgb('astronaut-face.jpg');
    const framed = async (width: number, height: number): Promise<Rgb> => {
      const side = Math.round(Math.min(width, height) * 0.95);
      const scaled = await toSharp(face).resize(side, side).png().toBuffer();
      return fromSharp(
        sharp({ create: { width, height, channels: 3, background: '#a49c94' } }).composite([
          {
            input: scaled,
            left: Math.round((width - side) / 2),
            top: Math.round((height - side) / 2),
          },
        ]),
      );
    };
    const wide = await framed(1280, 720);
    const small = await framed(640, 480);
    const turned = await fromSharp(toSharp(face).flop());
    inputs = {
      portrait: { image: face, analysisType: 'comprehensive' },
      wide: { image: wide, analysisType: 'comprehensive' },
      small: { image: small, analysisType: 'quick' },
      multi: {
        image: face,
        analysisType: 'comprehensive',
        extraImages: [{ image: turned, angle: 'left' }],
      },
    };
  });

  it('gives each photo, in any order and size, what a fresh engine gives it', async () => {
    const shared = await createSkinEngine();
    const order = ['wide', 'small', 'portrait', 'multi', 'wide', 'small'] as const;
    const sharedResults: Array<ReturnType<typeof strip>> = [];
    for (const name of order) sharedResults.push(strip(await shared.analyze(inputs[name]!)));
    // Two analyses started together on the shared engine (they interleave at detection).
    const together = await Promise.all([
      shared.analyze(inputs.small!),
      shared.analyze(inputs.wide!),
    ]);

    const fresh: Record<string, ReturnType<typeof strip>> = {};
    for (const name of ['wide', 'small', 'portrait', 'multi'] as const)
      fresh[name] = strip(await (await createSkinEngine()).analyze(inputs[name]!));

    order.forEach((name, i) => {
      expect(sharedResults[i]).toMatchObject({ ok: true });
      expect(sharedResults[i]).toEqual(fresh[name]);
    });
    expect(strip(together[0])).toEqual(fresh.small);
    expect(strip(together[1])).toEqual(fresh.wide);
  });
});
