import { describe, expect, it } from 'vitest';
import { LESION_EXTENSIONS } from '../src/face/landmarks';
import { createSkinEngine } from '../src/node';
import type { AnalysisResult } from '../src/engine';
import {
  clone,
  gridPoints,
  HB,
  inside,
  loadRgb,
  ok,
  paintAbsorber,
  shadeDome,
  type Rgb,
} from './helpers';

/**
 * Acne on the lower cheeks and the jawline (decision 157): no measurement zone lies there, so
 * before 157 a papule there was never looked for. The engine now reads inflammatory lesions on
 * that skin (the face mesh's LESION_EXTENSIONS outline, beside each cheek) and counts them with
 * the cheek's acne, per area of both; every other metric still reads the zones alone.
 */
const engine = await createSkinEngine();
const analyze = async (image: Rgb) =>
  ok(await engine.analyze({ image, analysisType: 'comprehensive' }));
const face = await loadRgb('astronaut-face.jpg');
const clear = await analyze(face);
const [detected] = await engine.detect(face);
if (!detected) throw new Error('no face in the reference portrait');
type Poly = Array<[number, number]>;
const bands: Poly[] = Object.values(LESION_EXTENSIONS).flatMap((polys) =>
  polys.map((poly) => poly.map((i) => detected.mesh[i] as [number, number])),
);

/** A shaded papule: a dome of haemoglobin lit from above, radius r px. */
function paintPapule(img: Rgb, cx: number, cy: number, r: number): void {
  paintAbsorber(img, cx, cy, r, HB.map((v) => 0.45 * v) as [number, number, number]);
  shadeDome(img, cx, cy, r);
}

const inAnyZone = (r: AnalysisResult, x: number, y: number) =>
  r.regions.some((g) => g.polygons.some((p) => inside(p as Poly, x, y)));
const markedAt = (r: AnalysisResult, x: number, y: number) =>
  r.overlays.blemishes.some(([mx, my]) => Math.hypot(mx - x, my - y) <= 5);

/** Up to n places on the jaw bands, outside every zone, spread over both sides. */
function jawPlaces(n: number): Array<[number, number]> {
  const grids = bands.map((b) => gridPoints(b, 20, 7).filter(([x, y]) => !inAnyZone(clear, x, y)));
  const out: Array<[number, number]> = [];
  for (let k = 0; out.length < n && k < 40; k++)
    for (const g of grids) if (out.length < n && g[k]) out.push(g[k]!);
  return out;
}

describe('acne on the lower cheeks and the jawline (decision 157)', () => {
  const pts = jawPlaces(6);

  it('the jaw bands lie beside the cheeks and hold skin that no zone outline covers', () => {
    expect(bands).toHaveLength(2);
    expect(pts.length).toBeGreaterThanOrEqual(4);
    for (const [x, y] of pts) expect(inAnyZone(clear, x, y)).toBe(false);
    for (const side of ['left_cheek', 'right_cheek'] as const) {
      const m = clear.measurements[side];
      expect(m.acne_pixels).toBeGreaterThan(m.pixels * 1.05);
    }
    expect(clear.measurements.forehead.acne_pixels).toBe(clear.measurements.forehead.pixels);
  });

  it('papules there are found at their places and lower acne; nothing else moves', async () => {
    const img = clone(face);
    for (const [x, y] of pts) paintPapule(img, x, y, 4);
    const r = await analyze(img);
    const found = pts.filter(([x, y]) => markedAt(r, x, y)).length;
    expect(found).toBeGreaterThanOrEqual(pts.length - 1);
    expect(r.scores.acne!).toBeLessThan(clear.scores.acne! - 8);
    // The zones' own measures do not read the jaw: the cheeks' other scores stay within a point.
    for (const metric of ['redness', 'texture', 'pores', 'uneven_tone', 'oiliness'] as const)
      expect(Math.abs(r.scores[metric]! - clear.scores[metric]!)).toBeLessThanOrEqual(1);
  });
});
