import {
  assessLiveFrame,
  createBrowserSkinEngine,
  type SkinEngine,
} from '@lumiskin/skin-engine/browser';
import type { EngineReply, EngineRequest } from './protocol';

/**
 * The skin engine in a module Web Worker (issue 32): the server's engine, on TensorFlow.js WASM,
 * its files from our own origin. Loaded once, on the first message ('init'); every request after
 * waits for it. Requests run one at a time (the engine queues its inferences).
 */
/** The worker's global scope, as much of it as is used (the app's types are the DOM's, not a worker's). */
interface WorkerScope {
  postMessage(message: EngineReply): void;
  onmessage: ((event: MessageEvent<EngineRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;
let engine: Promise<SkinEngine> | null = null;

/** Replies carry results only (the pixels that came in stay here and are dropped): nothing to transfer. */
function reply(message: EngineReply) {
  scope.postMessage(message);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function handle(request: EngineRequest): Promise<void> {
  if (request.type === 'init') {
    if (engine) return;
    const started = performance.now();
    engine = createBrowserSkinEngine({ assetBase: request.assetBase });
    try {
      await engine;
      reply({ type: 'ready', loadMs: performance.now() - started });
    } catch (error) {
      reply({ type: 'failed', error: errorText(error) });
    }
    return;
  }
  try {
    if (!engine) throw new Error('the engine was not initialised');
    const ready = await engine;
    if (request.type === 'detect') {
      reply({ type: 'detected', id: request.id, faces: await ready.detect(request.frame) });
    } else if (request.type === 'assess') {
      // Live guidance: the faces and the gate both here, so the frame crosses over once.
      const faces = await ready.detect(request.frame, 'video');
      const report = assessLiveFrame(request.frame, faces, request.options);
      reply({ type: 'assessed', id: request.id, report });
    } else {
      const outcome = await ready.analyze(request.input);
      reply({ type: 'analysed', id: request.id, outcome });
    }
  } catch (error) {
    reply({ type: 'error', id: request.id, error: errorText(error) });
  }
}

scope.onmessage = (event: MessageEvent<EngineRequest>) => void handle(event.data);
