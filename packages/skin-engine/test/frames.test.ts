import { describe, expect, it } from 'vitest';
import { gaussianBlur, valleyStrength } from '../src/image/filters';
import {
  detectFrames,
  FRAME_FROM,
  FRAME_MARGIN,
  FRAME_REACH,
  FRAME_TO,
} from '../src/metrics/frames';
import { L_SIGMAS } from '../src/metrics/scale-spaces';
import { clone, paintDisc, referencePortrait, regionPolygon, type Rgb } from './helpers';

/**
 * Glasses frames are left out of the upper cheeks and the nose (decision 168): a score must not
 * depend on whether the person wears glasses. On the calibration part the men who wore them read
 * pores 12 points worse than those who did not, texture 9 and firmness 7 (bench:validity and the
 * decision hold the real-photo figures); these tests prove the mechanism.
 */

const W = 160;

/**
 * The frame weight on a 160 px field of skin (L* `skin`, a faint weave) crossed by `paint`'s
 * darkening, read as the engine reads it: the contrast-scaled lightness (× cs about the skin's L*),
 * its σ 1.28 and 2.05 levels and their valley strength.
 */
function frameField(paint: (x: number, y: number) => number, skin = 62, cs = 1) {
  const n = W * W;
  const L = new Float32Array(n);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++) {
      const weave = 0.5 * Math.sin(x * 1.9) * Math.sin(y * 2.3);
      L[y * W + x] = skin + cs * (weave - paint(x, y));
    }
  const L1 = gaussianBlur({ data: L, width: W, height: W }, L_SIGMAS[1]);
  const L2 = gaussianBlur({ data: L, width: W, height: W }, L_SIGMAS[2]);
  const band = new Uint8Array(n).fill(1);
  const weight = detectFrames({
    width: W,
    height: W,
    valleys: [valleyStrength(L1, L_SIGMAS[1]), valleyStrength(L2, L_SIGMAS[2])],
    smoothed: L2,
    cs,
    band,
    rows: { start: 0, end: n },
  });
  return (x: number, y: number) => (weight ? (weight[y * W + x] as number) : 0);
}

/** A dark line `depth` L* deep and `half` px either side of y = 80 + slope·(x − 80), over [x0, x1). */
const line =
  (depth: number, x0: number, x1: number, half = 1.5, slope = 0) =>
  (x: number, y: number) =>
    x >= x0 && x < x1 && Math.abs(y - 80 - slope * (x - 80)) <= half ? depth : 0;

describe('glasses frames: found by a dark line that stays dark along its direction', () => {
  it('the constants are the ones decision 168 measured', () => {
    expect([FRAME_REACH, FRAME_FROM, FRAME_TO, FRAME_MARGIN]).toEqual([12, 4, 7, 3]);
  });

  it('a rim (a long line 25 L* deep, 3 px wide) is left out, with the skin beside it', () => {
    const w = frameField(line(25, 20, 140));
    expect(w(80, 80)).toBe(1);
    expect(w(40, 80)).toBe(1);
    // Beside the line: the filters answer there too (FRAME_MARGIN).
    expect(w(80, 80 + FRAME_MARGIN + 1)).toBeGreaterThan(0.9);
    // Well away from it, the skin counts.
    expect(w(80, 100)).toBe(0);
    expect(w(80, 60)).toBe(0);
  });

  it('a slanted rim is found as well as a level one', () => {
    const w = frameField(line(25, 20, 140, 1.5, 0.6));
    expect(w(80, 80)).toBe(1);
    expect(w(50, 62)).toBe(1);
  });

  it('a short dark mark (a mole, a blemish, 8 px) is not a frame', () => {
    const w = frameField(line(25, 76, 84));
    expect(w(80, 80)).toBe(0);
  });

  it('a long crease (6 L* deep) is not a frame; the same line as deep as a rim is', () => {
    expect(frameField(line(6, 20, 140))(80, 80)).toBe(0);
    expect(frameField(line(16, 20, 140))(80, 80)).toBe(1);
  });

  it('the weight grows with the line’s depth (a ramp, not a switch)', () => {
    const depths = [6, 10, 12, 14, 16, 25];
    const ws = depths.map((d) => frameField(line(d, 20, 140))(80, 80));
    for (let k = 1; k < ws.length; k++) expect(ws[k]).toBeGreaterThanOrEqual(ws[k - 1] as number);
    expect(ws.some((v) => v > 0 && v < 1)).toBe(true);
  });

  it('on darker skin a black frame, whose L* contrast is smaller, is found as surely', () => {
    // The same frame on skin of L* 35: its lightness contrast scales with the skin's, and the
    // engine's contrast scale (cs = L*/60) shrinks it again; ÷ cs reads it in plain L*.
    const pale = frameField(line(40, 20, 140), 62, 62 / 60);
    const dark = frameField((x, y) => line(20, 20, 140)(x, y) / (35 / 60), 35, 35 / 60);
    expect(pale(80, 80)).toBe(1);
    expect(dark(80, 80)).toBe(1);
  });
});

describe('glasses frames on the reference portrait', async () => {
  const { analyze, face, baseline } = await referencePortrait();
  /** Photo pixels per working pixel (the working frame is 320 px forehead to chin). */
  const perWork = baseline.capture.face_px / 320;

  /**
   * Dark rims (about 2.5 mm wide) across both upper cheeks and down both sides of the nose's upper
   * half: where a pair of glasses sits on the face.
   */
  function withGlasses(): Rgb {
    const img = clone(face);
    const rim = 2 * perWork;
    const dot = (x: number, y: number) =>
      paintDisc(img, Math.round(x), Math.round(y), rim, [38, 36, 40], 0.92);
    const box = (zone: 'left_cheek' | 'right_cheek' | 'nose') => {
      const poly = regionPolygon(baseline, zone);
      const xs = poly.map((p) => p[0]);
      const ys = poly.map((p) => p[1]);
      return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
    };
    // Each lower rim: a shallow arc across the cheek's box, a fifth of the way down.
    for (const zone of ['left_cheek', 'right_cheek'] as const) {
      const { x0, x1, y0, y1 } = box(zone);
      const xc = (x0 + x1) / 2;
      for (let x = x0; x <= x1; x += 0.5)
        dot(x, y0 + 0.2 * (y1 - y0) + (0.1 * (y1 - y0) * ((x - xc) / (x1 - x0)) ** 2) / 0.25);
    }
    // The rims' inner sides, down the nose's upper half a little inside its outline.
    const nose = box('nose');
    for (let y = nose.y0; y <= (nose.y0 + nose.y1) / 2; y += 0.5) {
      const t = (y - nose.y0) / (nose.y1 - nose.y0);
      dot(nose.x0 + (0.12 + 0.1 * t) * (nose.x1 - nose.x0), y);
      dot(nose.x1 - (0.12 + 0.1 * t) * (nose.x1 - nose.x0), y);
    }
    return img;
  }

  const framed = await analyze(withGlasses());

  it('the portrait without glasses leaves nothing out as frames', () => {
    expect(baseline.overlays.excluded.some((e) => e.reason === 'glasses')).toBe(false);
    expect(baseline.zone_notes.some((n) => n.reason === 'glasses')).toBe(false);
  });

  it('the rims are left out on both sides, drawn as "glasses" and noted', () => {
    const drawn = framed.overlays.excluded
      .filter((e) => e.reason === 'glasses')
      .flatMap((e) => e.polygons.flat());
    const nose = regionPolygon(baseline, 'nose').map((p) => p[0]);
    const middle = (Math.min(...nose) + Math.max(...nose)) / 2;
    expect(drawn.some(([x]) => x < middle - 20)).toBe(true);
    expect(drawn.some(([x]) => x > middle + 20)).toBe(true);
    expect(framed.zone_notes.some((n) => n.reason === 'glasses')).toBe(true);
    // Drawn as glasses only where frames are looked for: above the nose tip.
    const noseBottom = Math.max(...regionPolygon(baseline, 'nose').map((p) => p[1]));
    expect(Math.max(...drawn.map(([, y]) => y))).toBeLessThanOrEqual(noseBottom + 2);
  });

  it('pores, texture and firmness read the skin, not the frames (within 2 points)', () => {
    for (const metric of ['pores', 'texture', 'firmness'] as const)
      expect(
        Math.abs((framed.scores[metric] as number) - (baseline.scores[metric] as number)),
        metric,
      ).toBeLessThanOrEqual(2);
  });
});
