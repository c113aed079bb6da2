import { beforeAll, describe, expect, it } from 'vitest';
import { detectionFactor, type DetectedFace, type FaceDetector } from '../src/face/detector';
import { createNodeFaceDetector } from '../src/face/node-human';
import { assessLiveFrame, LIVE_CHECKS, type LiveReport } from '../src/live';
import { cameraCapture, fromSharp, loadRgb, toSharp, type Rgb } from './helpers';

/**
 * Live camera frames are read at half the size photos are (decision 133): a 640 × 360 frame goes
 * to the detector as a 320 px square instead of a 640 px one. What the live gate decides must not
 * change with it: on the test portrait framed as the camera sees it (as in live.test.ts), the
 * faces found in live ('video') mode give the same verdicts as the photo mode's full-size input,
 * with the angles and the box close.
 */
const CAPTURE = { width: 1280, height: 720 };

let detector: FaceDetector;
let face720: Rgb;

beforeAll(async () => {
  detector = await createNodeFaceDetector();
  face720 = await fromSharp(toSharp(await loadRgb('astronaut-face.jpg')).resize(720, 720));
});

/** The portrait at `scale` of the capture's height, at `left`, read as the 640 × 360 live frame. */
async function frameOf(scale: number, left?: number): Promise<Rgb> {
  return fromSharp(
    (await cameraCapture(face720, scale, left)).resize(640, 360, { kernel: 'linear' }),
  );
}

function report(frame: Rgb, faces: DetectedFace[]): LiveReport {
  const before = assessLiveFrame(frame, faces, { capture: CAPTURE, time: 0 });
  return assessLiveFrame(frame, faces, { capture: CAPTURE, previous: before.state, time: 100 });
}

const verdicts = (r: LiveReport) =>
  LIVE_CHECKS.map((c) => `${c}:${r.checks[c].ok ? 'ok' : r.checks[c].code}`);

describe('the detector input size', () => {
  it('photos at 512-1023 px on the long side, live frames at 256-511', () => {
    expect(detectionFactor({ width: 1200, height: 1600 })).toBe(3); // 533 px
    expect(detectionFactor({ width: 1280, height: 720 })).toBe(2); // 640 px
    expect(detectionFactor({ width: 640, height: 360 })).toBe(1); // a photo that small: as it is
    expect(detectionFactor({ width: 640, height: 360 }, 'video')).toBe(2); // 320 px
    expect(detectionFactor({ width: 1280, height: 720 }, 'video')).toBe(5); // 256 px
    expect(detectionFactor({ width: 300, height: 200 }, 'video')).toBe(1);
  });
});

describe('live frames read at half size decide as at full size', () => {
  const cases: Array<[string, number, number?]> = [
    ['framed', 1],
    ['a little smaller', 0.8],
    ['too far', 0.5],
    ['off-centre', 1, 40],
  ];
  for (const [name, scale, left] of cases) {
    it(
      name,
      async () => {
        const frame = await frameOf(scale, left);
        const full = await detector.detect(frame, 'photo');
        // Video mode follows the last frame's box: a photo call first starts it from scratch.
        const live = await detector.detect({ ...frame, data: frame.data.slice() }, 'video');
        expect(live).toHaveLength(full.length);
        const [a, b] = [full[0], live[0]];
        if (!a || !b) throw new Error('no face');
        for (const angle of ['yaw', 'pitch', 'roll'] as const)
          expect(Math.abs(a[angle] - b[angle]), angle).toBeLessThan(1.5);
        for (let i = 0; i < 4; i++)
          expect(Math.abs((a.box[i] as number) - (b.box[i] as number))).toBeLessThan(
            0.04 * a.box[2],
          );
        expect(verdicts(report(frame, live))).toEqual(verdicts(report(frame, full)));
        // The next photo call is from scratch again.
        await detector.detect(frame, 'photo');
      },
      30_000,
    );
  }
});
