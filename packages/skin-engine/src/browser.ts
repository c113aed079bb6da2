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
import { createSkinEngineWith, type SkinEngine, type SkinEngineOptions } from './engine';
import { createHumanDetector, humanConfig } from './face/detector';
import { withoutGpuProbes } from './face/gpu-probes';

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
  const detector = await withoutGpuProbes(() => createHumanDetector(human));
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
export { assessLiveFrame, type LiveOptions, type LiveReport, type LiveState } from './live';
