import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../src/engine';
import {
  clone,
  gridPoints,
  HB,
  MEL,
  paintAbsorber,
  referencePortrait,
  regionPolygon,
  resize,
  shadeDome,
  type Rgb,
} from './helpers';

/**
 * Confluent patches count by their area (decision 166). Inside a patch of merged papules each
 * papule's ring lies on the patch, so the lesion detector finds one or two of them; the patch,
 * read against the skin around it, counts as its inflamed area over a papule's. A nodule stays
 * one lesion. Lesions are painted physically (linear light × exp(−p·ΔOD)), as in kinds.test.ts,
 * on the reference portrait enlarged × 2 (Lanczos): ≈ 0.47 mm per px, as the development
 * portraits (0.3–0.8 mm per px). At its own 0.93 mm per px a papule 4 mm across is 4 px, its dome
 * is blurred into the patch and the patch is read as a flush (one lesion, not its area).
 */
const { analyze, face: small } = await referencePortrait();
const face = await resize(small, 2);
const baseline = await analyze(face);

const od = (h: number, m: number): [number, number, number] =>
  [0, 1, 2].map((c) => h * HB[c]! + m * MEL[c]!) as [number, number, number];
const PAPULE = od(0.45, 0.05);
/** A papule's radius, px (≈ 2 mm). */
const R = 4.3;

function papule(img: Rgb, x: number, y: number, r = R, density = PAPULE): void {
  paintAbsorber(img, x, y, r, density);
  shadeDome(img, x, y, r);
}

/** Ten papules packed within 12 px (≈ 5.6 mm) of (cx, cy) on a faint shared erythema. */
function patch(img: Rgb, cx: number, cy: number): void {
  paintAbsorber(img, cx, cy, 12 + R + 4, od(0.12, 0));
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let k = 0; k < 10; k++) {
    const rad = 12 * Math.sqrt((k + 0.5) / 10);
    papule(
      img,
      Math.round(cx + rad * Math.cos(k * golden)),
      Math.round(cy + rad * Math.sin(k * golden)),
    );
  }
}

/** The middle of a cheek's skin, at least 32 px (≈ 15 mm) inside its outline. */
function cheekCentre(side: 'left_cheek' | 'right_cheek'): [number, number] {
  const pts = gridPoints(regionPolygon(baseline, side), 8, 32);
  return pts[Math.floor(pts.length / 2)]!;
}

const drop = (r: AnalysisResult) => baseline.scores.acne! - r.scores.acne!;

describe('confluent patches count by their area (decision 166)', () => {
  const places = [cheekCentre('left_cheek'), cheekCentre('right_cheek')];

  it('two patches of ten merged papules lower acne about as twenty papules apart do', async () => {
    const merged = clone(face);
    for (const [x, y] of places) patch(merged, x, y);
    const patches = await analyze(merged);
    const apart = clone(face);
    const spots = (['left_cheek', 'right_cheek', 'forehead', 'chin'] as const).flatMap((z) =>
      gridPoints(regionPolygon(baseline, z), 18, 16),
    );
    expect(spots.length).toBeGreaterThanOrEqual(20);
    for (const [x, y] of spots.slice(0, 20)) papule(apart, x, y);
    const separate = await analyze(apart);
    expect(drop(separate)).toBeGreaterThanOrEqual(30);
    // Before decision 166 the patches lowered acne by 22 and counted 6 lesions, where the
    // papules apart lowered it by 49 (ratio 0.45; 166: 38, ratio 0.78).
    expect(drop(patches)).toBeGreaterThanOrEqual(0.65 * drop(separate));
    expect(drop(patches)).toBeLessThanOrEqual(drop(separate) + 6);
    expect(patches.counts.blemishes - baseline.counts.blemishes).toBeGreaterThanOrEqual(9);
    expect(patches.counts.blemishes - baseline.counts.blemishes).toBeLessThanOrEqual(22);
    // A patch found as one has a mark as large as its inflamed area (a papule's is ≤ 6 px).
    expect(
      patches.overlays.blemishes.some(([mx, my, r]) =>
        places.some(([x, y]) => Math.hypot(mx - x, my - y) <= 8 && r >= 8),
      ),
    ).toBe(true);
  });

  it('a nodule is one lesion, as a papule is', async () => {
    const [x, y] = places[1]!;
    const nodule = clone(face);
    papule(nodule, x, y, 8, od(0.5, 0.1)); // ≈ 7.4 mm across
    const one = clone(face);
    papule(one, x, y);
    const n = await analyze(nodule);
    const p = await analyze(one);
    expect(n.counts.blemishes - baseline.counts.blemishes).toBe(1);
    expect(Math.abs(n.scores.acne! - p.scores.acne!)).toBeLessThanOrEqual(2);
  });

  it('a tight cluster of papules counts its domes, not one lesion (decision 174)', async () => {
    // Five papules ≈ 3 mm across, their centres ≈ 2.3 mm from the cluster's, on a faint erythema:
    // one blob at the lesion pass's scale. Before decision 174 each cluster counted one lesion
    // (two clusters: +2, acne 91); with it +4 (acne 81).
    const img = clone(face);
    for (const [x, y] of places) {
      paintAbsorber(img, x, y, 5 + 3.2 + 3, od(0.1, 0));
      for (let k = 0; k < 5; k++) {
        const t = (2 * Math.PI * k) / 5 + 0.3;
        papule(img, Math.round(x + 5 * Math.cos(t)), Math.round(y + 5 * Math.sin(t)), 3.2);
      }
    }
    const clusters = await analyze(img);
    const found = clusters.counts.blemishes - baseline.counts.blemishes;
    expect(found).toBeGreaterThanOrEqual(3);
    expect(found).toBeLessThanOrEqual(10);
    expect(drop(clusters)).toBeGreaterThanOrEqual(8);
  });

  it('the clear portrait has no patch: its marks and acne are as they were', () => {
    expect(baseline.counts.blemishes).toBe(0);
    expect(baseline.scores.acne).toBeGreaterThanOrEqual(94);
  });
});
