/**
 * Does the warm-up analysis (decision 113) take the first analysis's first-use costs away? In Node
 * (the same V8 and tfjs WASM kernels as the browser's worker), each case in a fresh process, CPU
 * time of the process per analysis (less swayed by a shared machine than wall time):
 *   cold:   the photo three times;
 *   warmed: the warm-up portrait (assets/warm-up-face.jpg) once, then the photo three times.
 *
 *   npm run bench:warm-up -w @lumiskin/skin-engine            (both cases, 3 rounds, alternating)
 *   BENCH_PHOTO=file to analyse that photo (default: a development portrait, else the test one);
 *   WARM_UP_SIDE=n brings the portrait to n × n pixels first (default 400, as it is).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createSkinEngine } from '../src/node';
import { benchPhoto, decodeFile } from './dev-faces';

const here = path.dirname(fileURLToPath(import.meta.url));

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function oneCase(warm: boolean) {
  // Brought to the analysed size (long side ≤ 1600 px), as the server and the browser do.
  const photo = await decodeFile(
    await sharp(benchPhoto()).rotate().resize(1600, 1600, { fit: 'inside' }).png().toBuffer(),
  );
  const portrait = await decodeFile(fs.readFileSync(path.join(here, '../assets/warm-up-face.jpg')));
  const engine = await createSkinEngine();
  const out: string[] = [];
  if (warm) {
    const c = cpuMs();
    const r = await engine.analyze({ image: portrait, analysisType: 'comprehensive' });
    out.push(`warm-up ${Math.round(cpuMs() - c)}${r.ok ? '' : ' (refused)'}`);
  }
  for (let i = 0; i < 3; i++) {
    const c = cpuMs();
    const r = await engine.analyze({ image: photo, analysisType: 'comprehensive' });
    if (!r.ok) throw new Error(`the photo was refused (${r.code})`);
    out.push(
      `#${i + 1} ${Math.round(cpuMs() - c)} (detect ${Math.round(r.timings_ms.detect)} wall)`,
    );
  }
  console.log(out.join(', '));
}

if (process.env.WARM_UP_CASE) {
  await oneCase(process.env.WARM_UP_CASE === 'warmed');
} else {
  console.log(`analysis CPU ms, ${path.basename(benchPhoto())}; a fresh process per case`);
  for (let round = 0; round < Number(process.env.BENCH_RUNS ?? 3); round++) {
    for (const which of ['cold', 'warmed']) {
      const line = execFileSync(process.execPath, process.execArgv.concat(process.argv.slice(1)), {
        env: { ...process.env, WARM_UP_CASE: which },
        encoding: 'utf8',
      }).trim();
      console.log(`${which.padEnd(6)} load avg ${os.loadavg()[0]?.toFixed(1)}: ${line}`);
    }
  }
}
