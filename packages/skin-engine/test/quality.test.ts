import { CAMERA_LIGHT_LIMITS } from '@lumiskin/contract/scan';
import { describe, expect, it } from 'vitest';
import type { DetectedFace } from '../src/face/detector';
import { SILHOUETTE } from '../src/face/landmarks';
import {
  checkDetections,
  checkExposure,
  exposureIssue,
  exposureStats,
  QUALITY_LIMITS,
} from '../src/quality';

const photo = (width: number, height: number, value = 150) => ({
  data: new Uint8Array(width * height * 3).fill(value),
  width,
  height,
  channels: 3 as const,
});

/** A detection whose face outline is a circle inscribed in the box. */
function detection(
  x: number,
  y: number,
  size: number,
  extra: Partial<DetectedFace> = {},
): DetectedFace {
  const mesh: Array<[number, number]> = Array.from({ length: 468 }, () => [
    x + size / 2,
    y + size / 2,
  ]);
  SILHOUETTE.forEach((index, k) => {
    const a = (2 * Math.PI * k) / SILHOUETTE.length;
    mesh[index] = [
      x + size / 2 + (size / 2) * Math.cos(a),
      y + size / 2 + (size / 2) * Math.sin(a),
    ];
  });
  return { box: [x, y, size, size], mesh, score: 0.9, yaw: 0, pitch: 0, roll: 0, ...extra };
}

const code = (r: ReturnType<typeof checkDetections>) => ('code' in r ? r.code : 'ok');

describe('quality gate rules', () => {
  it('accepts one well-framed face', () => {
    expect(code(checkDetections(photo(640, 480), [detection(170, 60, 320)], 'front'))).toBe('ok');
  });

  it('face too small: under 200 px, or under a third of the shorter side', () => {
    expect(code(checkDetections(photo(512, 512), [detection(150, 50, 145)], 'front'))).toBe(
      'face_too_small',
    );
    // 210 px clears 200 px but not 1/3 of 720.
    expect(code(checkDetections(photo(1280, 720), [detection(500, 200, 210)], 'front'))).toBe(
      'face_too_small',
    );
    expect(code(checkDetections(photo(1280, 720), [detection(500, 100, 250)], 'front'))).toBe('ok');
  });

  it('more than one face, but a small face in the background is ignored', () => {
    expect(
      code(
        checkDetections(
          photo(1000, 500),
          [detection(40, 60, 300), detection(600, 60, 290)],
          'front',
        ),
      ),
    ).toBe('multiple_faces');
    expect(
      code(
        checkDetections(
          photo(1000, 500),
          [detection(40, 60, 300), detection(700, 60, 80)],
          'front',
        ),
      ),
    ).toBe('ok');
  });

  it('head turned: rejected for a front view, accepted for left/right profiles', () => {
    const turned = detection(170, 60, 320, { yaw: 38 });
    expect(code(checkDetections(photo(640, 480), [turned], 'front'))).toBe('head_turned');
    expect(
      code(checkDetections(photo(640, 480), [detection(170, 60, 320, { pitch: -30 })], 'front')),
    ).toBe('head_turned');
    expect(code(checkDetections(photo(640, 480), [turned], 'left'))).toBe('ok');
    expect(code(checkDetections(photo(640, 480), [turned], 'right'))).toBe('ok');
  });

  it('face partly outside the frame', () => {
    expect(code(checkDetections(photo(640, 480), [detection(420, 60, 320)], 'front'))).toBe(
      'face_cut_off',
    );
  });

  /** The light rule alone: these faces are grey, which the colour rule (below) refuses. */
  const light = (img: ReturnType<typeof photo>, face: DetectedFace) =>
    exposureIssue(exposureStats(img, face));

  it('colour: a black and white face is refused, a faint colour is not (decision 177)', () => {
    const face = detection(170, 60, 320);
    /** A face of luma ≈ 150 whose red stands `chroma` over its blue. */
    const shot = (chroma: number) => {
      const img = photo(640, 480, 120);
      for (let y = 60; y < 380; y++)
        for (let x = 170; x < 490; x++)
          img.data.set([150 + chroma / 2, 150, 150 - chroma / 2], (y * 640 + x) * 3);
      return img;
    };
    const min = QUALITY_LIMITS.minFaceChroma;
    expect(checkExposure(shot(0), face)?.code).toBe('no_colour');
    expect(checkExposure(shot(min - 2), face)?.code).toBe('no_colour');
    expect(checkExposure(shot(min), face)).toBeNull();
    expect(checkExposure(shot(40), face)).toBeNull();
    // The light is judged first: a black and white photo that is also too dark says so.
    expect(checkExposure(photo(640, 480, 30), face)?.code).toBe('too_dark');
  });

  it('exposure: dark face in a dark scene, but not darker skin in a lit scene', () => {
    const face = detection(170, 60, 320);
    expect(light(photo(640, 480, 30), face)?.code).toBe('too_dark');
    expect(light(photo(640, 480, 252), face)?.code).toBe('overexposed');
    // Face luma 70 (deep skin tone) with a bright background: fine.
    const lit = photo(640, 480, 220);
    for (let y = 60; y < 380; y++)
      for (let x = 170; x < 490; x++) lit.data.fill(70, (y * 640 + x) * 3, (y * 640 + x) * 3 + 3);
    expect(light(lit, face)).toBeNull();
    // The same face luma in a dim scene is too dark.
    expect(light(photo(640, 480, 70), face)?.code).toBe('too_dark');
  });

  it('overexposed means blown highlights, not a saturated red channel (decision 053)', () => {
    const face = detection(170, 60, 320);
    /** The face filled with (r, g, b), and every `every`-th pixel of its rows white. */
    const shot = (rgb: [number, number, number], every = 0) => {
      const img = photo(640, 480, 120);
      for (let y = 60; y < 380; y++)
        for (let x = 170; x < 490; x++) {
          const white = every > 0 && x % every === 0;
          img.data.set(white ? [255, 255, 255] : rgb, (y * 640 + x) * 3);
        }
      return img;
    };
    // Fair skin in bright studio light: red at the top of the range, luma ≈ 200. Measurable.
    expect(light(shot([253, 185, 160]), face)).toBeNull();
    // Two channels at the top (luma 234, under the luma limit): detail is lost.
    expect(light(shot([251, 251, 100]), face)?.code).toBe('overexposed');
    // White glare over a third of the face (luma otherwise fine) is refused too.
    expect(light(shot([200, 160, 140], 3), face)?.code).toBe('overexposed');
    expect(light(shot([200, 160, 140], 6), face)).toBeNull();
  });

  it("uses the camera guidance's light limits (one source, in the contract)", () => {
    const face = detection(170, 60, 320);
    /** A face of luma `faceLuma` in a scene of luma `sceneLuma`. */
    const shot = (faceLuma: number, sceneLuma: number) => {
      const img = photo(640, 480, sceneLuma);
      for (let y = 60; y < 380; y++)
        for (let x = 170; x < 490; x++)
          img.data.fill(faceLuma, (y * 640 + x) * 3, (y * 640 + x) * 3 + 3);
      return img;
    };
    const { tooDark, dim, darkScene, tooBright } = CAMERA_LIGHT_LIMITS;
    const bright = darkScene + 40;
    // Below the camera's 'dark' line the engine refuses, whatever the scene.
    expect(light(shot(tooDark - 1, bright), face)?.code).toBe('too_dark');
    expect(light(shot(tooDark + 1, bright), face)).toBeNull();
    // Below the 'dim' line only a dark scene is refused, as the camera says.
    expect(light(shot(dim - 1, darkScene - 10), face)?.code).toBe('too_dark');
    expect(light(shot(dim + 1, darkScene - 10), face)).toBeNull();
    // Above the 'bright' line the engine refuses (249: bright but not clipped).
    expect(light(shot(tooBright + 1, bright), face)?.code).toBe('overexposed');
    expect(light(shot(tooBright - 1, bright), face)).toBeNull();
  });
});
