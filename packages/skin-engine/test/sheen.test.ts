import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../src/image/color';
import { sheenBySaturation, shineWeights } from '../src/metrics/skin';

/**
 * The tone planes leave sheen out by its saturation (decision 169): neutral light added to darker,
 * more saturated skin raises L* a lot and lowers C*ab little, so the chroma test of shineWeights
 * let that sheen into the tone planes, where it read as uneven tone and dull skin.
 */
const W = 80;

/** An 80 px field of skin of sRGB colour `skin`, with a disc of radius 14 at the centre in `disc`. */
function field(skin: [number, number, number], disc: [number, number, number]) {
  const n = W * W;
  const L = new Float32Array(n);
  const chroma = new Float32Array(n);
  const measured = new Uint8Array(n).fill(1);
  const s = rgbToLab(...skin);
  const d = rgbToLab(...disc);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++) {
      const inDisc = Math.hypot(x - 40, y - 40) < 14;
      const c = inDisc ? d : s;
      L[y * W + x] = c.L;
      chroma[y * W + x] = Math.hypot(c.a, c.b);
    }
  const reference = { L: s.L, chroma: Math.hypot(s.a, s.b) };
  const bySaturation = new Float32Array(n);
  sheenBySaturation(L, chroma, measured, reference, W, W, bySaturation);
  const byChroma = new Float32Array(n);
  shineWeights(L, chroma, new Float32Array(n), measured, reference.L, reference.chroma, byChroma);
  return { bySaturation, byChroma, centre: 40 * W + 40, corner: 5 * W + 5 };
}

describe('sheen by its saturation (tone planes)', () => {
  // Brown skin, and the same skin with neutral light added (+30 on each sRGB channel).
  const brown: [number, number, number] = [120, 80, 60];
  const brownSheen: [number, number, number] = [150, 110, 90];

  it('sheen on brown skin is left out, where the chroma test barely saw it', () => {
    const { bySaturation, byChroma, centre } = field(brown, brownSheen);
    expect(bySaturation[centre]).toBeGreaterThan(0.25);
    expect(byChroma[centre]).toBeLessThan(0.1);
  });

  it('skin without sheen is not touched', () => {
    const { bySaturation, corner } = field(brown, brownSheen);
    expect(bySaturation[corner]).toBe(0);
  });

  it('a darker pigment blotch (less light, as saturated) is not sheen', () => {
    const { bySaturation, centre } = field(brown, [100, 62, 45]);
    expect(bySaturation[centre]).toBe(0);
  });

  it('a brighter patch of the same saturation (the lit side of the face) is not sheen', () => {
    // The same chromaticity at 1.25 × the light: lighter, as saturated.
    const lit: [number, number, number] = [150, 100, 75];
    const { bySaturation, centre } = field(brown, lit);
    expect(bySaturation[centre]).toBeLessThan(0.05);
  });
});
