import type {
  AnalyzeOutcome,
  LiveGate,
  PixelImage,
  SkinEngine,
} from '@lumiskin/skin-engine/browser';
import type { EngineReply, EngineRequest } from './protocol';

/**
 * What the engine's worker does with each message (engine.worker.ts is its shell; this part takes
 * its platform as arguments, so it runs under test without a worker). The engine is loaded once,
 * on 'init'; every request after waits for it; requests run one at a time (the engine queues its
 * inferences).
 *
 * Warm-up (decision 113): with `warmUp`, the load ends with one whole analysis of a bundled
 * public-domain portrait (`warm-up-face.jpg` beside the models). The first analysis of a page
 * otherwise costs about twice a later one — the analysis code is compiled on first use, the
 * detector's kernels and the scratch memory set up — and the scan screen loads the engine while
 * the person frames the photo (usePreloadEngine, useEngineLive), so that cost is paid then, not
 * after they press Analyse. An engine loaded only when a photo is already waiting skips it (it
 * would add a whole analysis to the wait). A warm-up that fails leaves the engine usable. After
 * `ready` it runs WARM_UP_RUNS − 1 more times unless a request comes first (decision 133).
 */
export interface EngineHostPlatform {
  createEngine(assetBase: string): Promise<SkinEngine>;
  /** The warm-up portrait's pixels, decoded as a photo is (decode.ts). */
  warmUpPhoto(assetBase: string): Promise<PixelImage>;
  /** The live gate, run in the worker beside the detector. */
  assess: LiveGate;
}

/** The file the warm-up analyses, in the engine's asset directory (vite/engine-assets.ts). */
export const WARM_UP_PHOTO = 'warm-up-face.jpg';

/**
 * How many times the warm-up analyses the portrait (decision 133): V8 optimises the measures over
 * the first three analyses (in the browser the second still cost as much as the first), so after
 * `ready` (which follows the first) the worker analyses it twice more while it has nothing else to
 * do. Any request that arrives ends these extra runs; it waits at most for the one under way.
 */
export const WARM_UP_RUNS = 3;

/** Lets messages that have arrived be handled before the worker starts more work of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function warmUp(engine: SkinEngine, photo: Promise<PixelImage>): Promise<AnalyzeOutcome> {
  return engine.analyze({ image: await photo, analysisType: 'comprehensive' });
}

export function createEngineHost(
  platform: EngineHostPlatform,
  reply: (message: EngineReply) => void,
): (request: EngineRequest) => Promise<void> {
  let engine: Promise<SkinEngine> | null = null;
  /** Requests received (all but 'init'): the extra warm-up runs stop at the first. */
  let requests = 0;

  async function moreWarmUps(ready: SkinEngine, photo: Promise<PixelImage>, seen: number) {
    for (let run = 1; run < WARM_UP_RUNS; run++) {
      await nextTask();
      if (requests !== seen) return;
      if (!(await warmUp(ready, photo).catch(() => null))) return;
    }
  }

  async function init(request: Extract<EngineRequest, { type: 'init' }>) {
    const started = performance.now();
    const seen = requests;
    // The portrait downloads and decodes while the engine's WASM and models load.
    const photo = request.warmUp ? platform.warmUpPhoto(request.assetBase) : null;
    photo?.catch(() => undefined);
    engine = platform.createEngine(request.assetBase);
    let ready: SkinEngine;
    try {
      ready = await engine;
    } catch (error) {
      reply({ type: 'failed', error: errorText(error) });
      return;
    }
    let warmUpMs: number | null = null;
    if (photo) {
      const t = performance.now();
      // A refusal still ran the detector and the gate; the analysis code runs once it passes.
      const outcome = await warmUp(ready, photo).catch(() => null);
      if (outcome) warmUpMs = performance.now() - t;
    }
    reply({ type: 'ready', loadMs: performance.now() - started, warmUpMs });
    if (photo && warmUpMs !== null) void moreWarmUps(ready, photo, seen);
  }

  return async function handle(request: EngineRequest): Promise<void> {
    if (request.type === 'init') {
      if (!engine) await init(request);
      return;
    }
    requests++;
    try {
      if (!engine) throw new Error('the engine was not initialised');
      const ready = await engine;
      if (request.type === 'detect') {
        reply({ type: 'detected', id: request.id, faces: await ready.detect(request.frame) });
      } else if (request.type === 'assess') {
        // Live guidance: the faces and the gate both here, so the frame crosses over once.
        const faces = await ready.detect(request.frame, 'video');
        const report = platform.assess(request.frame, faces, request.options);
        reply({ type: 'assessed', id: request.id, report });
      } else {
        const outcome = await ready.analyze(request.input);
        reply({ type: 'analysed', id: request.id, outcome });
      }
    } catch (error) {
      reply({ type: 'error', id: request.id, error: errorText(error) });
    }
  };
}
