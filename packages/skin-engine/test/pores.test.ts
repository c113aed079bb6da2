import { describe, expect, it } from 'vitest';
import { PORE_CAP, PORE_FLOOR, PORE_TONE_GAMMA } from '../src/metrics/surface';
import {
  clone,
  exposure,
  gridPoints,
  jpeg,
  paintDisc,
  referencePortrait,
  regionPolygon,
  resize,
  type Rgb,
} from './helpers';

/**
 * Pores read continuously (decision 045, docs/skin-engine.md "pores"): the dark-dot response at
 * ≈ 1.5 mm above PORE_FLOOR, clipped at PORE_CAP, per 1,000 skin pixels of the cheeks and nose.
 * Real-photo figures (gender gap, capture deltas) are in `npm run bench:validity`; these prove
 * the mechanism on controlled changes of the reference portrait.
 */
const { analyze, face, baseline } = await referencePortrait();
/** Photo pixels per working pixel (the working frame is 320 px forehead to chin, ≈ 0.6 mm each). */
const perWork = baseline.capture.face_px / 320;
const cheeks = ['left_cheek', 'right_cheek'] as const;

/** Greyish-brown dots of radius `radius` working px every `spacing` working px on both cheeks. */
function dotted(spacing: number, radius: number, alpha: number): Rgb {
  const img = clone(face);
  for (const zone of cheeks)
    for (const [x, y] of gridPoints(regionPolygon(baseline, zone), spacing * perWork, 3 * perWork))
      paintDisc(img, x, y, radius * perWork, [95, 70, 60], alpha);
  return img;
}

describe('pores read the dark-dot depth of the skin', () => {
  it('the constants are the ones the knots were fitted for', () => {
    expect(PORE_FLOOR).toBe(0.7);
    expect(PORE_CAP).toBe(2);
    expect(PORE_TONE_GAMMA).toBe(0.25);
  });

  it('faint pore-sized dots over both cheeks lower pores by ≥ 5', async () => {
    // ≈ 1.4 mm dots ≈ 3.5 mm apart, at most 35 % of the way to a greyish brown.
    const r = await analyze(dotted(6, 1.2, 0.35));
    expect(r.raw.pores!).toBeGreaterThan(5 * baseline.raw.pores!);
    expect(baseline.scores.pores! - r.scores.pores!).toBeGreaterThanOrEqual(5);
    // The counted marks are still there for `counts.pores`.
    expect(r.counts.pores).toBeGreaterThan(baseline.counts.pores + 50);
  });

  it('more and darker dots lower it more (it grades, not a yes/no)', async () => {
    const faint = await analyze(dotted(6, 1.2, 0.35));
    const darker = await analyze(dotted(6, 1.5, 0.4));
    expect(darker.raw.pores!).toBeGreaterThan(faint.raw.pores!);
    expect(darker.scores.pores!).toBeLessThanOrEqual(faint.scores.pores!);
  });

  it('a very dark dot (a mole, a follicle) counts little more than a faint one: each pixel is clipped', async () => {
    // The same six dots on the cheeks, once taking 45 % of the way to a dark brown, once 90 %
    // (about twice the contrast). Unclipped (PORE_CAP = ∞), the darker set added 3.1 × as much
    // (raw +5.2 → +15.9, pores 87 → 81); clipped, 2.0 × (+5.0 → +10.1, pores 87 → 84): the darker
    // dot still counts over a slightly larger area, but no pixel of it counts more than PORE_CAP.
    const dots = (alpha: number) => {
      const img = clone(face);
      for (const zone of cheeks)
        for (const [x, y] of gridPoints(
          regionPolygon(baseline, zone),
          14 * perWork,
          4 * perWork,
        ).slice(0, 3))
          paintDisc(img, x, y, 1.5 * perWork, [40, 30, 28], alpha);
      return img;
    };
    const mid = await analyze(dots(0.45));
    const dark = await analyze(dots(0.9));
    const added = (r: typeof mid) => r.raw.pores! - baseline.raw.pores!;
    expect(added(mid)).toBeGreaterThan(0);
    expect(added(dark)).toBeLessThan(2.5 * added(mid));
  });
});

describe('pores under capture changes', () => {
  for (const q of [70, 85, 95]) {
    it(`a JPEG q${q} re-save moves pores by ≤ 3`, async () => {
      const r = await analyze(await jpeg(face, q));
      expect(Math.abs(r.scores.pores! - baseline.scores.pores!)).toBeLessThanOrEqual(3);
    });
  }
  for (const f of [0.75, 1.25]) {
    it(`a ${f * 100} % resize moves pores by ≤ 3`, async () => {
      const r = await analyze(await resize(face, f));
      expect(Math.abs(r.scores.pores! - baseline.scores.pores!)).toBeLessThanOrEqual(3);
    });
  }
  for (const f of [0.9, 1.1]) {
    it(`${f > 1 ? '+' : '−'}10 % exposure moves pores by ≤ 3`, async () => {
      const r = await analyze(exposure(face, f));
      expect(Math.abs(r.scores.pores! - baseline.scores.pores!)).toBeLessThanOrEqual(3);
    });
  }
});
