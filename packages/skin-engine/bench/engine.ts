/**
 * Skin engine benchmark: `npm run bench -w @lumiskin/skin-engine`.
 *
 * Builds 640×480 and 1280×720 JPEG photos from the test portrait (face filling the frame's height,
 * as the scan screen asks), then reports: cold start (import + model load + warm-up), the full
 * analysis (decode excluded) p50/p95 wall time and CPU time on one thread, and sharp's decode
 * time of the same JPEGs. The engine is single-threaded (WASM backend without threads), the npm
 * script runs Node with --single-threaded (no V8 helper threads for GC/compilation) and sharp is
 * limited to one thread, so the CPU column is the cost on one core; on a shared machine the wall
 * times also include waiting for a core.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeJpeg } from './dev-faces';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, '..', 'test', 'fixtures', 'astronaut-face.jpg');

sharp.concurrency(1);

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function makePhoto(width: number, height: number): Promise<Buffer> {
  // Face square scaled to 95% of the frame height, centred on a neutral background.
  const side = Math.round(height * 0.95);
  const face = await sharp(fixture).resize(side, side, { kernel: 'lanczos3' }).toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#a49c94' } })
    .composite([
      { input: face, left: Math.round((width - side) / 2), top: Math.round((height - side) / 2) },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
};

async function main() {
  const coldStart = performance.now();
  const coldCpu = process.cpuUsage();
  const { createSkinEngine } = await import('../src/node');
  const engine = await createSkinEngine();
  const cold = performance.now() - coldStart;
  const coldCpuMs = cpuMs(coldCpu);

  console.log(
    `node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, load avg ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `cold start (import + models + warm-up): ${cold.toFixed(0)} ms wall, ${coldCpuMs.toFixed(0)} ms CPU  [target ≤ 1500 ms]`,
  );
  console.log(`runs per size: ${RUNS}\n`);
  console.log(
    'size       decode p50  analysis p50  p95      min      CPU p50  (detect / measure p50)  result',
  );

  for (const [width, height] of [
    [640, 480],
    [1280, 720],
  ] as const) {
    const jpeg = await makePhoto(width, height);
    const decodeTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await decodeJpeg(jpeg);
      decodeTimes.push(performance.now() - t);
    }
    const image = await decodeJpeg(jpeg);
    // Two warm-up analyses (JIT), then timed runs.
    for (let i = 0; i < 2; i++) await engine.analyze({ image, analysisType: 'comprehensive' });
    const wall: number[] = [];
    const cpu: number[] = [];
    const detect: number[] = [];
    const measure: number[] = [];
    let summary = '';
    for (let i = 0; i < RUNS; i++) {
      const c = process.cpuUsage();
      const t = performance.now();
      const r = await engine.analyze({ image, analysisType: 'comprehensive' });
      wall.push(performance.now() - t);
      cpu.push(cpuMs(c));
      if (!r.ok) throw new Error(`bench photo rejected: ${r.code}`);
      detect.push(r.timings_ms.detect);
      measure.push(r.timings_ms.measure);
      summary = `overall ${r.overall_score}`;
    }
    const f = (v: number) => `${v.toFixed(1)} ms`.padEnd(9);
    console.log(
      `${`${width}×${height}`.padEnd(10)} ${f(percentile(decodeTimes, 0.5))}   ${f(percentile(wall, 0.5))}    ${f(percentile(wall, 0.95))}${f(Math.min(...wall))}${f(percentile(cpu, 0.5))}(${percentile(detect, 0.5).toFixed(0)} / ${percentile(measure, 0.5).toFixed(0)})               ${summary}`,
    );
  }
  console.log(
    '\ntarget: analysis p50 ≤ 150 ms at 1280×720 (on a shared machine read the CPU column: one core, no waiting)',
  );
}

await main();
