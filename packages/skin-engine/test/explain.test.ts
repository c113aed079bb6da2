import { describe, expect, it } from 'vitest';
import { createSkinEngine } from '../src/node';
import type { AnalysisResult } from '../src/engine';
import { explainImage, missReason, readingsOf, type Reading } from '../bench/lesions/explain';
import type { TruthLesion } from '../bench/synth-lesions';
import {
  clone,
  gridPoints,
  HB,
  loadRgb,
  MEL,
  ok,
  paintAbsorber,
  regionPolygon,
  type Rgb,
} from './helpers';

/**
 * `bench:lesions --explain` (calibration log, session 34): with the debug option the engine
 * reports every inflammatory candidate it read, kept or not, and the bench puts each missed
 * papule down to its candidate's smallest weight factor. The readings are the detector's own:
 * they change no result.
 */
const plain = await createSkinEngine();
const debug = await createSkinEngine({ debug: true });
const analyse = async (engine: typeof plain, image: Rgb) =>
  ok(await engine.analyze({ image, analysisType: 'comprehensive' }));
const face = await loadRgb('astronaut-face.jpg');
const baseline = await analyse(plain, face);

function places(result: AnalysisResult, n: number): Array<[number, number]> {
  const grids = (['left_cheek', 'right_cheek', 'forehead', 'chin'] as const).map((z) =>
    gridPoints(regionPolygon(result, z), 13, 10),
  );
  const out: Array<[number, number]> = [];
  for (let k = 0; out.length < n && k < 50; k++)
    for (const g of grids) if (out.length < n && g[k]) out.push(g[k]!);
  return out;
}

const nearest = (list: Reading[], x: number, y: number): Reading | undefined =>
  list.filter((c) => Math.hypot(c.x! - x, c.y! - y) <= 5).sort((a, b) => b.weight! - a.weight!)[0];

describe("the engine's inflammatory readings (debug option)", () => {
  const pts = places(baseline, 8);
  const img = clone(face);
  // Four papules (haemoglobin) and four brown marks (melanin) of the same optical density.
  pts.forEach(([x, y], i) =>
    paintAbsorber(
      img,
      x,
      y,
      4,
      (i < 4 ? HB : MEL).map((v) => 0.45 * v) as [number, number, number],
    ),
  );

  it('read every candidate, kept or not, and change no result', async () => {
    const withReadings = await analyse(debug, img);
    const without = await analyse(plain, img);
    expect(withReadings.scores).toEqual(without.scores);
    expect(withReadings.overlays).toEqual(without.overlays);
    expect(readingsOf(without)).toBeNull();
    const list = readingsOf(withReadings);
    expect(list).not.toBeNull();
    // Candidates the detector dropped are reported too, not only the marks.
    expect(list!.filter((c) => c.weight! <= 0).length).toBeGreaterThan(0);
    // Every blemish mark is a candidate the detector kept, read where the mark is…
    for (const [x, y] of withReadings.overlays.blemishes) {
      const c = nearest(list!, x, y);
      expect(c, `mark at ${x}, ${y}`).toBeDefined();
      expect(c!.weight).toBeGreaterThanOrEqual(0.5);
      expect(c!.strength).toBeGreaterThan(c!.threshold!);
    }
    // …and most painted papules are among them.
    const kept = pts.slice(0, 4).filter(([x, y]) => (nearest(list!, x, y)?.weight ?? 0) >= 0.5);
    expect(kept.length).toBeGreaterThanOrEqual(3);
    // A brown mark, where it is a candidate at all, fails on red / brown or on its strength.
    for (const [x, y] of pts.slice(4)) {
      const c = nearest(list!, x, y);
      if (c) expect(['red / brown', 'strength']).toContain(missReason(c));
    }
  });
});

describe('explainImage: why a painted lesion was missed', () => {
  const reading = (over: Partial<Reading>): Reading => ({
    x: 100,
    y: 100,
    r: 3,
    strength: 10,
    threshold: 7.5,
    red: 1,
    notGlint: 1,
    surround: 1,
    round: 1,
    weight: 1,
    ...over,
  });
  const truth: TruthLesion[] = [
    { x: 100, y: 100, rPx: 3, kind: 'papule' },
    { x: 200, y: 200, rPx: 3, kind: 'pustule' },
    { x: 300, y: 300, rPx: 3, kind: 'open_comedone' },
  ];

  it('found, no candidate, a comedone left out', () => {
    const why = explainImage(truth, [true, false, false], [reading({})], 0.5);
    expect(why[0]!.reason).toBe('found');
    expect(why[1]!.reason).toBe('no candidate');
    expect(why[2]).toBeNull();
  });

  it("a miss is put down to the candidate's smallest weight factor", () => {
    const cases: Array<[Partial<Reading>, string]> = [
      [{ strength: 4, weight: 0 }, 'strength'],
      [{ red: 0, weight: 0 }, 'red / brown'],
      [{ notGlint: 0.1, weight: 0.1 }, 'glint'],
      [{ surround: 0.2, weight: 0.2 }, 'surround'],
      [{ round: 0.3, weight: 0.3 }, 'round'],
      [{ weight: 0.9 }, 'after the detector'],
    ];
    for (const [over, reason] of cases) {
      const why = explainImage(truth.slice(0, 1), [false], [reading(over)], 0.5);
      expect(why[0]!.reason, JSON.stringify(over)).toBe(reason);
    }
  });

  it('the heaviest candidate within the match distance speaks for the lesion', () => {
    const far = reading({ x: 130, weight: 1 });
    const weak = reading({ strength: 4, weight: 0 });
    const offSkin = reading({ surround: 0.2, weight: 0.2 });
    const why = explainImage(truth.slice(0, 1), [false], [far, weak, offSkin], 0.5);
    expect(why[0]!.reason).toBe('surround');
    expect(why[0]!.reading).toBe(offSkin);
  });
});
