import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegEncoding, type ImageEncoding } from '../src/image/jpeg-encoding';
import {
  CHROMA_STEP_HALF,
  HIDDEN_FULL,
  LESION_BACKGROUND,
  UNSEEN_MAX,
  colourTaken,
  faceCompression,
  lesionFactor,
  lesionsCountedFor,
} from '../src/metrics/compression';
import { LESION_ZONES } from '../src/metrics/marks';
import {
  clone,
  gridPoints,
  jpegEncoded,
  paintAbsorber,
  referencePortrait,
  regionPolygon,
  shadeDome,
} from './helpers';

/**
 * Decision 171: a JPEG's colour compression hides small papules (their redness lives in the chroma
 * planes), so the acne score counts the lesions found × the share the file's chroma quantisation
 * is measured to hide; the marks stay what was found. Decision 173: the factor is fitted to the soft
 * count the score reads, and a clear face's own count (LESION_BACKGROUND) is not scaled.
 */

/** The IJG chroma table's 3 × 3 lowest frequencies (what libjpeg scales by the quality). */
const IJG_CHROMA_CORNER = [17, 18, 24, 18, 21, 26, 24, 26, 56];
const ijgStep = (quality: number) => {
  const scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
  const steps = IJG_CHROMA_CORNER.map((b) =>
    Math.min(255, Math.max(1, Math.floor((b * scale + 50) / 100))),
  );
  return steps.reduce((s, v) => s + v, 0) / steps.length;
};

describe('a JPEG file says how it stored its colour', () => {
  const tile = sharp({ create: { width: 48, height: 40, channels: 3, background: '#b07a66' } });

  it('reads the chroma subsampling and the quantisation of each quality', async () => {
    for (const [quality, chromaSubsampling, expected] of [
      [90, '4:2:0', 4],
      [45, '4:2:0', 4],
      [45, '4:4:4', 1],
      [75, '4:2:0', 4],
    ] as const) {
      const bytes = await tile.clone().jpeg({ quality, chromaSubsampling }).toBuffer();
      const e = jpegEncoding(bytes);
      expect(e, `q${quality} ${chromaSubsampling}`).not.toBeNull();
      expect(e!.chromaSubsampling).toBe(expected);
      expect(e!.chromaStep).toBeCloseTo(ijgStep(quality), 6);
    }
    const progressive = await tile.clone().jpeg({ quality: 60, progressive: true }).toBuffer();
    expect(jpegEncoding(progressive)?.chromaStep).toBeCloseTo(ijgStep(60), 6);
  });

  it('says nothing of what is not a colour JPEG, and never throws on a stranger’s bytes', async () => {
    const good = await tile.clone().jpeg({ quality: 80 }).toBuffer();
    expect(jpegEncoding(await tile.clone().png().toBuffer())).toBeNull();
    expect(jpegEncoding(await tile.clone().webp().toBuffer())).toBeNull();
    const grey = await tile.clone().toColourspace('b-w').jpeg().toBuffer();
    expect(jpegEncoding(grey)).toBeNull();
    // Cut before the frame header ends, or a segment whose length runs past the end.
    const sof = good.indexOf(Buffer.from([0xff, 0xc0]));
    const sofEnd = sof + 2 + good.readUInt16BE(sof + 2);
    expect(sof).toBeGreaterThan(0);
    for (let n = 0; n < sofEnd; n++) expect(jpegEncoding(good.subarray(0, n))).toBeNull();
    expect(jpegEncoding(good.subarray(0, sofEnd))).not.toBeNull();
    const lying = Buffer.from(good);
    lying[4] = 0xff; // APP0's length now runs past the file
    expect(jpegEncoding(lying)).toBeNull();
    expect(jpegEncoding(new Uint8Array([0xff, 0xd8, 0xff, 0xff, 0xff]))).toBeNull();
  });
});

describe('lesions counted per one found', () => {
  it('is 1 for colour kept whole, grows with the chroma step, and stops at UNSEEN_MAX', () => {
    expect(lesionFactor(0)).toBe(1);
    expect(lesionFactor(Number.NaN)).toBe(1);
    expect(lesionFactor(CHROMA_STEP_HALF)).toBeCloseTo(2, 9);
    let last = 1;
    for (let step = 5; step <= 400; step += 5) {
      const k = lesionFactor(step);
      expect(k).toBeGreaterThanOrEqual(last);
      last = k;
    }
    expect(last).toBe(UNSEEN_MAX);
  });

  it("counts a clear face's own count once and scales only what lies beyond it (decision 173)", () => {
    // Nothing to scale: colour kept whole, or no more than a clear face reads.
    expect(lesionsCountedFor(5, 1)).toBe(5);
    expect(lesionsCountedFor(0, 3)).toBe(0);
    expect(lesionsCountedFor(LESION_BACKGROUND, 3)).toBe(LESION_BACKGROUND);
    expect(lesionsCountedFor(LESION_BACKGROUND / 2, 3)).toBe(LESION_BACKGROUND / 2);
    // Beyond it, each lesion found counts k: the marginal count is k, the total below k × found.
    const k = 2.5;
    expect(lesionsCountedFor(6, k) - lesionsCountedFor(5, k)).toBeCloseTo(k, 9);
    expect(lesionsCountedFor(6, k)).toBeCloseTo(LESION_BACKGROUND + k * (6 - LESION_BACKGROUND), 9);
    expect(lesionsCountedFor(6, k)).toBeLessThan(k * 6);
    // Continuous at the allowance: a re-save that nudges the count across it moves it a little.
    expect(lesionsCountedFor(LESION_BACKGROUND + 1e-6, 3)).toBeCloseTo(LESION_BACKGROUND, 5);
  });

  it('lets the darkening stand in for the colour only as far as the save took it (decision 175)', () => {
    // No JPEG, or one that kept the colour whole: nothing taken.
    expect(colourTaken(null)).toBe(0);
    expect(colourTaken({ chromaStep: 0, lesionFactor: 1 })).toBe(0);
    // The share of lesions the save hid, 1 − 1 / k, in full from HIDDEN_FULL.
    const at = (k: number) => colourTaken({ chromaStep: 1, lesionFactor: k });
    expect(at(1.25)).toBeCloseTo((1 - 1 / 1.25) / HIDDEN_FULL, 9);
    expect(at(1 / (1 - HIDDEN_FULL))).toBeCloseTo(1, 9);
    expect(at(UNSEEN_MAX)).toBe(1);
    // Monotone in the step: a finer save never takes more.
    let last = 0;
    for (let step = 0; step <= 300; step += 10) {
      const share = colourTaken(faceCompression({ chromaSubsampling: 4, chromaStep: step / 4 }, 1));
      expect(share).toBeGreaterThanOrEqual(last);
      last = share;
    }
    expect(last).toBe(1);
  });

  it("reads the step at the face's scale in the file's pixels", () => {
    const e: ImageEncoding = { chromaSubsampling: 4, chromaStep: 10 };
    // A face twice as large in the file: each chroma block covers a quarter of the skin.
    const small = faceCompression(e, 1.6)!;
    const large = faceCompression(e, 0.8)!;
    expect(small.chromaStep).toBeCloseTo(4 * large.chromaStep, 9);
    // A file shrunk by half before the analysis is the small face's file.
    expect(faceCompression({ ...e, scale: 0.5 }, 1.6)!.chromaStep).toBeCloseTo(large.chromaStep, 9);
    expect(faceCompression(undefined, 1)).toBeNull();
  });
});

describe('the acne score counts the papules a JPEG hid (decision 171)', async () => {
  const { analyze, face, baseline } = await referencePortrait();
  const zones = ['left_cheek', 'right_cheek', 'forehead', 'chin'] as const;
  const grids = zones.map((z) => gridPoints(regionPolygon(baseline, z), 13, 10));
  const pts: Array<[number, number]> = [];
  for (let k = 0; pts.length < 8 && k < 50; k++)
    for (const g of grids) if (pts.length < 8 && g[k]) pts.push(g[k]!);
  const papules = clone(face);
  for (const [x, y] of pts) {
    paintAbsorber(papules, x, y, 4, [0.054, 0.45, 0.34]);
    shadeDome(papules, x, y, 4);
  }

  it('a strongly compressed photo: its darkening stands in for the colour, more lesions counted, acne lower', async () => {
    const { image, encoding } = await jpegEncoded(papules, {
      quality: 45,
      chromaSubsampling: '4:2:0',
    });
    expect(encoding).not.toBeNull();
    const unknown = await analyze(image);
    const known = await analyze(image, encoding);
    expect(unknown.capture.compression).toBeUndefined();
    const k = known.capture.compression!.lesion_factor;
    // This portrait's face is ≈ 206 px high: a q45 4:2:0 block is ≈ 25 working px wide.
    expect(k).toBe(UNSEEN_MAX);
    // Decision 175: on colour the save took, a shaded papule's darkening stands in for its
    // redness, so every mark read as if the colour were whole is kept and more are found.
    const key = (b: readonly number[]) => `${b[0]},${b[1]}`;
    const knownMarks = new Set(known.overlays.blemishes.map(key));
    for (const b of unknown.overlays.blemishes) expect(knownMarks.has(key(b))).toBe(true);
    expect(known.overlays.blemishes.length).toBeGreaterThan(unknown.overlays.blemishes.length);
    // Every zone's count × the face's ratio of counted to found (decision 173).
    const foundIn = (r: typeof known) =>
      LESION_ZONES.reduce((sum, z) => sum + r.measurements[z].blemishes, 0);
    const found = foundIn(known);
    expect(found).toBeGreaterThan(2 * LESION_BACKGROUND);
    const ratio = lesionsCountedFor(found, k) / found;
    expect(ratio).toBeGreaterThan(1.5);
    expect(ratio).toBeLessThan(k);
    // The zones' skin is the same: acne's raw value is the count per area, scaled by the ratio.
    expect(known.raw.acne!).toBeCloseTo((ratio * found * unknown.raw.acne!) / foundIn(unknown), 2);
    expect(known.scores.acne!).toBeLessThan(unknown.scores.acne! - 5);
    // An estimate from a third of the lesions there: acne's confidence falls as 1 / √k.
    const confidence = (r: typeof known) => r.findings.find((f) => f.metric === 'acne')!.confidence;
    expect(confidence(known)).toBeCloseTo(confidence(unknown) / Math.sqrt(k), 2);
    // The other scores do not read the lesion count (dark spots yield to the blemishes found,
    // decision 125, so they may move with them).
    for (const m of ['redness', 'blackheads', 'texture'] as const)
      expect(known.scores[m], m).toBe(unknown.scores[m]);
  });

  it('colour saved whole (4:4:4, q95) counts the lesions found, and a clear face stays clear', async () => {
    const whole = await jpegEncoded(papules, { quality: 95, chromaSubsampling: '4:4:4' });
    const r = await analyze(whole.image, whole.encoding);
    expect(r.capture.compression!.lesion_factor).toBeLessThan(1.05);
    expect(
      Math.abs(r.scores.acne! - (await analyze(whole.image)).scores.acne!),
    ).toBeLessThanOrEqual(1);
    const clear = await jpegEncoded(face, { quality: 45, chromaSubsampling: '4:2:0' });
    const c = await analyze(clear.image, clear.encoding);
    expect(c.overlays.blemishes).toHaveLength(0);
    expect(c.scores.acne!).toBeGreaterThanOrEqual(90);
  });
});
