/**
 * The phases of the engine's analyses in Node, from V8 CPU profiles (bench/profile-phases.mjs,
 * decision 133), on the same pixels as the browser's bench (apps/web/bench/browser-engine-phases.mjs):
 * the bench photo brought to the analysed size (long side ≤ 1600 px) as a JPEG of quality 90,
 * decoded by sharp. A fresh engine analyses it BENCH_ANALYSES times (the first pays first-use costs); each
 * analysis is profiled on its own, with its wall and CPU time.
 *
 *   npm run bench:phases -w @lumiskin/skin-engine
 *   BENCH_PHOTO=file; BENCH_SIDE=n analyses the photo brought to n px on its long side instead;
 *   BENCH_ANALYSES=n analyses (3).
 */
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { createSkinEngine } from '../src/node';
import { benchImage, benchPhoto } from './dev-faces';
import { phaseRows, profilePhases } from './profile-phases.mjs';

const SIDE = Number(process.env.BENCH_SIDE ?? 1600);
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 3);

const cpuMs = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
};

const image = await benchImage(SIDE);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });

console.log(
  `node ${process.version}, load avg ${os.loadavg()[0]?.toFixed(1)}, photo ${path.basename(benchPhoto())} ` +
    `at ${image.width}×${image.height}`,
);
let t = performance.now();
let c = process.cpuUsage();
const engine = await createSkinEngine();
console.log(
  `engine load: ${Math.round(performance.now() - t)} ms wall, ${Math.round(cpuMs(c))} ms CPU`,
);

const columns = [];
for (let i = 1; i <= ANALYSES; i++) {
  // A fresh copy each time: the browser's worker receives its pixels transferred, so neither reuses them.
  const input = { ...image, data: image.data.slice() };
  await session.post('Profiler.start');
  t = performance.now();
  c = process.cpuUsage();
  const outcome = await engine.analyze({ image: input, analysisType: 'comprehensive' });
  const wall = performance.now() - t;
  const cpu = cpuMs(c);
  const { profile } = await session.post('Profiler.stop');
  if (!outcome.ok) throw new Error(`the photo was refused (${outcome.code})`);
  console.log(
    `analysis #${i}: ${Math.round(wall)} ms wall, ${Math.round(cpu)} ms CPU (engine: detect ${outcome.timings_ms.detect}, measure ${outcome.timings_ms.measure})`,
  );
  columns.push({ label: `#${i}`, result: profilePhases(profile) });
}
console.log(`\nphases (ms of profiled CPU, inclusive)\n${phaseRows(columns)}`);
for (const { label, result } of columns.slice(0, 1))
  console.log(
    `\ntop self time ${label}:\n${result.top.map(([k, v]) => `  ${Math.round(v)} ${k}`).join('\n')}`,
  );
session.disconnect();
