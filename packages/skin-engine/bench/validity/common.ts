import type { MetricKey } from '@lumiskin/contract/analysis';
import { COMPREHENSIVE_METRICS } from '@lumiskin/contract/analysis';
import type { AnalysisResult, SkinEngine } from '../../src/engine';
import type { ImageEncoding } from '../../src/image/jpeg-encoding';
import type { PixelImage } from '../../src/image/raster';
import { bootstrapCi, mean, type DevFace } from '../dev-faces';

/** What bench/validity.ts's sections share: one photo's reading, formats, the target list. */

export const AGEING: MetricKey[] = [
  'fine_lines',
  'firmness',
  'texture',
  'dark_spots',
  'uneven_tone',
];
export const TONE_FREE: MetricKey[] = [...COMPREHENSIVE_METRICS];

export interface Row {
  face: DevFace;
  refused: string | null;
  result: AnalysisResult | null;
  /** Width × height of the photo as delivered: photos of one studio series share it. */
  size?: string;
}

/** Issue 11's targets, collected as each section computes its figure and printed together last. */
export type Target = (name: string, figure: string, met: boolean) => void;

export const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
export const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
export const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(0)}%` : '—');
export const f0 = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');

/** "[lo, hi]": the bootstrap 95 % interval of `stat` over the photos' values `v`. */
export function bci(v: number[], stat: (v: number[]) => number = mean, fmt = f1): string {
  const [lo, hi] = bootstrapCi(v.length, (idx) => stat(idx.map((i) => v[i] as number)));
  return `[${fmt(lo)}, ${fmt(hi)}]`;
}
/** The share of photos for which `test` holds, with its interval: "12% [5%, 20%]". */
export function share(flags: boolean[]): string {
  const v = flags.map((b) => (b ? 1 : 0));
  return `${pct(mean(v))} ${bci(v, mean, pct)}`;
}

export async function run(engine: SkinEngine, image: PixelImage & { encoding?: ImageEncoding }) {
  return engine.analyze({ image, encoding: image.encoding, analysisType: 'comprehensive' });
}

export function scoreOf(r: Row, m: MetricKey | 'overall'): number | undefined {
  if (!r.result) return undefined;
  return m === 'overall' ? r.result.overall_score : r.result.scores[m];
}
