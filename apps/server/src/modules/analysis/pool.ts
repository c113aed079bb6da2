import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnalyzeInput, AnalyzeOutcome } from '@lumiskin/skin-engine';
import { Piscina } from 'piscina';

/**
 * The worker file: the TypeScript source under tsx/vitest, the bundled `analysis-worker.js` next to
 * `server.js` in dist/ (scripts/build.mjs builds both).
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    return { filename: path.join(path.dirname(here), 'worker-dev.mjs'), execArgv: [] };
  }
  return { filename: path.join(path.dirname(here), 'analysis-worker.js'), execArgv: [] };
}

/** The longest close() waits for threads still loading the engine before it terminates them. */
const LOADING_WAIT_MS = 15_000;

export interface AnalysisPoolOptions {
  minThreads: number;
  maxThreads: number;
  /** Scans waiting for a thread beyond this are refused (503) rather than queued for minutes. */
  maxQueue: number;
}

export interface AnalysisPool {
  analyze(input: AnalyzeInput): Promise<AnalyzeOutcome>;
  /** Starts the threads (and loads the engine in each) without waiting for a scan. */
  warm(): void;
  /** `loading`: threads still loading the engine (close() waits for them). */
  readonly stats: { threads: number; queued: number; completed: number; loading: number };
  close(): Promise<void>;
}

export class PoolBusyError extends Error {
  constructor() {
    super('The analysis queue is full');
    this.name = 'PoolBusyError';
  }
}

/** An ArrayBuffer that can be moved to the worker without also moving someone else's bytes. */
function ownBuffer(data: AnalyzeInput['image']['data']): Uint8Array {
  if (
    data.byteOffset === 0 &&
    data.byteLength === data.buffer.byteLength &&
    data.buffer instanceof ArrayBuffer
  ) {
    return data instanceof Uint8Array ? data : new Uint8Array(data.buffer);
  }
  return new Uint8Array(data); // a view into a shared/pooled buffer: copy once
}

/**
 * piscina pool of skin-engine workers, created lazily on first use so processes that never scan
 * (most test files, scripts) never load TensorFlow.
 */
export function createAnalysisPool(options: AnalysisPoolOptions): AnalysisPool {
  let pool: Piscina | null = null;
  // Threads still loading the engine (each worker adds itself while it compiles and warms up).
  const loading = new Int32Array(new SharedArrayBuffer(4));
  const get = () => {
    if (!pool) {
      const { filename, execArgv } = workerFile();
      pool = new Piscina({
        filename,
        execArgv,
        workerData: { loading: loading.buffer },
        minThreads: options.minThreads,
        maxThreads: Math.max(options.minThreads, options.maxThreads),
        maxQueue: options.maxQueue,
        // The engine holds ~100 MB of models per thread: keep threads instead of re-loading them.
        idleTimeout: 10 * 60_000,
      });
    }
    return pool;
  };

  return {
    async analyze(input) {
      const p = get();
      const main = ownBuffer(input.image.data);
      const extras = (input.extraImages ?? []).map((e) => ({
        ...e,
        image: { ...e.image, data: ownBuffer(e.image.data) },
      }));
      const transferList = [
        main.buffer,
        ...extras.map((e) => e.image.data.buffer),
      ] as ArrayBuffer[];
      try {
        return (await p.run(
          { ...input, image: { ...input.image, data: main }, extraImages: extras },
          { transferList },
        )) as AnalyzeOutcome;
      } catch (error) {
        // piscina's two refusals: a full queue, or no queue at all (maxQueue 0) and every
        // thread busy.
        if (
          error instanceof Error &&
          /queue is at limit|no task queue available/i.test(error.message)
        )
          throw new PoolBusyError();
        throw error;
      }
    },
    warm() {
      get();
    },
    get stats() {
      return {
        threads: pool?.threads.length ?? 0,
        queued: pool?.queueSize ?? 0,
        completed: pool?.completed ?? 0,
        loading: Atomics.load(loading, 0),
      };
    },
    async close() {
      const p = pool;
      pool = null;
      if (!p) return;
      // Terminating a thread while it compiles or runs the engine's WASM can abort the whole
      // process (a SIGTERM right after start exited by signal instead of 0): let loading threads
      // finish first, for at most LOADING_WAIT_MS (a load takes 0.5–3 s).
      const deadline = Date.now() + LOADING_WAIT_MS;
      while (Atomics.load(loading, 0) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      await p.destroy();
    },
  };
}
