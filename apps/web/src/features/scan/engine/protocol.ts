import type {
  AnalyzeInput,
  AnalyzeOutcome,
  DetectedFace,
  LiveOptions,
  LiveReport,
  PixelImage,
} from '@lumiskin/skin-engine';

/** Messages between client.ts and engine.worker.ts. */
export type EngineRequest =
  /** `warmUp`: end the load with one analysis of the bundled portrait (host.ts). */
  | { type: 'init'; assetBase: string; warmUp: boolean }
  | { type: 'analyse'; id: number; input: AnalyzeInput }
  | { type: 'detect'; id: number; frame: PixelImage }
  | { type: 'assess'; id: number; frame: PixelImage; options: LiveOptions };

export type EngineReply =
  /** `warmUpMs`: the part of `loadMs` the warm-up took; null when there was none (or it failed). */
  | { type: 'ready'; loadMs: number; warmUpMs: number | null }
  | { type: 'failed'; error: string }
  | { type: 'analysed'; id: number; outcome: AnalyzeOutcome }
  | { type: 'detected'; id: number; faces: DetectedFace[] }
  | { type: 'assessed'; id: number; report: LiveReport }
  | { type: 'error'; id: number; error: string };

/** The buffers of an image's pixels, to transfer rather than copy (a SharedArrayBuffer cannot be). */
export function pixelBuffers(...images: PixelImage[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const { data } of images) if (data.buffer instanceof ArrayBuffer) buffers.add(data.buffer);
  return [...buffers];
}
