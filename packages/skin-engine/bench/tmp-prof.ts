// TEMP: radial a and L profile of painted pustules (q90) around their centres, in mm.
import sharp from 'sharp';
import { rgbToLab } from '../src/image/color';
import { decodeFile, devFacesDir, listDevFaces, partArg, arg } from './dev-faces';
import { paintLesions, seedOf, type LesionSpec } from './synth-lesions';
import { reencode, type Img } from './variants';
sharp.concurrency(1);
const faces = listDevFaces(devFacesDir()!).filter((f) => f.part === partArg() && f.folder !== 'zoom').slice(0, Number(arg('limit') ?? 4));
const { createSkinEngine } = await import('../src/node');
const engine = await createSkinEngine({});
for (const f of faces) {
  const img = (await decodeFile(f.path)) as Img;
  const r0 = await engine.analyze({ image: await reencode(img, 90), analysisType: 'comprehensive' });
  if (!r0.ok) continue;
  const mmPerPx = 192 / r0.capture.face_px;
  const cheek = r0.regions.find((r) => r.region === 'left_cheek')!.polygons[0]!;
  const cx = cheek.reduce((s, p) => s + p[0]!, 0) / cheek.length, cy = cheek.reduce((s, p) => s + p[1]!, 0) / cheek.length;
  const specs: LesionSpec[] = [{ kind: (arg('kind') ?? 'pustule') as LesionSpec['kind'], x: Math.round(cx), y: Math.round(cy) }];
  const { image, truth } = paintLesions(img, specs, { mmPerPx, mode: 'linear', seed: seedOf(f.file) });
  const q = await reencode(image as Img, 90);
  const data = q.data;
  const W = q.width;
  const t = truth[0]!;
  const rows: string[] = [];
  for (let r = 0; r <= 4 * t.rPx; r += Math.max(1, t.rPx / 5)) {
    let a = 0, L = 0, n = 0;
    for (let dy = -Math.ceil(r) - 1; dy <= Math.ceil(r) + 1; dy++) for (let dx = -Math.ceil(r) - 1; dx <= Math.ceil(r) + 1; dx++) {
      const d = Math.hypot(dx, dy); if (Math.abs(d - r) > 0.5) continue;
      const i = ((t.y + dy) * W + (t.x + dx)) * 3;
      const lab = rgbToLab(data[i]!, data[i + 1]!, data[i + 2]!); a += lab.a; L += lab.L; n++;
    }
    rows.push(`${(r * mmPerPx).toFixed(2)}mm a ${(a / n).toFixed(1)} L ${(L / n).toFixed(1)}`);
  }
  console.log(`${f.file} ita ${r0.skin_tone.ita.toFixed(0)} rPx ${t.rPx.toFixed(1)} (${(t.rPx * mmPerPx).toFixed(2)} mm) mm/px ${mmPerPx.toFixed(3)} face_px ${r0.capture.face_px}\n  ` + rows.join('\n  '));
}
