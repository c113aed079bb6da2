import { describe, expect, it } from 'vitest';
import type { LesionInput } from '../src/metrics/lesions';
import { detectPustules, headRound, PUS_ROUND_FROM, PUS_ROUND_TO } from '../src/metrics/pustules';
import { workingFrameInput } from './lesion-frame';
import { lcg } from './random';

/**
 * A pustule's head is a dome, round (decision 150). On a working frame (≈ 0.6 mm per px) of flat
 * skin, a pale head in a red, darker halo is a pustule; the bright rim of a glasses frame, whose
 * reddish-brown edges make a "halo" on two sides, is a line of pale points, not pustules.
 */
const W = 100;
const H = 80;
const SKIN = { L: 62, a: 12 };

function planes(seed: number) {
  const u = lcg(seed);
  const L = new Float32Array(W * H);
  const A = new Float32Array(W * H);
  for (let i = 0; i < L.length; i++) {
    L[i] = SKIN.L + (u() - 0.5) * 1.2;
    A[i] = SKIN.a + (u() - 0.5) * 0.6;
  }
  return { L, A };
}

/** A pustule at (cx, cy): a pale head (σ ≈ 0.9 px) in a red halo darker than the skin (r ≈ 4 px). */
function pustule(p: { L: Float32Array; A: Float32Array }, cx: number, cy: number) {
  for (let y = cy - 7; y <= cy + 7; y++)
    for (let x = cx - 7; x <= cx + 7; x++) {
      const d2 = (x - cx) ** 2 + (y - cy) ** 2;
      const i = y * W + x;
      const halo = Math.exp(-d2 / (2 * 2.6 * 2.6));
      const head = Math.exp(-d2 / (2 * 0.9 * 0.9));
      p.L[i] = (p.L[i] as number) - 5 * halo + 14 * head;
      p.A[i] = (p.A[i] as number) + 8 * halo - 6 * head;
    }
}

/**
 * A glasses rim along y = cy from x0 to x1: a bright metal line 1 px wide whose reflection comes
 * and goes (every `period` px), between two reddish-brown bands 2 px wide (a tortoise frame's
 * edges), each darker and redder than the skin.
 */
function rim(p: { L: Float32Array; A: Float32Array }, cy: number, x0: number, x1: number) {
  for (let x = x0; x <= x1; x++) {
    const glint = Math.max(0, Math.cos((2 * Math.PI * (x - x0)) / 9)) ** 3;
    for (let dy = -3; dy <= 3; dy++) {
      const i = (cy + dy) * W + x;
      if (dy === 0) {
        p.L[i] = SKIN.L + 4 + 12 * glint;
        p.A[i] = SKIN.a - 4;
      } else if (Math.abs(dy) <= 2) {
        p.L[i] = SKIN.L - 8;
        p.A[i] = SKIN.a + 8;
      }
    }
  }
}

function input(p: { L: Float32Array; A: Float32Array }): LesionInput {
  return workingFrameInput(p.L, W, H, p.A);
}

const counted = <T extends { weight: number }>(lesions: T[]) =>
  lesions.filter((l) => l.weight >= 0.5);

describe('a pustule head is round (decision 150)', () => {
  it('counts a round head whole, a line not at all, and an oval between', () => {
    expect(headRound(1)).toBe(1);
    expect(headRound(PUS_ROUND_FROM)).toBe(1);
    expect(headRound((PUS_ROUND_FROM + PUS_ROUND_TO) / 2)).toBeCloseTo(0.5, 10);
    expect(headRound(PUS_ROUND_TO)).toBe(0);
    expect(headRound(5)).toBe(0);
  });

  it('finds pustules on flat skin, and no pustule on a glasses rim', () => {
    const withPustules = planes(1);
    const places: Array<[number, number]> = [
      [20, 20],
      [50, 20],
      [80, 20],
      [35, 58],
      [65, 58],
    ];
    for (const [x, y] of places) pustule(withPustules, x, y);
    const found = counted(detectPustules(input(withPustules)));
    expect(found).toHaveLength(places.length);
    for (const [x, y] of places)
      expect(
        found.some((l) => Math.hypot(l.x - x, l.y - y) <= 1.5),
        `pustule at ${x}, ${y}`,
      ).toBe(true);

    const withRim = planes(2);
    rim(withRim, 40, 10, 90);
    const rimInput = input(withRim);
    // The rim's reflection makes pale points along the line, which the blob stage finds: the
    // pustule reading decides, by the head's shape.
    const onRim = rimInput.fineBright.filter((b) => Math.abs(b.y - 40) <= 1 && b.response > 1.5);
    expect(onRim.length).toBeGreaterThanOrEqual(6);
    expect(onRim.every((b) => b.curvature >= PUS_ROUND_TO)).toBe(true);
    expect(counted(detectPustules(rimInput))).toHaveLength(0);
  });
});
