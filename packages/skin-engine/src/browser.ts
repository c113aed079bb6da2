/**
 * The skin engine in a browser (`@lumiskin/skin-engine/browser`, issue 32): the same analysis code
 * as in Node (src/engine.ts), on the same TensorFlow.js (4.22.0) and the same WASM backend (no
 * WebGL), so both give the same numbers. The models and the .wasm binaries are fetched from
 * `assetBase` (the app's own origin); nothing here touches the DOM, so it runs in a Web Worker.
 * Safe to import in a browser: no Node module.
 */
// A bundler resolves the package for a browser (its `module` condition) to dist/human.esm.js,
// Human's bundle with its own copy of tfjs and every backend; the web app's build resolves it to
// Human's no-bundle build on the @tensorflow packages this package pins, the WASM backend alone
// (apps/web/vite/engine-bundle.ts, decision 140). The results are the same either way.
import { Human } from '@vladmandic/human';
import type { SkinEngine, SkinEngineOptions } from './engine';
import { createHumanDetector, humanConfig } from './face/detector';
import { withoutGpuProbes } from './face/gpu-probes';
import type { assessLiveFrame } from './live';

export interface BrowserSkinEngineOptions extends SkinEngineOptions {
  /**
   * Absolute URL of the directory holding the models `humanConfig` loads (blazeface.json/.bin,
   * facemesh.json/.bin) and the tfjs WASM binaries (tfjs-backend-wasm-simd.wasm and
   * tfjs-backend-wasm.wasm), ending in '/'. apps/web/vite/engine-assets.ts puts them there.
   */
  assetBase: string;
}

export async function createBrowserSkinEngine(opts: BrowserSkinEngineOptions): Promise<SkinEngine> {
  if (!opts.assetBase.endsWith('/')) throw new TypeError('assetBase must end with /');
  const human = new Human(
    humanConfig(
      { wasmPath: opts.assetBase, modelBasePath: opts.assetBase },
      { maxFaces: opts.maxFaces ?? 4 },
    ),
  );
  // The single-threaded WASM build, as on the server: the threaded one is not bundled (decision
  // 140) and would only be picked on a cross-origin-isolated page, which the app's is not.
  human.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  // The analysis code is asked for now and arrives while the WASM and the models load (decision
  // 146): a bundler puts a dynamically imported module in a file of its own, which the web app's
  // build marks for V8 to compile whole as it loads, in time the worker otherwise waits through,
  // instead of function by function during the first analysis. One module for the analysis and
  // the live gate, so one file (decision 149).
  const analysis = import('./browser-analysis');
  analysis.catch(() => undefined); // a failed load is reported below, once the detector is up
  const detector = await withoutGpuProbes(() => createHumanDetector(human));
  const { createSkinEngineWith } = await analysis;
  return createSkinEngineWith(detector, opts);
}

export type {
  AnalysisRejected,
  AnalysisResult,
  AnalyzeInput,
  AnalyzeOutcome,
  PixelImage,
  SkinEngine,
} from './engine';
export type { DetectedFace } from './face/detector';
export type { LiveOptions, LiveReport, LiveState } from './live';

/** The live gate (src/live.ts's `assessLiveFrame`), run in the worker beside the detector. */
export type LiveGate = typeof assessLiveFrame;

/**
 * The live gate, imported on demand like the analysis code (decision 146), from the same module
 * (decision 149): the worker asks for it as the engine starts loading, and it comes in the
 * analysis code's file.
 */
export async function loadLiveGate(): Promise<LiveGate> {
  return (await import('./browser-analysis')).assessLiveFrame;
}
