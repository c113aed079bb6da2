import type { SkinEngine } from '../../src/engine';
import { decodeFile, listDevFaces } from '../dev-faces';
import { run, scoreOf, TONE_FREE, type Row, type Target } from './common';

/** The distance series (zoom/, one face at 15–60 cm): analysed here unless the part held it. */
export async function printDistance(engine: SkinEngine, dir: string, rows: Row[], target: Target) {
  const zoom = rows.filter((r) => r.face.folder === 'zoom');
  const zoomAll = listDevFaces(dir).filter((f) => f.folder === 'zoom');
  const zoomRows: Row[] = zoom.length === zoomAll.length ? zoom : [];
  if (!zoomRows.length) {
    for (const face of zoomAll) {
      const out = await run(engine, await decodeFile(face.path));
      zoomRows.push({ face, refused: out.ok ? null : out.code, result: out.ok ? out : null });
    }
  }
  console.log(
    '\ndistance series (zoom/, one face at 15–60 cm; target: every score within 3 over 30–60 cm, same skin type)',
  );
  for (const r of zoomRows) {
    console.log(
      `${String(r.face.distanceCm).padStart(3)} cm  ${r.refused ?? `type ${r.result?.estimated_skin_type}  ` + TONE_FREE.map((m) => `${m.slice(0, 6)} ${scoreOf(r, m)}`).join(' ')}`,
    );
  }
  const mid = zoomRows.filter((r) => (r.face.distanceCm as number) >= 30 && r.result);
  if (mid.length > 1) {
    const spans = TONE_FREE.map((m) => {
      const v = mid.map((r) => scoreOf(r, m) as number);
      return [m, Math.max(...v) - Math.min(...v)] as const;
    });
    console.log(
      `30–60 cm span: ${spans.map(([m, s]) => `${m} ${s}`).join(', ')}; max ${Math.max(...spans.map((s) => s[1]))}`,
    );
    const wide = spans.filter(([, v]) => v > 3);
    const sameType = new Set(mid.map((r) => r.result?.estimated_skin_type)).size === 1;
    target(
      'face at 30–60 cm: every score within 3, same skin type',
      `${wide.length ? `over 3: ${wide.map(([m, v]) => `${m} ${v}`).join(', ')}` : 'every span ≤ 3'}; skin type ${sameType ? 'the same' : 'changes'}`,
      !wide.length && sameType,
    );
  }
}
