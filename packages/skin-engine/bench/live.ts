/**
 * The live gate against the server gate on real portraits (decision 097):
 * `node --import tsx bench/live.ts -- --part calibration [--limit N]`.
 *
 * Each dev-faces portrait is framed as the scan screen's camera would see it (1280×720, face in
 * the oval, JPEG q92: variants.ts `cameraFrame`), shrunk to the 640×360 frame the live view reads,
 * detected there and assessed with `capture` 1280×720; the server engine analyses the 1280×720
 * photo. Printed: how often the live gate is ready, how often the server accepts what it passed
 * (the target is every time), the quantiles of every live value (to set LIVE_LIMITS), the live
 * focus against the server's, what a warm and a cool light read as, and ms per assessLiveFrame.
 */
import sharp from 'sharp';
import { createSkinEngine } from '../src/node';
import { createNodeFaceDetector } from '../src/face/node-human';
import { assessLiveFrame, LIVE_CHECKS, type LiveReport } from '../src/live';
import { arg, decodeFile, devFacesDir, listDevFaces, partArg, quantile } from './dev-faces';
import { cameraFrame, castImage, type Img } from './variants';

async function shrink(img: Img, width: number, height: number): Promise<Img> {
  const buf = await sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .resize(width, height, { kernel: 'linear' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return decodeFile(buf);
}

const q = (v: number[]) =>
  [0.01, 0.05, 0.5, 0.95, 0.99].map((p) => quantile(v, p).toFixed(2)).join(' / ');

async function main() {
  const dir = devFacesDir();
  if (!dir) throw new Error('dev-faces not found (DEV_FACES_DIR)');
  const part = partArg(process.argv, 'calibration');
  const limit = Number(arg('limit') ?? Infinity);
  const faces = listDevFaces(dir)
    .filter((f) => part === 'all' || f.part === part)
    .slice(0, limit);
  const detector = await createNodeFaceDetector();
  const engine = await createSkinEngine();
  const values = Object.fromEntries(LIVE_CHECKS.map((c) => [c, [] as number[]]));
  const fails: Record<string, number> = {};
  const focus: Array<[number, number]> = [];
  const casts = { neutral: [] as number[], warm: [] as number[], cool: [] as number[] };
  const dirs = { neutral: [] as number[][], warm: [] as number[][], cool: [] as number[][] };
  const ms: number[] = [];
  const offR: number[] = [];
  const offB: number[] = [];
  const bands: Record<string, { n: number; ready: number; uneven: number; cast: number }> = {};
  const evenByBand: Record<string, number[]> = {};
  let ready = 0;
  let readyAccepted = 0;
  let n = 0;
  for (const f of faces) {
    const photo = await decodeFile(f.path);
    const [main] = await detector.detect(photo);
    if (!main) continue;
    const capture = await cameraFrame(photo, main.box);
    const variants: Array<[keyof typeof casts, Img]> = [
      ['neutral', capture],
      ['warm', castImage(capture, [1.3, 1, 0.7])],
      ['cool', castImage(capture, [0.75, 1, 1.3])],
    ];
    for (const [name, img] of variants) {
      const live = await shrink(img, 640, 360);
      const detected = await detector.detect(live);
      const report: LiveReport = assessLiveFrame(live, detected, { capture: img });
      const cast = report.checks.cast.value;
      if (cast !== null) casts[name].push(cast);
      const dir = report.checks.cast.direction;
      if (dir) dirs[name].push(dir);
      if (name !== 'neutral') continue;
      n++;
      for (let k = 0; k < 3; k++) ms.push(assessLiveFrame(live, detected, { capture: img }).ms);
      for (const c of LIVE_CHECKS) {
        const v = report.checks[c].value;
        if (v !== null) values[c]?.push(v);
        const code = report.checks[c].code;
        if (code && c !== 'motion') fails[`${c}:${code}`] = (fails[`${c}:${code}`] ?? 0) + 1;
      }
      const ignoringMotion = LIVE_CHECKS.every((c) => c === 'motion' || report.checks[c].ok);
      const result = await engine.analyze({ image: img, analysisType: 'quick' });
      const light = report.checks.cast.direction;
      if (result.ok && light && result.capture.white_point_source === 'eyes_teeth') {
        offR.push(light[0] - Math.log(result.capture.white_point[0]));
        offB.push(light[1] - Math.log(result.capture.white_point[2]));
      }
      if (result.ok && report.checks.sharpness.value !== null)
        focus.push([report.checks.sharpness.value, result.quality.sharpness]);
      if (result.ok) {
        const ita = result.skin_tone.ita;
        const band = ita > 41 ? 'ITA > 41' : ita > 10 ? 'ITA 10–41' : 'ITA ≤ 10';
        const b = (bands[band] ??= { n: 0, ready: 0, uneven: 0, cast: 0 });
        b.n++;
        const e = report.checks.evenness.value;
        if (e !== null) (evenByBand[band] ??= []).push(Math.abs(e));
        if (ignoringMotion) b.ready++;
        if (report.checks.evenness.code) b.uneven++;
        if (report.checks.cast.code) {
          b.cast++;
          const d = report.checks.cast.direction ?? [0, 0];
          const wp = result.capture.white_point;
          console.log(
            `cast ${f.file} ITA ${ita} live ${d.map((v) => v.toFixed(2))} server ${result.capture.white_point_source} ${[Math.log(wp[0]), Math.log(wp[2])].map((v) => v.toFixed(2))}`,
          );
        }
      }
      if (ignoringMotion) {
        ready++;
        if (result.ok) readyAccepted++;
        else console.log(`server refused a ready frame: ${f.folder}/${f.file} ${result.code}`);
      }
    }
  }
  console.log(`${n} portraits (${part}); live ready (motion aside): ${ready}`);
  console.log(`server accepted ${readyAccepted} of ${ready} ready frames`);
  console.log('failures:', fails);
  console.log('value quantiles 1% / 5% / 50% / 95% / 99%:');
  for (const c of LIVE_CHECKS) if (values[c]?.length) console.log(`  ${c}: ${q(values[c])}`);
  const ratio = focus.map(([live, server]) => live / server);
  console.log(`live / server focus: ${q(ratio)}`);
  console.log(`server focus: ${q(focus.map((p) => p[1]))}`);
  for (const [name, v] of Object.entries(casts)) console.log(`cast ${name}: ${q(v)}`);
  for (const [name, v] of Object.entries(dirs))
    console.log(
      `light ${name}: log R/G ${q(v.map((d) => d[0] as number))}; log B/G ${q(v.map((d) => d[1] as number))}`,
    );
  console.log(`live light − server white point: log R/G ${q(offR)}; log B/G ${q(offB)}`);
  console.log('by skin tone (server ITA°):', bands);
  for (const [band, v] of Object.entries(evenByBand)) console.log(`|evenness| ${band}: ${q(v)}`);
  console.log(`assessLiveFrame ms (640×360): ${q(ms)}`);
}

await main();
