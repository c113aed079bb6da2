import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineReply, EngineRequest } from './protocol';

/**
 * The client's contract with the scan screen, against a stand-in worker (the real engine in
 * Chromium is e2e/tests/device-engine.spec.ts): one shared worker, started on first use and told
 * where the engine's files are; replies matched to requests by id; pixels transferred, not copied;
 * dispose ends the worker and fails what was pending; a load that failed is tried again.
 */

class FakeWorker {
  static made: FakeWorker[] = [];
  /** What the stand-in answers to 'init'. */
  static load: EngineReply = { type: 'ready', loadMs: 1, warmUpMs: null };
  onmessage: ((event: MessageEvent<EngineReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: Array<{ request: EngineRequest; transfer: Transferable[] }> = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(request: EngineRequest, transfer: Transferable[] = []) {
    this.received.push({ request, transfer });
    if (request.type === 'init') queueMicrotask(() => this.reply(FakeWorker.load));
  }
  reply(message: EngineReply) {
    this.onmessage?.({ data: message } as MessageEvent<EngineReply>);
  }
  terminate() {
    this.terminated = true;
  }
}

const frame = () => ({
  data: new Uint8Array(4 * 2 * 3),
  width: 4,
  height: 2,
  channels: 3 as const,
});

beforeEach(() => {
  FakeWorker.made = [];
  FakeWorker.load = { type: 'ready', loadMs: 1, warmUpMs: null };
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('__ENGINE_ASSET_BASE__', '/engine/0123456789ab/');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(new Uint8Array(4)))),
  );
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getDeviceEngine', () => {
  it('starts one module worker for every caller and tells it where the files are', async () => {
    const { getDeviceEngine } = await import('./client');
    const [a, b] = await Promise.all([getDeviceEngine(), getDeviceEngine()]);
    expect(a).toBe(b);
    expect(FakeWorker.made).toHaveLength(1);
    const worker = FakeWorker.made[0]!;
    expect(worker.options.type).toBe('module');
    expect(worker.url.pathname).toMatch(/engine\.worker\.ts$/);
    expect(worker.received[0]?.request).toEqual({
      type: 'init',
      assetBase: new URL('/engine/0123456789ab/', location.href).href,
      warmUp: false,
    });
  });

  it('asks for the WASM and the model files once as the worker starts, so they download while it compiles', async () => {
    const { getDeviceEngine, ENGINE_PREFETCH_FILES } = await import('./client');
    await Promise.all([getDeviceEngine(), getDeviceEngine()]);
    const base = new URL('/engine/0123456789ab/', location.href).href;
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked).toEqual(ENGINE_PREFETCH_FILES.map((name) => `${base}${name}`));
  });

  it('still loads when asking ahead for the files fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const { getDeviceEngine } = await import('./client');
    await expect(getDeviceEngine()).resolves.toBeDefined();
    expect(FakeWorker.made[0]?.received[0]?.request).toMatchObject({ type: 'init' });
  });

  it('asks for the warm-up when the first caller loads ahead of a photo, and reports its time', async () => {
    FakeWorker.load = { type: 'ready', loadMs: 900, warmUpMs: 400 };
    const { getDeviceEngine } = await import('./client');
    const engine = await getDeviceEngine({ warmUp: true });
    // A later caller (the photo's) shares the warmed engine.
    expect(await getDeviceEngine()).toBe(engine);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.received[0]?.request).toMatchObject({ type: 'init', warmUp: true });
    expect(engine.loaded).toEqual({ loadMs: 900, warmUpMs: 400 });
  });

  it('transfers the pixels and matches each reply to its request', async () => {
    const { getDeviceEngine } = await import('./client');
    const engine = await getDeviceEngine();
    const worker = FakeWorker.made[0]!;
    const image = frame();
    const extra = frame();
    const analysed = engine.analyse({
      image,
      analysisType: 'quick',
      extraImages: [{ image: extra, angle: 'left' }],
    });
    const detected = engine.detect(frame());
    const [analyse, detect] = worker.received.slice(1);
    expect(analyse?.transfer).toEqual([image.data.buffer, extra.data.buffer]);
    expect(detect?.transfer).toHaveLength(1);
    const analyseId = (analyse?.request as { id: number }).id;
    const detectId = (detect?.request as { id: number }).id;
    expect(analyseId).not.toBe(detectId);
    // Answered out of order.
    worker.reply({ type: 'detected', id: detectId, faces: [] });
    worker.reply({
      type: 'analysed',
      id: analyseId,
      outcome: { ok: false, code: 'no_face', angle: 'front' },
    });
    await expect(detected).resolves.toEqual([]);
    await expect(analysed).resolves.toMatchObject({ ok: false, code: 'no_face' });
    const failing = engine.detect(frame());
    const failingId = (worker.received.at(-1)?.request as { id: number }).id;
    worker.reply({ type: 'error', id: failingId, error: 'channels must be 3 or 4, got 2' });
    await expect(failing).rejects.toThrow('channels must be 3 or 4');
  });

  it('dispose ends the worker, fails what was pending, and the next call starts a new one', async () => {
    const { getDeviceEngine } = await import('./client');
    const engine = await getDeviceEngine();
    const pending = engine.detect(frame());
    engine.dispose();
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    await expect(pending).rejects.toThrow('disposed');
    await expect(engine.detect(frame())).rejects.toThrow('ended');
    expect(await getDeviceEngine()).not.toBe(engine);
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('a load that failed rejects, ends the worker and is tried again on the next call', async () => {
    FakeWorker.load = { type: 'failed', error: 'WebAssembly.instantiate(): refused' };
    const { getDeviceEngine } = await import('./client');
    await expect(getDeviceEngine()).rejects.toThrow('did not load: WebAssembly');
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    FakeWorker.load = { type: 'ready', loadMs: 1, warmUpMs: null };
    await expect(getDeviceEngine()).resolves.toBeDefined();
    expect(FakeWorker.made).toHaveLength(2);
  });
});
