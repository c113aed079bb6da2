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

describe('white of the eye: its colour is a colour its pixels have (decision 056)', () => {
  // Equal parts warm, cool and neutral, all unsaturated enough to pass as sclera. Per channel,
  // the medians are R 0.50, G 0.55, B 0.50: a green no pixel has. The median chromaticity is the
  // neutral tint's.
  const warm: Rgb3 = [0.6, 0.55, 0.45];
  const cool: Rgb3 = [0.45, 0.55, 0.6];
  const neutral: Rgb3 = [0.5, 0.5, 0.5];

  it('reads the median of the pixels’ chromaticities, not a mix of per-channel medians', () => {
    const { image, face } = eyeImage([warm, cool, neutral]);
    const wp = estimateWhitePoint(image, face, [0.3, 0.25, 0.2], 160);
    expect(wp.sclera_px).toBeGreaterThanOrEqual(60);
    const sclera = wp.sclera as Rgb3;
    expect(sclera[0] / sclera[1]).toBeCloseTo(1, 1);
    expect(sclera[2] / sclera[1]).toBeCloseTo(1, 1);
    // The per-channel mix would read R/G = B/G = 0.91.
    expect(Math.abs(sclera[0] / sclera[1] - 0.909)).toBeGreaterThan(0.05);
  });
});
