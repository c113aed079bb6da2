import { describe, expect, it } from 'vitest';
import type { DetectedFace } from '../src/face/detector';
import { RIGHT_EYE } from '../src/face/landmarks';
import { estimateWhitePoint, type Rgb3 } from '../src/face/white-balance';

const encode = (l: number) =>
  Math.round(255 * (l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055));

/**
 * A 64 × 40 image whose right-eye ring (the only mesh ring placed) encloses an opening that is
 * three-quarters dark (iris, lashes) and one quarter bright white of the eye, the white made of
 * three tints in equal parts (linear RGB): warm, cool and neutral.
 */
function eyeImage(tints: Rgb3[]) {
  const width = 64;
  const height = 40;
  const data = new Uint8Array(width * height * 3).fill(encode(0.2));
  const [x0, y0, x1, y1] = [8, 8, 56, 32];
  let k = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++, k++) {
      // Every fourth pixel is white of the eye, cycling through the tints; the rest is dark.
      const rgb: Rgb3 = k % 4 === 0 ? (tints[(k >> 2) % tints.length] as Rgb3) : [0.02, 0.02, 0.02];
      for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = encode(rgb[c] as number);
    }
  // The ring's 16 points around the opening's border, clockwise; every other ring at the origin.
  const mesh: Array<[number, number]> = Array.from({ length: 468 }, () => [0, 0]);
  const border: Array<[number, number]> = [];
  for (let i = 0; i < 4; i++) border.push([x0 + (i * (x1 - x0)) / 4, y0]);
  for (let i = 0; i < 4; i++) border.push([x1, y0 + (i * (y1 - y0)) / 4]);
  for (let i = 0; i < 4; i++) border.push([x1 - (i * (x1 - x0)) / 4, y1]);
  for (let i = 0; i < 4; i++) border.push([x0, y1 - (i * (y1 - y0)) / 4]);
  RIGHT_EYE.forEach((index, i) => (mesh[index] = border[i] as [number, number]));
  const face: DetectedFace = {
    box: [0, 0, width, height],
    mesh,
    score: 1,
    yaw: 0,
    pitch: 0,
    roll: 0,
  };
  return { image: { data, width, height, channels: 3 as const }, face };
}

describe('white of the eye: its colour is a colour its pixels have (decisions 056, 195)', () => {
  // Equal parts warm, cool and neutral, all unsaturated enough to pass as sclera. Per channel,
  // the medians are R 0.50, G 0.55, B 0.50: a green no pixel has (R/G = B/G = 0.91). Each
  // pixel's own chromaticity, averaged in log, reads R/G = B/G = 0.962: the tints' own mean.
  const warm: Rgb3 = [0.6, 0.55, 0.45];
  const cool: Rgb3 = [0.45, 0.55, 0.6];
  const neutral: Rgb3 = [0.5, 0.5, 0.5];

  it('reads the pixels’ own chromaticities, not a mix of per-channel values', () => {
    const { image, face } = eyeImage([warm, cool, neutral]);
    const wp = estimateWhitePoint(image, face, [0.3, 0.25, 0.2], 160);
    expect(wp.sclera_px).toBeGreaterThanOrEqual(60);
    const sclera = wp.sclera as Rgb3;
    // The three tints' mean log chromaticity (the neutral tint is a little darker, so it weighs a
    // little less on the brightness ramp: within 0.01).
    const logMean = (Math.log(0.6 / 0.55) + Math.log(0.45 / 0.55)) / 3;
    expect(Math.abs(sclera[0] / sclera[1] - Math.exp(logMean))).toBeLessThan(0.01);
    expect(Math.abs(sclera[2] / sclera[1] - Math.exp(logMean))).toBeLessThan(0.01);
    // The per-channel mix would read R/G = B/G = 0.91.
    expect(sclera[0] / sclera[1] - 0.909).toBeGreaterThan(0.04);
  });
});

describe('white of the eye: a pixel weighs as much as it is bright and unsaturated (decision 195)', () => {
  const white: Rgb3 = [0.62, 0.55, 0.52];
  const lum = (c: Rgb3) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  /** A pink pixel as bright as the eye white, whose saturation (max − min) / max is `sat`. */
  const pinkAt = (sat: number): Rgb3 => {
    const shape: Rgb3 = [1, 1 - sat * 0.7, 1 - sat];
    const k = lum(white) / lum(shape);
    return [shape[0] * k, shape[1] * k, shape[2] * k];
  };

  it('a reddish pixel pulls the estimate by as much as it counts, and no step of its colour makes it jump', () => {
    const readRg = (tints: Rgb3[]) => {
      const { image, face } = eyeImage(tints);
      const sclera = estimateWhitePoint(image, face, [0.3, 0.25, 0.2], 160).sclera as Rgb3;
      return Math.log(sclera[0] / sclera[1]);
    };
    // The eye white alone (as its 8-bit levels have it), then with one pink vessel pixel to nine
    // of white, the vessel's saturation stepped by 0.01 across the ramp (0.35–0.45) and the old
    // hard cut (0.4), where it used to drop out at once.
    const alone = readRg([white]);
    const sats = Array.from({ length: 21 }, (_, i) => 0.3 + i * 0.01);
    const pulls = sats.map((sat) => readRg([...Array<Rgb3>(9).fill(white), pinkAt(sat)]) - alone);
    // Below the ramp the vessel counts whole and pulls the estimate red; from 0.45 not at all.
    expect(pulls[0] as number).toBeGreaterThan(0.008);
    for (const pull of pulls.slice(16)) expect(Math.abs(pull)).toBeLessThan(0.001);
    // No step of 0.01 in its colour moves the estimate by more than 30 % of the vessel's largest
    // pull (the ramp takes a tenth of its weight per step, the image's 8-bit levels a little
    // more): with the hard cut, the step 0.40 → 0.41 took all of it.
    const largest = Math.max(...pulls);
    for (let i = 1; i < pulls.length; i++)
      expect(Math.abs((pulls[i] as number) - (pulls[i - 1] as number))).toBeLessThan(0.3 * largest);
  });

  it('under a cast, follows the light as far as the eye white stays unsaturated', () => {
    const { image, face } = eyeImage([white]);
    const base = estimateWhitePoint(image, face, [0.3, 0.25, 0.2], 160);
    const warmer = eyeImage([[white[0] * 1.05, white[1], white[2] * 0.95]]);
    const cast = estimateWhitePoint(warmer.image, warmer.face, [0.3, 0.25, 0.2], 160);
    // Within 0.01 in log: the image's 8-bit levels round the tints by about that much.
    expect(
      Math.abs(Math.log(cast.illuminant[0] / base.illuminant[0]) - Math.log(1.05)),
    ).toBeLessThan(0.01);
    expect(
      Math.abs(Math.log(cast.illuminant[2] / base.illuminant[2]) - Math.log(0.95)),
    ).toBeLessThan(0.01);
  });
});
