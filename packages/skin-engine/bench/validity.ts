/**
 * Validity benchmark: `npm run bench:validity -w @lumiskin/skin-engine`.
 *
 * Runs the engine over one part of the labelled development portraits (`shared/fixtures/dev-faces`,
 * never part of the app; the three-way split is in bench/dev-faces.ts) and prints what the scores
 * mean on real people: refusals, ageing scores against age, the gender gap (facial hair), every
 * score against skin tone (ITA°), "poor" redness/sensitivity, and the capture-stability deltas
 * (JPEG, resize, exposure, distance, synthetic re-tint). Figures, not a pass/fail test. Every
 * figure that is a statistic of the photos carries its bootstrap 95 % interval (1,000 resamples of
 * the photos, fixed seed).
 *
 *   --part calibration|check|test|all  which part to report (default check; test and all need
 *                                      --final: the test part is run once, at the end of an issue)
 *   --dump FILE                      also write every result as JSON (for calibration work)
 *   --stability N                    photos used for the capture deltas (default 12, 0 = skip)
 *   --limit N                        analyse only the first N photos (quick look)
 *
 * Each section is a function in bench/validity/ printing its part of the report and adding its
 * figures to issue 11's targets; main() below runs them in order.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import type { SkinEngine } from '../src/engine';
import { arg, decodeFile, devFacesDir, listDevFaces, partArg, type DevFace } from './dev-faces';
import type { Img } from './variants';
import { run, type Row, type Target } from './validity/common';
import { printToneCues } from './validity/cues';
import { printDistance } from './validity/distance';
import { printGlasses } from './validity/glasses';
import {
  printAgeing,
  printDistribution,
  printGender,
  printRedness,
  printRefusals,
} from './validity/population';
import { printStability } from './validity/stability';
import { printItaBins, printTone, sameLightSeries } from './validity/tone';

sharp.concurrency(1);

const PART = partArg();
const DUMP = arg('dump');
const STABILITY_N = Number(arg('stability') ?? 12);
const LIMIT = Number(arg('limit') ?? Infinity);

async function main() {
  const dir = devFacesDir();
  if (!dir) {
    console.log('dev-faces not found (set DEV_FACES_DIR): nothing to measure.');
    return;
  }
  const faces = listDevFaces(dir)
    .filter((f) => PART === 'all' || f.part === PART)
    .slice(0, LIMIT);
  const { createSkinEngine } = await import('../src/node');
  const engine = await createSkinEngine({ debug: true });
  console.log(
    `validity: ${faces.length} photos (${PART === 'all' ? 'all parts' : `${PART} part`} of dev-faces), node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const { rows, images } = await analyseAll(engine, faces);
  if (DUMP) writeDump(DUMP, rows);

  const targets: Array<{ name: string; figure: string; met: boolean }> = [];
  const target: Target = (name, figure, met) => targets.push({ name, figure, met });

  const portraits = rows.filter((r) => r.face.folder !== 'zoom');
  printRefusals(portraits, target);
  const ok = portraits.filter((r) => r.result);
  const congress = ok.filter((r) => r.face.folder === 'congress-dev');
  const sameLight = sameLightSeries(congress);
  printAgeing(
    ok.filter((r) => r.face.age != null),
    target,
  );
  printGender(ok, target);
  printGlasses(ok);
  printTone(congress, sameLight, target);
  printItaBins(congress);
  printRedness(congress, ok, target);
  printDistribution(ok);
  if (STABILITY_N > 0) {
    const sample = ok.filter((r) => images.has(r.face.path)).slice(0, STABILITY_N);
    await printStability(engine, sample, images, target);
  }
  printToneCues(congress, sameLight);
  await printDistance(engine, dir, rows, target);

  // Speed (≤ 150 ms p50 at 1280×720) is measured by `npm run bench`, not here.
  const metN = targets.filter((t) => t.met).length;
  console.log(`\nissue 11's targets on this part: ${metN} of ${targets.length} met`);
  for (const t of targets)
    console.log(`  ${t.met ? 'met    ' : 'NOT MET'}  ${t.name}: ${t.figure}`);
}

/** Every photo of the part analysed once; the decoded portraits kept for the capture variants. */
async function analyseAll(engine: SkinEngine, faces: DevFace[]) {
  const rows: Row[] = [];
  const images = new Map<string, Img>();
  const t0 = performance.now();
  for (const face of faces) {
    const image = await decodeFile(face.path);
    const out = await run(engine, image);
    rows.push({
      face,
      refused: out.ok ? null : out.code,
      result: out.ok ? out : null,
      size: `${image.width}x${image.height}`,
    });
    if (out.ok && face.folder !== 'zoom') images.set(face.path, image);
  }
  const perPhoto = (performance.now() - t0) / Math.max(1, faces.length);
  console.log(
    `analysed in ${((performance.now() - t0) / 1000).toFixed(0)} s (${perPhoto.toFixed(0)} ms per photo incl. decode)\n`,
  );
  return { rows, images };
}

/** Every result as JSON (for calibration work). */
function writeDump(file: string, rows: Row[]) {
  writeFileSync(
    file,
    JSON.stringify(
      rows.map((r) => ({
        folder: r.face.folder,
        file: r.face.file,
        part: r.face.part,
        age: r.face.age,
        gender: r.face.gender,
        distance: r.face.distanceCm,
        size: r.size,
        refused: r.refused,
        scores: r.result?.scores,
        overall: r.result?.overall_score,
        raw: r.result?.raw,
        ita: r.result?.skin_tone.ita,
        skin_type: r.result?.estimated_skin_type,
        measurements: r.result?.measurements,
        capture: r.result ? (r.result as unknown as { capture?: unknown }).capture : undefined,
        debug: r.result ? (r.result as unknown as { debug?: unknown }).debug : undefined,
      })),
    ),
  );
  console.log(`wrote ${file}\n`);
}

await main();
