/**
 * Lesion benchmark (issue 29): `npm run bench:lesions -w @lumiskin/skin-engine`.
 *
 * Paints synthetic lesions (bench/synth-lesions.ts) on one part of the development portraits
 * (`shared/fixtures/dev-faces`, never part of the app; split in bench/dev-faces.ts) and prints
 * what the engine finds: recall and precision per kind and per ITA° band, the false marks per
 * clear face, the issue's 8-papule protocol, and the acne and blackheads scores' response to the
 * number of lesions. Every figure read from the photos carries a bootstrap 95 % interval over
 * portraits (1,000 resamples, fixed seed). Figures, not a pass/fail test.
 *
 *   --part calibration|check|test|all  which part (default check; test and all need --final)
 *   --limit N                          only the first N portraits of the part
 *   --mode linear|paint|stamp|both|all rendering of the lesions (default both: linear + paint;
 *                                      all adds stamp, a naive fixed-colour painter, to check the
 *                                      detector does not depend on this bench's own painters)
 *   --responses linear|paint|stamp|both|none
 *                                      the score-response images (8 per portrait and mode) are
 *                                      made in these modes (default: linear when --mode has it)
 *   --capture full|q75|phone|soft      full size at JPEG q90 (default); full size at JPEG q75
 *                                      (4:2:0: what Pillow and many web tools save by default,
 *                                      decision 171); or as a phone sends a photo: long side
 *                                      640 px, JPEG q45; or soft: full size blurred (a phone's
 *                                      noise reduction, a soft focus) before JPEG q75
 *   --soft S                           with --capture soft: the blur's σ in image px (default 1)
 *   --capture large|large-shrunk       a 12 MP phone camera's file (the portrait enlarged to
 *                                      4032 px, JPEG q92) read as the server does (long side
 *                                      1600); large-shrunk: the same file shrunk on the device to
 *                                      --shrink-side px (default 3200) at q92 first (decision 191)
 *   --explain                          also say why each missed papule of the 8-papule images was
 *                                      missed (no candidate, or its weight's smallest factor), with
 *                                      the readings of the papules found, missed and the clear
 *                                      faces' candidates (the engine's debug output; slower)
 *   --dump FILE                        with --explain: write every clear face's candidates, the
 *                                      8 papules' readings and the "kinds" image's nearest
 *                                      candidate to each painted lesion as JSON, for sweeps
 *   --darken F                         each portrait's light scaled by F (0 < F ≤ 1) in linear
 *                                      light before anything is painted or read: darker skin than
 *                                      the part holds (its darkest band, ITA° < −30, has 0–1
 *                                      portraits), lit and exposed as the original was
 *
 * Protocol, per portrait:
 *  - The clear face: the portrait re-encoded as JPEG q90 (as every painted image is, so the two
 *    differ only by the lesions) and analysed once; its marks are the false marks per clear face,
 *    and all painted variants share this reading (places, excluded areas, ITA° band, mm/px).
 *  - Places: random, inside the zone outlines (inflammatory lesions and macules: forehead, cheeks,
 *    chin; comedones: nose, forehead, chin, cheeks); each lesion keeps a disc of 1.5 × its kind's
 *    largest radius free of the other lesions' discs, of its zone's outline, of the clear face's
 *    excluded areas and of the clear face's marks (plus the match tolerance around each mark).
 *  - Images (each re-encoded as JPEG q90 with sharp before analysis, as a phone would):
 *      kinds     2 of each kind (papule, pustule, nodule, open and closed comedone, macule, and 2
 *                clusters of 3–6 papules): recall per kind and precision;
 *      8 papules the hidden check's protocol: eight papules 3–5 mm across, two in each of the
 *                forehead, the cheeks and the chin: recall, acne drop;
 *      responses 2, 5, 10, 20, 40 inflammatory lesions (mixed papules, pustules, nodules and
 *                clusters, each cluster papule counted) and 5, 10, 20 comedones (open and closed).
 *  - Match: a painted lesion is found when a mark of its overlay kind (inflammatory →
 *    overlays.blemishes, comedones → overlays.blackheads, macules → overlays.dark_spots) lies
 *    within max(3 px, its radius + 1.5 mm) of its centre; "any kind" accepts a mark of any of the
 *    three. Precision: each mark of the painted image is "right" (within tolerance of a painted
 *    lesion of its kind), "wrong kind" (of a lesion of another kind only), "old" (within
 *    max(3 px, mark r + 1.5 mm) of a clear-face mark of its kind; left out) or "new"; precision =
 *    right / (right + wrong kind + new), pooled over every painted image of the mode.
 * The placements and lesion draws depend only on the photo and the image (not on the mode), so
 * the two modes see the same lesions in the same places.
 *
 * The per-portrait reading is in bench/lesions/records.ts, the report in bench/lesions/report.ts,
 * where lesions go and how marks are matched in bench/lesions/placement.ts.
 */
import os from 'node:os';
import sharp from 'sharp';
import type { SkinEngine } from '../src/engine';
import { arg, benchPortraits, decodeFile, median, partArg, quantile } from './dev-faces';
import {
  BANDS,
  f1,
  f2,
  readFace,
  scaledBack,
  type Analyse,
  type FaceRecord,
  type ImageRecord,
  type ModeRecord,
  type ReadOptions,
} from './lesions/records';
import { report } from './lesions/report';
import type { RenderMode } from './synth-lesions';
import {
  blurred,
  deviceShrunk,
  exposed,
  phoneFile,
  reencode,
  resized,
  serverPrepared,
  type Img,
} from './variants';

sharp.concurrency(1);

function oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const v = (arg(name) ?? fallback) as T;
  if (!allowed.includes(v)) {
    console.error(`--${name} must be one of ${allowed.join(', ')} (got "${v}")`);
    process.exit(2);
  }
  return v;
}

const PART = partArg();
const LIMIT = Number(arg('limit') ?? Infinity);
const MODE = oneOf('mode', ['linear', 'paint', 'stamp', 'both', 'all'] as const, 'both');
const MODES: RenderMode[] =
  MODE === 'both' ? ['linear', 'paint'] : MODE === 'all' ? ['linear', 'paint', 'stamp'] : [MODE];
const RESPONSES = oneOf(
  'responses',
  ['linear', 'paint', 'stamp', 'both', 'none'] as const,
  MODES.includes('linear') ? 'linear' : (MODES[0] as RenderMode),
);
const RESPONSE_MODES: RenderMode[] =
  RESPONSES === 'none'
    ? []
    : (RESPONSES === 'both' ? (['linear', 'paint'] as const) : [RESPONSES]).filter((m) =>
        MODES.includes(m),
      );
const CAPTURE = oneOf(
  'capture',
  ['full', 'q75', 'phone', 'soft', 'large', 'large-shrunk'] as const,
  'full',
);
/** The large-shrunk capture: the long side the scan screen shrinks a large photo to. */
const SHRINK_SIDE = Number(arg('shrink-side') ?? 3200);
/** The soft capture: Gaussian blur (image px) before a JPEG at q75. */
const SOFT_SIGMA = Number(arg('soft') ?? 1);
/** The phone capture: long side and JPEG quality. */
const PHONE_SIDE = 640;
const PHONE_QUALITY = 45;
const DARKEN = Number(arg('darken') ?? 1);
const EXPLAIN = process.argv.includes('--explain');
if (!(SOFT_SIGMA >= 0.3 && SOFT_SIGMA <= 10)) {
  console.error('--soft must be a blur σ in image px from 0.3 to 10');
  process.exit(2);
}
if (!(DARKEN > 0 && DARKEN <= 1)) {
  console.error('--darken must be a number in (0, 1]');
  process.exit(2);
}
if (!Number.isFinite(LIMIT) && arg('limit') !== undefined) {
  console.error('--limit must be a number');
  process.exit(2);
}

async function main() {
  const faces = benchPortraits(PART, LIMIT);
  if (!faces) return;
  const { createSkinEngine } = await import('../src/node');
  const engine: SkinEngine = await createSkinEngine({ debug: EXPLAIN });
  console.log(
    `lesions: ${faces.length} portraits (${PART === 'all' ? 'all parts' : `${PART} part`} of dev-faces, zoom/ left out), modes ${MODES.join(' + ')}, ${CAPTURE === 'large' || CAPTURE === 'large-shrunk' ? `a 12 MP phone file (4032 px, JPEG q92)${CAPTURE === 'large-shrunk' ? `, shrunk on the device to ${SHRINK_SIDE} px at q92,` : ''} analysed as the server does (long side 1600)` : CAPTURE === 'phone' ? `phone capture (long side ${PHONE_SIDE} px, JPEG q${PHONE_QUALITY})` : `full-size${CAPTURE === 'soft' ? `, blurred σ ${SOFT_SIGMA} px,` : ''} JPEG q${CAPTURE === 'full' ? 90 : 75}`}${DARKEN < 1 ? `, light × ${DARKEN} (darkened)` : ''}, score responses in ${RESPONSE_MODES.join(' + ') || 'no mode'}; node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const analyse: Analyse = async (image: Img) => {
    if (CAPTURE === 'large' || CAPTURE === 'large-shrunk') {
      const original = await phoneFile(image);
      const sent = CAPTURE === 'large' ? original : await deviceShrunk(original, SHRINK_SIDE);
      const prepared = await serverPrepared(sent);
      const out = await engine.analyze({
        image: prepared,
        encoding: prepared.encoding,
        analysisType: 'comprehensive',
      });
      return out.ok ? scaledBack(out, prepared.width / image.width) : out;
    }
    if (CAPTURE !== 'phone') {
      const source = CAPTURE === 'soft' ? await blurred(image, SOFT_SIGMA) : image;
      const jpeg = await reencode(source, CAPTURE === 'full' ? 90 : 75);
      return engine.analyze({
        image: jpeg,
        encoding: jpeg.encoding,
        analysisType: 'comprehensive',
      });
    }
    const f = Math.min(1, PHONE_SIDE / Math.max(image.width, image.height));
    const jpeg = await reencode(f < 1 ? await resized(image, f) : image, PHONE_QUALITY);
    const out = await engine.analyze({
      image: jpeg,
      encoding: jpeg.encoding,
      analysisType: 'comprehensive',
    });
    return out.ok ? scaledBack(out, jpeg.width / image.width) : out;
  };
  const options: ReadOptions = { modes: MODES, responseModes: RESPONSE_MODES };

  const records: FaceRecord[] = [];
  const refusedClean: string[] = [];
  const t0 = performance.now();
  let analyses = 0;
  for (const [fi, face] of faces.entries()) {
    const decoded = await decodeFile(face.path);
    const original = DARKEN < 1 ? exposed(decoded, DARKEN) : decoded;
    const cleanOut = await analyse(original);
    analyses++;
    if (!cleanOut.ok) {
      refusedClean.push(`${face.file} ${cleanOut.code}`);
      continue;
    }
    const rec = await readFace(face, original, cleanOut, analyse, options, () => analyses++);
    const mmPerPx = rec.mmPerPx;
    records.push(rec);
    const el = (performance.now() - t0) / 1000;
    process.stderr.write(
      `[${fi + 1}/${faces.length}] ${face.folder}/${face.file} ITA ${f1(rec.ita)} mm/px ${f2(mmPerPx)}; ${el.toFixed(0)} s, ${analyses} analyses (${((1000 * el) / analyses).toFixed(0)} ms each), eta ${(((faces.length - fi - 1) * el) / (fi + 1)).toFixed(0)} s\n`,
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `analysed ${analyses} images in ${seconds.toFixed(0)} s (${((1000 * seconds) / Math.max(1, analyses)).toFixed(0)} ms each incl. painting and JPEG); clear faces refused: ${refusedClean.length}${refusedClean.length ? ` (${refusedClean.join(', ')})` : ''}`,
  );
  console.log(
    `mm per image px (192 / face_px): median ${f2(median(records.map((r) => r.mmPerPx)))}, p10–p90 ${f2(
      quantile(
        records.map((r) => r.mmPerPx),
        0.1,
      ),
    )}–${f2(
      quantile(
        records.map((r) => r.mmPerPx),
        0.9,
      ),
    )}; ITA° bands (clear face's skin_tone.ita): ${BANDS.map((b, i) => `${b.name} n=${records.filter((r) => r.band === i).length}`).join(', ')}`,
  );
  report(records, options);
  const dump = arg('dump');
  if (dump && !EXPLAIN) console.log('--dump needs --explain: nothing written');
  else if (dump) {
    // With --explain: every clear face's candidates and the 8 papules' readings, for offline sweeps.
    const { writeFileSync } = await import('node:fs');
    // Per rendering: each painted lesion of one image, found or not, with `extra`'s readings.
    const painted = (
      r: FaceRecord,
      image: (m: ModeRecord) => ImageRecord | undefined,
      extra: (img: ImageRecord, i: number) => object,
    ) =>
      Object.fromEntries(
        [...r.modes].map(([mode, m]) => {
          const img = image(m);
          const lesions = (img?.truth ?? []).map((t, i) => ({
            kind: t.kind,
            found: img?.found[i],
            foundAny: img?.foundAny[i],
            ...(img ? extra(img, i) : {}),
          }));
          return [mode, lesions];
        }),
      );
    const out = records.map((r) => ({
      file: r.face.file,
      band: r.band,
      ita: r.ita,
      clean: r.cleanReadings ?? [],
      modes: painted(
        r,
        (m) => m.papules8,
        (img, i) => ({ why: img.why?.[i] ?? null }),
      ),
      kinds: painted(
        r,
        (m) => m.kinds,
        (img, i) => ({ near: img.near?.[i] ?? null }),
      ),
    }));
    writeFileSync(dump, JSON.stringify(out));
    console.log(`readings written to ${dump}`);
  }
}

await main();
