/**
 * ms per assessLiveFrame on a 640×360 camera frame (decision 097):
 * `node --import tsx bench/live-speed.ts`. The test portrait framed as the camera sees it, detected
 * once, then assessed 300 times (the first 50 warm the JIT and are not counted).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createNodeFaceDetector } from '../src/face/node-human';
import { assessLiveFrame, type LiveState } from '../src/live';
import { decodeFile, quantile } from './dev-faces';

const here = path.dirname(fileURLToPath(import.meta.url));
const buf = await sharp(path.join(here, '../test/fixtures/astronaut-face.jpg'))
  .resize(360, 360)
  .extend({ left: 140, right: 140, background: { r: 160, g: 150, b: 140 } })
  .png()
  .toBuffer();
const frame = await decodeFile(buf);
const detector = await createNodeFaceDetector();
const faces = await detector.detect(frame);
const times: number[] = [];
let previous: LiveState | null = null;
for (let i = 0; i < 300; i++) {
  const t = performance.now();
  const report = assessLiveFrame(frame, faces, {
    capture: { width: 1280, height: 720 },
    previous,
    time: i * 100,
  });
  previous = report.state;
  if (i >= 50) times.push(performance.now() - t);
}
console.log(
  `assessLiveFrame on ${frame.width}×${frame.height}: median ${quantile(times, 0.5).toFixed(2)} ms, ` +
    `p90 ${quantile(times, 0.9).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`,
);
const t = performance.now();
for (let i = 0; i < 10; i++) await detector.detect(frame);
console.log(`detect (for scale): ${((performance.now() - t) / 10).toFixed(1)} ms`);
