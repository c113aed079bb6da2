import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPREHENSIVE_METRICS,
  MeasuredFinding,
  MeasuredZoneNote,
  MetricMethods,
  QUICK_METRICS,
  RegionOutline,
  type MetricKey,
} from '@lumiskin/contract/analysis';
import { evenToneConfidenceFactor, type AnalysisResult, type SkinEngine } from '../src/engine';
import { createSkinEngine } from '../src/node';
import { ENGINE_METHOD_VERSION, METRIC_METHODS } from '../src/methods';
import {
  blendInside,
  blurInside,
  brightness,
  cast,
  clone,
  fromSharp,
  gridPoints,
  jpeg,
  loadRgb,
  monochrome,
  ok,
  paintDisc,
  exposure,
  regionPolygon,
  resize,
  retintFace,
  skinPoints,
  toSharp,
  type Rgb,
} from './helpers';

let engine: SkinEngine;
let face: Rgb;
let baseline: AnalysisResult;
const refusedFetches: string[] = [];
const realFetch = globalThis.fetch;

const analyze = async (image: Rgb) =>
  ok(await engine.analyze({ image, analysisType: 'comprehensive' }));

beforeAll(async () => {
  // Offline by construction: any network fetch fails the load (and is recorded).
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file:')) {
      refusedFetches.push(url);
      throw new Error(`network refused in tests: ${url}`);
    }
    return realFetch(input);
  }) as typeof fetch;
  engine = await createSkinEngine();
  face = await loadRgb('astronaut-face.jpg');
  baseline = await analyze(face);
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

function delta(a: AnalysisResult, b: AnalysisResult): Partial<Record<MetricKey, number>> {
  return Object.fromEntries(
    COMPREHENSIVE_METRICS.map((m) => [m, (b.scores[m] ?? 0) - (a.scores[m] ?? 0)]),
  );
}

describe('offline face detection', () => {
  it('loads the models and finds the face with every network fetch refused', () => {
    expect(engine.backend).toBe('wasm');
    expect(refusedFetches).toEqual([]);
    expect(baseline.face.box[2]).toBeGreaterThan(250);
    expect(Math.abs(baseline.face.yaw)).toBeLessThan(10);
  });

  it('detect (live guidance) finds the face the analysis measured, on RGB and RGBA frames', async () => {
    const rgba = new Uint8Array((face.data.length / 3) * 4);
    for (let p = 0, q = 0; p < face.data.length; p += 3, q += 4) {
      rgba.set(face.data.subarray(p, p + 3), q);
      rgba[q + 3] = 255;
    }
    const image = { data: face.data, width: face.width, height: face.height, channels: 3 as const };
    for (const frame of [image, { ...image, data: rgba, channels: 4 as const }]) {
      const faces = await engine.detect(frame);
      expect(faces).toHaveLength(1);
      expect(faces[0]?.mesh).toHaveLength(468);
      faces[0]?.box.forEach((v, i) => expect(v).toBeCloseTo(baseline.face.box[i] ?? 0, 0));
    }
    await expect(engine.detect({ ...image, width: image.width + 1 })).rejects.toThrow(TypeError);
  });

  it('video mode follows a moving face like photo mode does, and leaves photo mode from scratch', async () => {
    const image = { data: face.data, width: face.width, height: face.height, channels: 3 as const };
    /** The photo moved `dx` pixels to the right (the left edge column repeated). */
    const shifted = (dx: number) => {
      const data = new Uint8Array(face.data.length);
      for (let y = 0; y < face.height; y++) {
        for (let x = 0; x < face.width; x++) {
          const from = (y * face.width + Math.max(0, x - dx)) * 3;
          data.set(face.data.subarray(from, from + 3), (y * face.width + x) * 3);
        }
      }
      return { ...image, data };
    };
    const centreX = (mesh: Array<[number, number]>) =>
      mesh.reduce((sum, p) => sum + p[0], 0) / mesh.length;
    const before = await engine.detect(image);
    for (let i = 1; i <= 6; i++) {
      const frame = shifted(4 * i);
      const [video] = await engine.detect(frame, 'video');
      const [photo] = await engine.detect(frame);
      expect(video?.mesh).toHaveLength(468);
      // The mesh follows the face: within 2 px of a from-scratch detection of the same frame.
      expect(Math.abs(centreX(video?.mesh ?? []) - centreX(photo?.mesh ?? []))).toBeLessThan(2);
      await engine.detect(frame, 'video');
    }
    // Photo mode after video frames is from scratch: the very same answer as before them.
    expect(await engine.detect(image)).toEqual(before);
  });
});

describe('analysis result', () => {
  it('reports the 14 comprehensive metrics as integers 0-100, and a healthy face scores well', () => {
    expect(Object.keys(baseline.scores).sort()).toEqual([...COMPREHENSIVE_METRICS].sort());
    for (const score of Object.values(baseline.scores)) {
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
    expect(baseline.overall_score).toBeGreaterThanOrEqual(80);
    expect(baseline.overall_score).toBeLessThanOrEqual(97);
    expect(baseline.skin_tone.category).toMatch(/light/);
  });

  it('matches the contract shapes (findings, outlines) and measures, never advises', () => {
    for (const f of baseline.findings) MeasuredFinding.strict().parse(f);
    for (const n of baseline.zone_notes) MeasuredZoneNote.strict().parse(n);
    expect(baseline.findings.map((f) => f.metric)).toEqual([...COMPREHENSIVE_METRICS]);
    expect(
      baseline.findings
        .filter((f) => f.estimated)
        .map((f) => f.metric)
        .sort(),
    ).toEqual(['firmness', 'hydration', 'sensitivity']);
    for (const r of baseline.regions) RegionOutline.parse(r);
    expect(baseline.regions.map((r) => r.region).sort()).toEqual([
      'chin',
      'forehead',
      'left_cheek',
      'nose',
      'right_cheek',
      'under_eyes',
    ]);
    // Outlines sit on the face, inside the photo.
    for (const r of baseline.regions)
      for (const poly of r.polygons)
        for (const [x, y] of poly) expect(x >= 0 && y >= 0 && x <= 500 && y <= 500).toBe(true);
    // The routine and report are the interpreter's (@lumiskin/skin-advice), not the engine's.
    expect(baseline).not.toHaveProperty('recommendation');
    expect(baseline).not.toHaveProperty('routine');
    expect(baseline).not.toHaveProperty('report');
    expect(baseline.measurements.left_cheek.pixels).toBeGreaterThan(1000);
  });

  it('says which method measured each metric (src/methods.ts)', () => {
    expect(MetricMethods.parse(baseline.methods)).toEqual(METRIC_METHODS);
    expect(baseline.methods.radiance).toBe(10);
    expect(baseline.methods.acne).toBe(22);
    expect(baseline.method_version).toBe(ENGINE_METHOD_VERSION);
  });

  it('a quick analysis reports exactly the 7 quick metrics', async () => {
    const quick = ok(
      await engine.analyze({
        image: face,
        analysisType: 'quick',
      }),
    );
    expect(Object.keys(quick.scores).sort()).toEqual([...QUICK_METRICS].sort());
    expect(quick.findings).toHaveLength(7);
  });

  it('analyses darker skin in good light (not "too dark", not "blurry") and trusts redness less', async () => {
    const brown = await analyze(retintFace(face, baseline.face.box, [0.55, 0.42, 0.34]));
    expect(brown.skin_tone.ita).toBeLessThan(10);
    expect(['brown', 'dark']).toContain(brown.skin_tone.category);
    const conf = (r: AnalysisResult) => r.findings.find((f) => f.metric === 'redness')!.confidence;
    expect(conf(brown)).toBeLessThan(conf(baseline));
    // Even tone reads lower on the darkest development portraits for reasons the photos cannot
    // separate (decision 052): trusted less there too, the score itself kept.
    const confOf = (r: AnalysisResult, metric: string) =>
      r.findings.find((f) => f.metric === metric)!.confidence;
    // Radiance is read from colour too (the same white-point trust) but has no tone factor.
    const drop = (metric: string) => confOf(brown, metric) / confOf(baseline, metric);
    expect(drop('uneven_tone')).toBeLessThan(0.8 * drop('radiance'));
    expect(drop('dark_circles')).toBeCloseTo(drop('radiance'), 1);
    // The a* allowance keeps a darker tone from reading as "red".
    expect(brown.scores.redness!).toBeGreaterThanOrEqual(80);
  });

  it('trusts even tone less below ITA° 25, in two steps (decision 052)', () => {
    expect(evenToneConfidenceFactor(60)).toBe(1);
    expect(evenToneConfidenceFactor(25.1)).toBe(1);
    expect(evenToneConfidenceFactor(20)).toBe(0.8);
    expect(evenToneConfidenceFactor(10)).toBe(0.7);
    expect(evenToneConfidenceFactor(-40)).toBe(0.7);
  });

  it('is deterministic: the same photo gives an identical result', async () => {
    const again = await analyze(face);
    const strip = (r: AnalysisResult) => ({ ...r, timings_ms: null });
    expect(strip(again)).toEqual(strip(baseline));
  });

  it('accepts profile photos in multi-angle mode and merges one cheek', async () => {
    const turned = await fromSharp(toSharp(face).affine([1, 0.05, 0, 1], { background: '#999' }));
    const multi = ok(
      await engine.analyze({
        image: face,
        analysisType: 'quick',
        extraImages: [{ image: turned, angle: 'left' }],
      }),
    );
    expect(multi.quality.angles_used).toEqual(['front', 'left']);
    for (const m of QUICK_METRICS)
      expect(Math.abs((multi.scores[m] ?? 0) - (baseline.scores[m] ?? 0))).toBeLessThanOrEqual(6);
  });
});

describe('stability (no score moves more than 3 points)', () => {
  const cases: Array<[string, () => Promise<Rgb>]> = [
    ['JPEG re-encode at q85', () => jpeg(face, 85)],
    ['resize to 90%', () => resize(face, 0.9)],
    ['resize to 110%', () => resize(face, 1.1)],
    ['10% more exposure', async () => exposure(face, 1.1)],
    ['10% less exposure', async () => exposure(face, 0.9)],
    // A 16:9 landscape frame (the detector pads to square; without it the mesh was stretched).
    [
      'the same face in a 1280×720 frame',
      async () => {
        const big = await toSharp(face).resize(684, 684, { kernel: 'lanczos3' }).png().toBuffer();
        return fromSharp(
          sharp({
            create: { width: 1280, height: 720, channels: 3, background: '#a49c94' },
          }).composite([{ input: big, left: 298, top: 18 }]),
        );
      },
    ],
  ];
  for (const [name, make] of cases) {
    it(name, async () => {
      const d = delta(baseline, await analyze(await make()));
      for (const [metric, change] of Object.entries(d))
        expect(Math.abs(change ?? 0), metric).toBeLessThanOrEqual(3);
    });
  }

  it("the camera view's capture (a 1280×720 frame as JPEG q92) reads like the upload: same skin type", async () => {
    // What apps/web's camera view sends: the video frame (ideal 1280×720) drawn to a canvas and
    // encoded as JPEG at quality 0.92 (decision 172), with the face filling most of the frame's height.
    const big = await toSharp(face).resize(684, 684, { kernel: 'lanczos3' }).png().toBuffer();
    const frame = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: '#a49c94' },
    })
      .composite([{ input: big, left: 298, top: 18 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const camera = await analyze(await fromSharp(sharp(frame)));
    expect(camera.estimated_skin_type).toBe(baseline.estimated_skin_type);
    for (const [metric, change] of Object.entries(delta(baseline, camera)))
      expect(Math.abs(change ?? 0), metric).toBeLessThanOrEqual(3);
  });
});

describe('controlled perturbations move what they should', () => {
  it('red-brown spots on a cheek: acne falls and the blemish count tracks N', async () => {
    const points = gridPoints(regionPolygon(baseline, 'right_cheek'), 9, 5);
    expect(points.length).toBeGreaterThanOrEqual(8);
    const results: AnalysisResult[] = [];
    for (const n of [2, 5, 8]) {
      const img = clone(face);
      for (const [x, y] of points.slice(0, n)) paintDisc(img, x, y, 3.2, [160, 70, 60], 0.75);
      results.push(await analyze(img));
    }
    const counts = results.map((r) => r.counts.blemishes);
    expect(counts[0]).toBeGreaterThanOrEqual(baseline.counts.blemishes + 1);
    expect(Math.abs(counts[0]! - 2 - baseline.counts.blemishes)).toBeLessThanOrEqual(1);
    expect(Math.abs(counts[1]! - 5 - baseline.counts.blemishes)).toBeLessThanOrEqual(1);
    expect(Math.abs(counts[2]! - 8 - baseline.counts.blemishes)).toBeLessThanOrEqual(2);
    const acne = results.map((r) => r.scores.acne!);
    expect(acne[0]).toBeLessThan(baseline.scores.acne!);
    expect(acne[1]).toBeLessThan(acne[0]!);
    expect(acne[2]).toBeLessThan(acne[1]!);
    expect(baseline.scores.acne! - acne[2]!).toBeGreaterThanOrEqual(20);
    // Spots are small: redness of the whole face barely moves.
    expect(Math.abs(results[2]!.scores.redness! - baseline.scores.redness!)).toBeLessThanOrEqual(3);
  });

  it('painted blemishes hold under JPEG re-saves q70–95 and still lower acne (decision 048)', async () => {
    // Four blemishes of ≈ 3 mm on a cheek. (Smaller painted discs, radius 3.2 px on this 500 px
    // photo, are erased by a q70 re-save's chroma quantisation before and after decision 048:
    // docs/skin-engine.md, "Tried and not kept".)
    // At least 8 px inside the zone: a lesion is read against the skin around it, which must
    // lie on the zone's measured skin (decision 057; a disc 5 px from the edge reads half).
    const points = gridPoints(regionPolygon(baseline, 'right_cheek'), 9, 8);
    const img = clone(face);
    for (const [x, y] of points.slice(0, 4)) paintDisc(img, x, y, 4.5, [160, 70, 60], 0.75);
    const painted = await analyze(img);
    expect(baseline.scores.acne! - painted.scores.acne!).toBeGreaterThanOrEqual(5);
    expect(painted.counts.blemishes - baseline.counts.blemishes).toBe(4);
    for (const q of [70, 85, 95]) {
      const saved = await analyze(await jpeg(img, q));
      expect(Math.abs(saved.scores.acne! - painted.scores.acne!), `acne q${q}`).toBeLessThanOrEqual(
        3,
      );
      expect(
        Math.abs(saved.scores.dark_spots! - painted.scores.dark_spots!),
        `dark spots q${q}`,
      ).toBeLessThanOrEqual(3);
    }
  });

  it('JPEG re-saves q70–95 move sensitivity by ≤ 3 (decision 049)', async () => {
    // Diffuse redness counts each pixel by a ramp around its threshold against a band-of-
    // percentiles baseline, so a re-save's shift of the a* baseline moves the area by a fraction.
    // A guard, not the proof: this portrait's cheeks are barely red (sensitivity ≈ 96, on the
    // knots' flat top) and it held before 049 too; the held-out q70 cell went 4 → 3.
    for (const q of [70, 85, 95]) {
      const saved = await analyze(await jpeg(face, q));
      expect(
        Math.abs(saved.scores.sensitivity! - baseline.scores.sensitivity!),
        `sensitivity q${q}`,
      ).toBeLessThanOrEqual(3);
      expect(
        Math.abs(saved.raw.sensitivity! - baseline.raw.sensitivity!),
        `diffuse red % q${q}`,
      ).toBeLessThanOrEqual(4);
    }
  });

  it('specular highlights on the forehead: oiliness falls', async () => {
    const img = clone(face);
    const points = skinPoints(face, gridPoints(regionPolygon(baseline, 'forehead'), 12, 6));
    expect(points.length).toBeGreaterThanOrEqual(5);
    for (const [x, y] of points.slice(0, 8)) paintDisc(img, x, y, 5, [252, 250, 246], 0.8);
    const r = await analyze(img);
    expect(baseline.scores.oiliness! - r.scores.oiliness!).toBeGreaterThanOrEqual(4);
    expect(r.measurements.forehead.shine_pct).toBeGreaterThan(
      baseline.measurements.forehead.shine_pct * 1.5,
    );
    for (const m of ['acne', 'redness'] as const)
      expect(Math.abs(r.scores[m]! - baseline.scores[m]!), m).toBeLessThanOrEqual(3);
  });

  it('raised a* over the cheeks: redness falls, blemishes and texture do not', async () => {
    const img = clone(face);
    blendInside(
      img,
      [regionPolygon(baseline, 'left_cheek'), regionPolygon(baseline, 'right_cheek')],
      10,
      (r, g, b) => [r * 1.04 + 4, g * 0.93, b * 0.97],
    );
    const r = await analyze(img);
    expect(r.measurements.left_cheek.a).toBeGreaterThan(baseline.measurements.left_cheek.a + 4);
    expect(baseline.scores.redness! - r.scores.redness!).toBeGreaterThanOrEqual(15);
    // Sensitivity (diffuse redness, soft since decision 049) still reads the reddened cheeks.
    expect(baseline.scores.sensitivity! - r.scores.sensitivity!).toBeGreaterThanOrEqual(5);
    for (const m of ['acne', 'texture', 'dark_spots', 'oiliness'] as const)
      expect(Math.abs(r.scores[m]! - baseline.scores[m]!), m).toBeLessThanOrEqual(4);
  });

  it('blurred skin: texture improves', async () => {
    const zones = (['forehead', 'left_cheek', 'right_cheek', 'chin', 'nose'] as const).map((z) =>
      regionPolygon(baseline, z),
    );
    const r = await analyze(blurInside(face, zones, 2));
    expect(r.raw.texture!).toBeLessThan(baseline.raw.texture! * 0.8);
    expect(r.scores.texture!).toBeGreaterThan(baseline.scores.texture!);
    expect(Math.abs(r.scores.redness! - baseline.scores.redness!)).toBeLessThanOrEqual(2);
  });

  it('darkened scattered patches: dark-spot score falls and more spots are found', async () => {
    const img = clone(face);
    const spots = [
      ...gridPoints(regionPolygon(baseline, 'left_cheek'), 12, 6),
      ...skinPoints(face, gridPoints(regionPolygon(baseline, 'forehead'), 16, 6)),
    ];
    for (const [x, y] of spots.filter((_, i) => i % 2 === 0).slice(0, 12))
      paintDisc(img, x, y, 4, [90, 60, 45], 0.55);
    const r = await analyze(img);
    expect(r.counts.dark_spots).toBeGreaterThanOrEqual(baseline.counts.dark_spots + 4);
    expect(baseline.scores.dark_spots! - r.scores.dark_spots!).toBeGreaterThanOrEqual(5);
    expect(Math.abs(r.scores.redness! - baseline.scores.redness!)).toBeLessThanOrEqual(3);
  });
});

describe('quality gate', () => {
  const gate = async (image: Rgb) => {
    const r = await engine.analyze({ image, analysisType: 'quick' });
    return r.ok ? 'ok' : r.code;
  };

  it('passes the clear frontal portrait', async () => {
    expect(await gate(face)).toBe('ok');
  });

  it('rejects a photo with no face', async () => {
    const w = 640;
    const h = 480;
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        data.set([80 + (x * 100) / w, 140 + (y * 60) / h, 200 - (y * 100) / h], (y * w + x) * 3);
    expect(await gate({ data, width: w, height: h, channels: 3 })).toBe('no_face');
  });

  it('rejects a face too small for a close-up (astronaut.png, face ≈ 145 px)', async () => {
    expect(await gate(await loadRgb('astronaut.png'))).toBe('face_too_small');
  });

  it('rejects a too dark and an overexposed photo', async () => {
    expect(await gate(brightness(face, 0.25))).toBe('too_dark');
    expect(await gate(brightness(face, 1.6))).toBe('overexposed');
  });

  it('rejects a blurred photo', async () => {
    expect(await gate(await fromSharp(toSharp(face).blur(2)))).toBe('blurry');
  });

  it('rejects a black and white photo, and one with its colour all but gone; a strong blue cast and a faded photo pass', async () => {
    expect(await gate(monochrome(face))).toBe('no_colour');
    expect(await gate(await fromSharp(toSharp(face).modulate({ saturation: 0.04 })))).toBe(
      'no_colour',
    );
    // Decision 177: only a photo without colour is refused, not one whose colour is weak.
    expect(await gate(cast(face, [0.6, 1, 1.6]))).toBe('ok');
    expect(await gate(await fromSharp(toSharp(face).modulate({ saturation: 0.3 })))).toBe('ok');
  });

  it('rejects two faces side by side', async () => {
    const png = await toSharp(face).png().toBuffer();
    const two = await fromSharp(
      sharp({ create: { width: 1000, height: 500, channels: 3, background: '#888888' } }).composite(
        [
          { input: png, left: 0, top: 0 },
          { input: png, left: 500, top: 0 },
        ],
      ),
    );
    expect(await gate(two)).toBe('multiple_faces');
  });

  it('rejects a face cut off by the frame', async () => {
    expect(
      await gate(
        await fromSharp(toSharp(face).extract({ left: 0, top: 0, width: 500, height: 260 })),
      ),
    ).toBe('face_cut_off');
  });

  it('names the light as the reason, with a code and no sentence (skin-advice writes it)', async () => {
    const r = await engine.analyze({ image: brightness(face, 0.25), analysisType: 'quick' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r).toEqual({ ok: false, code: 'too_dark', angle: 'front' });
  });

  it('rejects bad pixel buffers loudly', async () => {
    await expect(
      engine.analyze({
        image: { data: new Uint8Array(10), width: 10, height: 10, channels: 3 },
        analysisType: 'quick',
      }),
    ).rejects.toThrow(/bytes/);
  });
});
