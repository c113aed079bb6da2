import { workerData } from 'node:worker_threads';
import {
  createSkinEngine,
  type AnalyzeInput,
  type AnalyzeOutcome,
  type SkinEngine,
} from '@lumiskin/skin-engine';

/**
 * A piscina worker: the skin engine (TensorFlow.js WASM + face mesh) is loaded once per thread
 * when the thread starts, then analyses one scan at a time. The pixels arrive transferred, not
 * copied.
 */
// While this thread compiles and warms the WASM engine it counts itself in the pool's shared
// `loading` counter: terminating a thread in the middle of that can abort the whole process, so
// the pool's close() waits for the counter to reach 0 first (pool.ts).
const loading: Int32Array | null =
  (workerData as { loading?: unknown } | undefined)?.loading instanceof SharedArrayBuffer
    ? new Int32Array((workerData as { loading: SharedArrayBuffer }).loading)
    : null;
if (loading) Atomics.add(loading, 0, 1);
let engine: SkinEngine;
try {
  engine = await createSkinEngine();
  // Warm-up: the first inference compiles the WASM kernels; a blank frame takes that hit at start
  // (it is rejected as no_face), not the first person's scan.
  const blank = new Uint8Array(320 * 240 * 3).fill(128);
  await engine.analyze({
    image: { data: blank, width: 320, height: 240, channels: 3 },
    analysisType: 'quick',
  });
} finally {
  if (loading) Atomics.sub(loading, 0, 1);
}

export default function analyze(input: AnalyzeInput): Promise<AnalyzeOutcome> {
  return engine.analyze(input);
}
