/**
 * The first analyses of a fresh process (decision 138): what V8 costs before it has optimised the
 * measures. Loads the engine, then analyses the bench photo (bench/dev-faces.ts, long side 1600 px,
 * JPEG quality 90, decoded by sharp) three times and prints each one's wall / CPU / detect ms.
 * Run it several times, each in a new process (`npm run bench:cold -w @lumiskin/skin-engine`), and
 * alternate with the build it is compared with.
 */
import os from 'node:os';
import { createSkinEngine } from '../src/node';
import { benchImage } from './dev-faces';

const photo = await benchImage();
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const engine = await createSkinEngine();
const runs: string[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const c = cpu();
  const r = await engine.analyze({
    image: { ...photo, data: photo.data.slice() },
    analysisType: 'comprehensive',
  });
  if (!r.ok) throw new Error(`the photo was refused (${r.code})`);
  runs.push(
    `${Math.round(performance.now() - t)}/${Math.round(cpu() - c)}/${Math.round(r.timings_ms.detect)}`,
  );
}
console.log(
  `node ${process.version} load avg ${os.loadavg()[0]?.toFixed(2)} | wall/CPU/detect ms: ${runs.join(' | ')}`,
);
