import type { AnalyzeInput, AnalyzeOutcome } from '@lumiskin/skin-engine/engine';
import { createSkinEngine } from '@lumiskin/skin-engine/engine';

/**
 * A piscina worker: the skin engine (TensorFlow.js WASM + face mesh) is loaded once per thread
 * when the thread starts, then analyses one scan at a time. The pixels arrive transferred, not
 * copied.
 */
const engine = await createSkinEngine();

// Warm-up: the first inference compiles the WASM kernels; a blank frame takes that hit at start
// (it is rejected as no_face), not the first person's scan.
const blank = new Uint8Array(320 * 240 * 3).fill(128);
await engine.analyze({
  image: { data: blank, width: 320, height: 240, channels: 3 },
  analysisType: 'quick',
});

export default function analyze(input: AnalyzeInput): Promise<AnalyzeOutcome> {
  return engine.analyze(input);
}
