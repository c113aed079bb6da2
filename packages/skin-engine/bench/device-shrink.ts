/**
 * `npm run bench:device-shrink -w @lumiskin/skin-engine` (decision 191): what shrinking a large
 * photo on the device before the upload does to the scores. Each portrait of a part of dev-faces
 * is made into a 12 MP phone camera's file (enlarged to 4032 px, JPEG q92), then analysed as the
 * server analyses an upload (long side 1600, the file's JPEG encoding and scale) three ways: the
 * file as it is, and shrunk on the device to 3200 and to 2400 px at JPEG q92 first. Prints the
 * bytes each sends and every score's change (mean and largest |Δ|, the share of faces moved by
 * more than 2) against the file as it is. Figures, not a test.
 *
 *   --part calibration|check|test|all   (default check; test and all need --final)
 *   --limit N                           the first N portraits only
 */
import os from 'node:os';
import sharp from 'sharp';
import type { AnalyzeOutcome } from '../src/engine';
import { arg, benchPortraits, decodeFile, mean, median, partArg } from './dev-faces';
import { deviceShrunk, phoneFile, serverPrepared } from './variants';

sharp.concurrency(1);

const PART = partArg();
const LIMIT = Number(arg('limit') ?? Infinity);
const SIDES = [3200, 2400] as const;

async function main() {
  const faces = benchPortraits(PART, LIMIT);
  if (!faces) return;
  const { createSkinEngine } = await import('../src/node');
  const engine = await createSkinEngine();
  console.log(
    `device shrink: ${faces.length} portraits (${PART} part), each as a 4032 px JPEG q92 phone file; node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const analyse = async (file: Buffer): Promise<AnalyzeOutcome> => {
    const image = await serverPrepared(file);
    return engine.analyze({ image, encoding: image.encoding, analysisType: 'comprehensive' });
  };
  const bytes: Record<string, number[]> = {
    original: [],
    ...Object.fromEntries(SIDES.map((s) => [s, []])),
  };
  const deltas = new Map<number, Map<string, number[]>>(SIDES.map((s) => [s, new Map()]));
  let refusedChanged = 0;
  for (const [i, face] of faces.entries()) {
    const original = await phoneFile(await decodeFile(face.path));
    bytes.original?.push(original.length);
    const base = await analyse(original);
    for (const side of SIDES) {
      const shrunk = await deviceShrunk(original, side);
      bytes[side]?.push(shrunk.length);
      const out = await analyse(shrunk);
      if (out.ok !== base.ok) refusedChanged++;
      if (!out.ok || !base.ok) continue;
      const perScore = deltas.get(side) as Map<string, number[]>;
      for (const [name, value] of Object.entries(base.scores)) {
        const other = out.scores[name as keyof typeof out.scores];
        if (typeof value !== 'number' || typeof other !== 'number') continue;
        const list = perScore.get(name) ?? [];
        list.push(other - value);
        perScore.set(name, list);
      }
    }
    process.stderr.write(`[${i + 1}/${faces.length}] ${face.folder}/${face.file}\n`);
  }
  const mb = (v: number[]) => `${(median(v) / 1e6).toFixed(2)} MB`;
  console.log(
    `bytes sent, median: the phone's file ${mb(bytes.original ?? [])}; ${SIDES.map((s) => `shrunk to ${s} px ${mb(bytes[s] ?? [])} (${((100 * median(bytes[s] ?? [])) / median(bytes.original ?? [])).toFixed(0)} %)`).join('; ')}`,
  );
  console.log(`faces whose refusal changed: ${refusedChanged}`);
  console.log(
    `score          ${SIDES.map((s) => `to ${s} px: mean |Δ| / max |Δ| / over 2 / mean Δ`.padEnd(52)).join('')}`,
  );
  const names = [...(deltas.get(SIDES[0]) as Map<string, number[]>).keys()];
  for (const name of names) {
    const cells = SIDES.map((side) => {
      const d = (deltas.get(side) as Map<string, number[]>).get(name) ?? [];
      const abs = d.map(Math.abs);
      const over = abs.filter((v) => v > 2).length / Math.max(1, d.length);
      return `${mean(abs).toFixed(2)} / ${Math.max(0, ...abs)} / ${(100 * over).toFixed(0)} % / ${mean(d).toFixed(2)}`.padEnd(
        52,
      );
    });
    console.log(`${name.padEnd(15)}${cells.join('')}`);
  }
}

await main();
