import type {
  AnalyzeInput,
  AnalyzeOutcome,
  DetectedFace,
  LiveOptions,
  LiveReport,
  PixelImage,
} from '@lumiskin/skin-engine';
import type { DeviceEngine } from './device-engine';
import { pixelBuffers, type EngineReply, type EngineRequest } from './protocol';

export { decodePhoto } from './decode';

/**
 * The on-device engine's client (issue 32, decision 094): one module Web Worker for the whole app,
 * created on the first `getDeviceEngine()`, its model loaded once; `dispose()` ends it (the next
 * call starts a new one). The scan screen imports this module dynamically, so no other route
 * downloads any of the engine. Pixels are transferred to the worker, not copied: after `analyse`
 * or `detect` the caller's pixel buffers are empty (detached).
 */

/** Where the build put the models and WASM (vite/engine-assets.ts): /engine/<content hash>/. */
declare const __ENGINE_ASSET_BASE__: string;

interface Pending {
  resolve(value: never): void;
  reject(error: Error): void;
}

let current: Promise<DeviceEngine> | null = null;

export interface DeviceEngineOptions {
  /**
   * End the load with a warm-up analysis (host.ts, decision 113): for callers that load the engine
   * ahead of a photo (the scan screen opening, the camera), not for one whose photo is waiting.
   * The first call decides; later calls share the engine as it is.
   */
  warmUp?: boolean;
}

/**
 * The files the worker loads after its script (vite/engine-assets.ts serves them, with a year's
 * immutable caching): the SIMD WASM every current browser runs (decision 133), then the models
 * Human loads (the engine's `humanConfig`) — which Human asks for only once its WASM backend is
 * up. Asked for here as the worker starts, they download while its script is fetched and compiled,
 * and the worker's own requests are answered from the HTTP cache (decision 138).
 */
export const ENGINE_PREFETCH_FILES = [
  'tfjs-backend-wasm-simd.wasm',
  'blazeface.json',
  'blazeface.bin',
  'facemesh.json',
  'facemesh.bin',
] as const;

function prefetchEngineFiles(assetBase: string): void {
  for (const name of ENGINE_PREFETCH_FILES)
    fetch(new URL(name, assetBase))
      .then((response) => response.arrayBuffer())
      // Only a head start: the worker fetches every file itself and reports what fails.
      .catch(() => undefined);
}

function startEngine(options: DeviceEngineOptions): Promise<DeviceEngine> {
  const assetBase = new URL(__ENGINE_ASSET_BASE__, location.href).href;
  prefetchEngineFiles(assetBase);
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'skin-engine',
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let ended = false;

  const end = (reason: Error) => {
    if (ended) return;
    ended = true;
    worker.terminate();
    for (const request of pending.values()) request.reject(reason);
    pending.clear();
    if (current === started) current = null;
  };

  function ask<T>(request: EngineRequest, transfer: ArrayBuffer[]): Promise<T> {
    if (ended) return Promise.reject(new Error('the on-device engine has ended'));
    return new Promise<T>((resolve, reject) => {
      pending.set((request as { id: number }).id, {
        resolve: resolve as (v: never) => void,
        reject,
      });
      worker.postMessage(request, transfer);
    });
  }

  const engine: DeviceEngine = {
    loaded: { loadMs: 0, warmUpMs: null },
    analyse(input: AnalyzeInput): Promise<AnalyzeOutcome> {
      const images = [input.image, ...(input.extraImages ?? []).map((extra) => extra.image)];
      return ask({ type: 'analyse', id: nextId++, input }, pixelBuffers(...images));
    },
    detect(frame: PixelImage): Promise<DetectedFace[]> {
      return ask({ type: 'detect', id: nextId++, frame }, pixelBuffers(frame));
    },
    assess(frame: PixelImage, options: LiveOptions): Promise<LiveReport> {
      return ask({ type: 'assess', id: nextId++, frame, options }, pixelBuffers(frame));
    },
    dispose: () => end(new Error('the on-device engine was disposed')),
  };

  const started = new Promise<DeviceEngine>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<EngineReply>) => {
      const reply = event.data;
      if (reply.type === 'ready') {
        engine.loaded = { loadMs: reply.loadMs, warmUpMs: reply.warmUpMs };
        return resolve(engine);
      }
      if (reply.type === 'failed') {
        const error = new Error(`the on-device engine did not load: ${reply.error}`);
        reject(error);
        return end(error);
      }
      const request = pending.get(reply.id);
      if (!request) return;
      pending.delete(reply.id);
      if (reply.type === 'error') request.reject(new Error(reply.error));
      else if (reply.type === 'analysed') request.resolve(reply.outcome as never);
      else if (reply.type === 'assessed') request.resolve(reply.report as never);
      else request.resolve(reply.faces as never);
    };
    worker.onerror = (event: ErrorEvent) => {
      const error = new Error(`the on-device engine stopped: ${event.message || 'worker error'}`);
      reject(error);
      end(error);
    };
  });
  worker.postMessage({
    type: 'init',
    assetBase,
    warmUp: options.warmUp === true,
  } satisfies EngineRequest);
  return started;
}

/** The shared on-device engine, loaded on first use; a load that failed is tried again next time. */
export function getDeviceEngine(options: DeviceEngineOptions = {}): Promise<DeviceEngine> {
  current ??= startEngine(options);
  return current;
}
