/* TEMP (not committed): painted pustules (or --kind) in the zones: found, new false marks, clear marks. */
import sharp from 'sharp';
import type { AnalysisResult } from '../src/engine';
import { arg, decodeFile, devFacesDir, listDevFaces, partArg } from './dev-faces';
import { placeLesions, pointInPolygon, type Keepout, type Pt } from './lesions/placement';
import { inflammatoryMix, marksOf, reachMm } from './lesions/records';
import { mulberry32, paintLesions, seedOf, type LesionSpec } from './synth-lesions';
import { reencode, type Img } from './variants';
sharp.concurrency(1);
const kind = arg('kind') ?? 'pustule';
const n = Number(arg('n') ?? 8);
const zones = (arg('zones') ?? 'left_cheek,right_cheek,forehead,chin').split(',');
const faces = listDevFaces(devFacesDir()!).filter((f) => f.part === partArg() && f.folder !== 'zoom').slice(Number(arg('from') ?? 0), Number(arg('limit') ?? 1e9));
const { createSkinEngine } = await import('../src/node');
const engine = await createSkinEngine({});
const analyse = async (img: Img): Promise<AnalysisResult | null> => {
  const r = await engine.analyze({ image: await reencode(img, 90), analysisType: 'comprehensive' });
  return r.ok ? r : null;
};
let total = 0, found = 0, dTotal = 0, dFound = 0, clearMarks = 0, newMarks = 0, faceN = 0, acneDrop = 0;
const near = (m: readonly number[], x: number, y: number, tol: number) => Math.hypot(m[0]! - x, m[1]! - y) <= tol;
for (const f of faces) {
  const img = (await decodeFile(f.path)) as Img;
  const clean = await analyse(img);
  if (!clean) continue;
  faceN++;
  const mmPerPx = 192 / clean.capture.face_px;
  const marks = marksOf(clean);
  clearMarks += marks.blemishes.length;
  const excluded = clean.overlays.excluded.flatMap((e) => e.polygons as Pt[][]);
  const keepouts: Keepout[] = (['blemishes', 'blackheads', 'dark_spots'] as const).flatMap((o) =>
    marks[o].map((m) => ({ circle: [m[0], m[1], m[2] + Math.max(3, 1.5 / mmPerPx)] as [number, number, number] })));
  const polys = clean.regions.filter((r) => zones.includes(r.region)).flatMap((r) => r.polygons as Pt[][]);
  const rand = mulberry32(seedOf(`${f.file}/tmp-pus`));
  const mix = inflammatoryMix(n, rand).map((s) => ({ ...s, kind: kind as LesionSpec['kind'] }));
  const placed = placeLesions(mix.map((s) => ({ kind: s.kind, zones: polys, keepPx: (1.2 * reachMm(s.kind)) / mmPerPx })), keepouts, rand);
  const specs: LesionSpec[] = placed.filter(({ x, y }) => !excluded.some((p) => pointInPolygon(x, y, p))).map(({ index, x, y }) => ({ ...(mix[index] as LesionSpec), x, y }));
  const { image, truth } = paintLesions(img, specs, { mmPerPx, mode: 'linear', seed: seedOf(`${f.file}/tmp-pus/paint`) });
  const painted = await analyse(image);
  if (!painted) continue;
  const dark = clean.skin_tone.ita < 10;
  let ff = 0;
  for (const t of truth) {
    const tol = Math.max(3, t.rPx + 1.5 / mmPerPx);
    const ok = painted.overlays.blemishes.some((m) => near(m, t.x, t.y, tol));
    total++; if (dark) dTotal++;
    if (ok) { found++; ff++; if (dark) dFound++; }
  }
  for (const m of painted.overlays.blemishes) {
    const tol = Math.max(3, m[2]! + 1.5 / mmPerPx);
    if (truth.some((t) => near(m, t.x, t.y, Math.max(tol, t.rPx + 1.5 / mmPerPx)))) continue;
    if (marks.blemishes.some((c) => near(m, c[0]!, c[1]!, tol))) continue;
    newMarks++;
  }
  const a0 = clean.scores.acne ?? 0, a1 = painted.scores.acne ?? 0;
  acneDrop += a0 - a1;
  process.stderr.write(`${f.file} ita ${clean.skin_tone.ita.toFixed(0)} ${ff}/${truth.length} acne ${a0}->${a1}\n`);
}
console.log(`${kind} ×${n} in ${zones.join('+')}, ${faceN} faces: found ${found}/${total} = ${(100 * found / total).toFixed(1)}% (ITA<10: ${dFound}/${dTotal}), new marks ${newMarks} (${(newMarks / faceN).toFixed(2)}/face), clear marks ${(clearMarks / faceN).toFixed(2)}/face, acne drop ${(acneDrop / faceN).toFixed(2)}`);
