import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../src/engine';
import { pustuleWeight, type PustuleReading } from '../src/metrics/pustules';
import {
  clone,
  gridPoints,
  referencePortrait,
  regionPolygon,
  retintFace,
  type Rgb,
  HB,
  linearToSrgb,
  MEL,
  srgbToLinear,
} from './helpers';

/**
 * Each lesion is found by its own kind, once (decision 125): a pustule (a pale head in a red or,
 * on dark skin, darker halo) is a blemish; a papule gives one mark, not a blemish and a dark spot;
 * a brown macule is a dark spot, not a blemish. Lesions are painted physically (linear light ×
 * exp(−p·ΔOD)), as in lesions.test.ts.
 */
const { analyze, face, baseline } = await referencePortrait();

const RADIUS = 4; // px on this portrait, as lesions.test.ts: ≈ 3.7 mm across

const mix = (h: number, m: number): [number, number, number] =>
  [0, 1, 2].map((c) => h * HB[c]! + m * MEL[c]!) as [number, number, number];

/**
 * A dome-shaped absorber of optical density `od` and radius r; with `head` > 0 a pustule: a
 * whitish-yellow head of radius head × r (pus, capped relative to the skin as a scattering layer
 * over dark skin does not reach a pale skin's white).
 */
function paint(
  img: Rgb,
  cx: number,
  cy: number,
  r: number,
  od: [number, number, number],
  head = 0,
): void {
  const R = Math.ceil(r);
  const pus = [0.78, 0.68, 0.42];
  for (let y = cy - R; y <= cy + R; y++)
    for (let x = cx - R; x <= cx + R; x++) {
      const d = Math.hypot(x - cx, y - cy) / r;
      if (d >= 1) continue;
      const p = (1 - d * d) ** 0.7;
      const core = head > 0 ? Math.max(0, Math.min(1, (head - d) / 0.15 + 0.5)) : 0;
      const i = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const skin = srgbToLinear(img.data[i + c] ?? 0);
        let l = skin * Math.exp(-p * od[c]!);
        if (core > 0) l += (Math.min(pus[c]!, 2.2 * skin + 0.05) - l) * 0.7 * core;
        img.data[i + c] = linearToSrgb(l);
      }
    }
}

/** Lesion places: a grid over the cheeks, forehead and chin, well inside the zones. */
function places(n: number): Array<[number, number]> {
  const zones = ['left_cheek', 'right_cheek', 'forehead', 'chin'] as const;
  const grids = zones.map((z) => gridPoints(regionPolygon(baseline, z), 13, 10));
  const out: Array<[number, number]> = [];
  for (let k = 0; out.length < n && k < 50; k++)
    for (const g of grids) if (out.length < n && g[k]) out.push(g[k]!);
  return out;
}

type Overlay = 'blemishes' | 'dark_spots' | 'blackheads';
const marksAt = (r: AnalysisResult, kind: Overlay, x: number, y: number) =>
  r.overlays[kind].filter(([mx, my]) => Math.hypot(mx - x, my - y) <= 5).length;

describe('each lesion is found by its own kind, once (decision 125)', () => {
  it('a pale head without a red halo is no pustule; with one it is', () => {
    const reading: PustuleReading = {
      lift: 8,
      red: 0,
      dark: 0,
      redMedian: 0,
      darkMedian: 0,
      ringShare: 1,
      response: 3,
    };
    expect(pustuleWeight(reading)).toBe(0);
    expect(pustuleWeight({ ...reading, red: 5, redMedian: 5, dark: 2, darkMedian: 2 })).toBe(1);
    // A halo that is only darker (brown), not redder, is no pustule's.
    expect(pustuleWeight({ ...reading, red: 0.3, redMedian: 0.3, dark: 8, darkMedian: 8 })).toBe(0);
    // The head must be a blob, not a pale point of the skin's own texture (decision 137): a weak
    // blob response or a small lift gives nothing even in a red halo; between, a share.
    const halo = { ...reading, red: 5, redMedian: 5, dark: 2, darkMedian: 2 };
    expect(pustuleWeight({ ...halo, response: 0.9 })).toBe(0);
    expect(pustuleWeight({ ...halo, response: 1.5 })).toBeCloseTo(0.5, 5);
    expect(pustuleWeight({ ...halo, lift: 2.4 })).toBe(0);
    expect(pustuleWeight({ ...halo, lift: 3.5 })).toBeCloseTo(0.5, 5);
  });

  it('a pale head in a halo darker on every side counts when chroma blocks took its redness (decision 147)', () => {
    // A 4:2:0 JPEG averages the halo's a* with the head's: the halo reads hardly redder (0.4 on
    // its weakest side) while its lightness ring stays (3 on every side).
    const blurred: PustuleReading = {
      lift: 8,
      red: 0.4,
      dark: 3,
      redMedian: 1.2,
      darkMedian: 3,
      ringShare: 1,
      response: 3,
    };
    expect(pustuleWeight(blurred)).toBe(1);
    // The allowance is earned by a head that is clearly a blob (response PUS_RESP 2 → PUS_CLEAR
    // 2.5): a head that is only just a blob, a faint pale point or a plain dark ring get nothing.
    expect(pustuleWeight({ ...blurred, response: 2 })).toBe(0);
    expect(pustuleWeight({ ...blurred, response: 1.2 })).toBe(0);
    expect(pustuleWeight({ ...blurred, lift: 2 })).toBe(0);
    // …nor when the ring is brown (the red / brown ratio 0.2 / 3 is below PUS_RED_FROM)…
    expect(pustuleWeight({ ...blurred, redMedian: 0.2 })).toBe(0);
    // …nor with a ring that is not darker: the head alone lends nothing.
    expect(pustuleWeight({ ...blurred, dark: 0, darkMedian: 0.5, redMedian: 0.4 })).toBe(0);
  });

  it('a clear head counts up to six times a faint red halo (decision 161)', () => {
    // A clear head (response 3, lift 10) inside a halo that reads only 1.3 redder than the skin on
    // its weakest side: a 4:2:0 JPEG averaged the halo's a* with the head's. At 3 × (decision
    // 147) the strength was 1.3 + 3.9 = 5.2, below the threshold's ramp; at 6 × it is 9.1.
    const faint: PustuleReading = {
      lift: 10,
      red: 1.3,
      dark: 0,
      redMedian: 1.3,
      darkMedian: 1.3,
      ringShare: 1,
      response: 3,
    };
    expect(pustuleWeight(faint)).toBe(1);
    // Only a head that is clearly a blob earns the larger share: one that is just a blob counts
    // up to 1 × the halo (strength 2.6)…
    expect(pustuleWeight({ ...faint, response: 2 })).toBe(0);
    // …and the halo must be there: half as red gives 0.65 + 3.9, nothing; none (a glint), nothing.
    expect(pustuleWeight({ ...faint, red: 0.65, redMedian: 0.65 })).toBe(0);
    expect(pustuleWeight({ ...faint, red: 0, redMedian: 0, darkMedian: 0 })).toBe(0);
  });

  it('pustules are blemishes on pale and on dark skin, with no dark-spot mark', async () => {
    const pts = places(8);
    expect(pts).toHaveLength(8);
    const tones: Array<[string, [number, number, number], [number, number, number]]> = [
      ['as photographed', [1, 1, 1], mix(0.45, 0.05)],
      // On dark skin inflammation carries a violaceous, melanin-like share (synth-lesions.ts).
      ['dark brown', [0.36, 0.26, 0.2], mix(0.45, 0.25)],
    ];
    for (const [name, factors, od] of tones) {
      const toned = retintFace(face, baseline.face.box, factors);
      const img = clone(toned);
      for (const [x, y] of pts) paint(img, x, y, RADIUS, od, 0.4);
      const r = await analyze(img);
      const found = pts.filter(([x, y]) => marksAt(r, 'blemishes', x, y) > 0).length;
      // 123 found 0 of 8 (3 marked as dark spots); 125 finds 5 on both tones.
      expect(found, `${name}: pustules found as blemishes`).toBeGreaterThanOrEqual(5);
      const spots = pts.filter(([x, y]) => marksAt(r, 'dark_spots', x, y) > 0).length;
      expect(spots, `${name}: pustules marked as dark spots`).toBe(0);
    }
  });

  it('a papule yields one mark, a blemish', async () => {
    const pts = places(8);
    const img = clone(face);
    for (const [x, y] of pts) paint(img, x, y, RADIUS, mix(0.45, 0));
    const r = await analyze(img);
    const kinds: Overlay[] = ['blemishes', 'dark_spots', 'blackheads'];
    for (const [x, y] of pts) {
      const n = kinds.reduce((s, k) => s + marksAt(r, k, x, y), 0);
      expect(n, `marks at the papule at ${x}, ${y}`).toBeLessThanOrEqual(1);
    }
    expect(
      pts.filter(([x, y]) => marksAt(r, 'blemishes', x, y) === 1).length,
    ).toBeGreaterThanOrEqual(6);
  });

  it('a brown macule is a dark spot, not a blemish, and one mark', async () => {
    const pts = places(8);
    const img = clone(face);
    for (const [x, y] of pts) paint(img, x, y, RADIUS, mix(0, 0.35));
    const r = await analyze(img);
    expect(pts.filter(([x, y]) => marksAt(r, 'blemishes', x, y) > 0)).toHaveLength(0);
    const spots = pts.filter(([x, y]) => marksAt(r, 'dark_spots', x, y) === 1).length;
    expect(spots).toBeGreaterThanOrEqual(6);
  });

  it('the same pigment is a dark spot on pale and on brown skin (decision 139)', async () => {
    // A macule of melanin OD 0.4: the same relative darkening on both tones, which is fewer L*
    // points on darker skin, and the texture measures' contrast scale shrinks it again. Read on
    // the relative scale (with half of the contrast scale taken out) it counts about the same on
    // a medium-brown face; on the darkest tones it still reads weaker (decision 139).
    const pts = places(8);
    const found: number[] = [];
    for (const factors of [
      [1, 1, 1],
      [0.5, 0.4, 0.32],
    ] as Array<[number, number, number]>) {
      const img = clone(retintFace(face, baseline.face.box, factors));
      for (const [x, y] of pts) paint(img, x, y, RADIUS, mix(0, 0.4));
      const r = await analyze(img);
      found.push(pts.filter(([x, y]) => marksAt(r, 'dark_spots', x, y) > 0).length);
    }
    const [pale, brown] = found as [number, number];
    // Before 139 (absolute thresholds on the contrast-scaled lightness): 0 on the brown face.
    expect(pale, 'macules found on pale skin').toBeGreaterThanOrEqual(5);
    expect(brown, 'macules found on medium-brown skin').toBeGreaterThanOrEqual(pale - 1);
  });
});
