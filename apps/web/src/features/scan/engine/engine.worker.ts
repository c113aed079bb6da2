import {
  createBrowserSkinEngine,
  loadLiveGate,
  type LiveGate,
} from '@lumiskin/skin-engine/browser';
import { decodePhoto } from './decode';
import { createEngineHost, WARM_UP_PHOTO } from './host';
import type { EngineReply, EngineRequest } from './protocol';

/**
 * The skin engine in a module Web Worker (issue 32): the server's engine, on TensorFlow.js WASM,
 * its files from our own origin. What it does with each message is host.ts.
 */
/** The worker's global scope, as much of it as is used (the app's types are the DOM's, not a worker's). */
interface WorkerScope {
  postMessage(message: EngineReply): void;
  onmessage: ((event: MessageEvent<EngineRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

async function warmUpPhoto(assetBase: string) {
  const response = await fetch(new URL(WARM_UP_PHOTO, assetBase));
  if (!response.ok) throw new Error(`the warm-up portrait answered ${response.status}`);
  return decodePhoto(await response.blob());
}

// Replies carry results only (the pixels that came in stay here and are dropped): nothing to transfer.
// The live gate's code loads with the engine (decision 146); the host asks for an assessment only
// once the engine it made is ready, so the gate is there by then.
let liveGate: LiveGate | null = null;

async function createEngine(assetBase: string) {
  const [engine, gate] = await Promise.all([
    createBrowserSkinEngine({ assetBase }),
    loadLiveGate(),
  ]);
  liveGate = gate;
  return engine;
}

const handle = createEngineHost(
  {
    createEngine,
    warmUpPhoto,
    assess: (frame, faces, options) => {
      if (!liveGate) throw new Error('the live gate is not loaded');
      return liveGate(frame, faces, options);
    },
  },
  (message) => scope.postMessage(message),
);

scope.onmessage = (event: MessageEvent<EngineRequest>) => void handle(event.data);
