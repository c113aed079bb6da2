import type { AnalyzeInput, SkinEngine } from '@lumiskin/skin-engine/browser';
import { describe, expect, it, vi } from 'vitest';
import { createEngineHost, WARM_UP_RUNS, type EngineHostPlatform } from './host';
import type { EngineReply } from './protocol';

/**
 * The worker's side (engine.worker.ts is only its shell), on a stand-in engine: the load, the
 * warm-up analysis that ends it when asked (decision 113), and what a failed warm-up leaves.
 */

/** Lets the host's own queued work (its extra warm-up runs) happen. */
const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

const portrait = { data: new Uint8Array(3 * 4 * 4), width: 4, height: 4, channels: 3 as const };

function setUp(opts: { photo?: () => Promise<typeof portrait> } = {}) {
  const calls: string[] = [];
  const analyze = vi.fn(async (input: AnalyzeInput) => {
    calls.push(`analyze ${input.image.width}`);
    return { ok: false as const, code: 'no_face' as const, angle: 'front' as const };
  });
  const engine = { analyze, detect: vi.fn(async () => []), backend: 'wasm' } as SkinEngine;
  const platform: EngineHostPlatform = {
    createEngine: vi.fn(async (base: string) => {
      calls.push(`create ${base}`);
      return engine;
    }),
    warmUpPhoto: vi.fn(async (base: string) => {
      calls.push(`photo ${base}`);
      return (opts.photo ?? (async () => portrait))();
    }),
    assess: vi.fn(),
  };
  const replies: EngineReply[] = [];
  const handle = createEngineHost(platform, (message) => {
    calls.push(`reply ${message.type}`);
    replies.push(message);
  });
  return { handle, platform, analyze, calls, replies };
}

describe('the engine worker host', () => {
  it('with warmUp, analyses the bundled portrait once before it says ready', async () => {
    const { handle, calls, replies, analyze } = setUp();
    await handle({ type: 'init', assetBase: '/engine/abc/', warmUp: true });
    // The portrait is asked for first (it downloads while the engine loads), analysed once the
    // engine is there, and only then is the engine ready.
    expect(calls).toEqual([
      'photo /engine/abc/',
      'create /engine/abc/',
      'analyze 4',
      'reply ready',
    ]);
    expect(analyze).toHaveBeenCalledWith({ image: portrait, analysisType: 'comprehensive' });
    const ready = replies[0];
    expect(ready?.type).toBe('ready');
    if (ready?.type !== 'ready') return;
    expect(ready.warmUpMs).toBeTypeOf('number');
    expect(ready.warmUpMs).toBeGreaterThanOrEqual(0);
    expect(ready.loadMs).toBeGreaterThanOrEqual(ready.warmUpMs ?? Infinity);
  });

  it('after ready, warms up twice more while no request comes (decision 133)', async () => {
    const { handle, calls, analyze } = setUp();
    await handle({ type: 'init', assetBase: '/engine/abc/', warmUp: true });
    // Each run is a task of its own: on a busy machine 20 ms did not always hold all three.
    expect(WARM_UP_RUNS).toBe(3);
    await vi.waitFor(() => expect(analyze).toHaveBeenCalledTimes(WARM_UP_RUNS));
    expect(calls.slice(2)).toEqual(['analyze 4', 'reply ready', 'analyze 4', 'analyze 4']);
    // Never more than that.
    await idle();
    expect(analyze).toHaveBeenCalledTimes(WARM_UP_RUNS);
  });

  it('a request that comes after ready ends the extra warm-up runs', async () => {
    const { handle, analyze, replies } = setUp();
    await handle({ type: 'init', assetBase: '/engine/abc/', warmUp: true });
    const photo = { ...portrait, width: 2, height: 8 };
    await handle({ type: 'analyse', id: 3, input: { image: photo, analysisType: 'quick' } });
    await idle();
    expect(analyze.mock.calls.map(([input]) => input.image.width)).toEqual([4, 2]);
    expect(replies.map((r) => r.type)).toEqual(['ready', 'analysed']);
  });

  it('a live frame ends them too', async () => {
    const { handle, analyze, platform } = setUp();
    await handle({ type: 'init', assetBase: '/engine/abc/', warmUp: true });
    await handle({
      type: 'assess',
      id: 1,
      frame: portrait,
      options: { capture: { width: 4, height: 4 } },
    });
    await idle();
    expect(analyze).toHaveBeenCalledTimes(1);
    expect(platform.assess).toHaveBeenCalledTimes(1);
  });

  it('without warmUp, loads the engine only: no portrait, no analysis', async () => {
    const { handle, calls, replies, platform } = setUp();
    await handle({ type: 'init', assetBase: '/engine/abc/', warmUp: false });
    await idle();
    expect(calls).toEqual(['create /engine/abc/', 'reply ready']);
    expect(platform.warmUpPhoto).not.toHaveBeenCalled();
    expect(replies[0]).toMatchObject({ type: 'ready', warmUpMs: null });
  });

  it('a warm-up whose portrait did not load leaves a working engine', async () => {
    const { handle, replies, analyze } = setUp({
      photo: () => Promise.reject(new Error('offline')),
    });
    await handle({ type: 'init', assetBase: '/engine/abc/', warmUp: true });
    expect(replies[0]).toMatchObject({ type: 'ready', warmUpMs: null });
    expect(analyze).not.toHaveBeenCalled();
    await handle({ type: 'analyse', id: 7, input: { image: portrait, analysisType: 'quick' } });
    expect(analyze).toHaveBeenCalledTimes(1);
    expect(replies[1]).toMatchObject({ type: 'analysed', id: 7, outcome: { code: 'no_face' } });
  });

  it('loads once: a second init is ignored', async () => {
    const { handle, platform } = setUp();
    await handle({ type: 'init', assetBase: '/engine/abc/', warmUp: true });
    await handle({ type: 'init', assetBase: '/engine/abc/', warmUp: true });
    expect(platform.createEngine).toHaveBeenCalledTimes(1);
    expect(platform.warmUpPhoto).toHaveBeenCalledTimes(1);
  });

  it('a request before init is an error reply, not a crash', async () => {
    const { handle, replies } = setUp();
    await handle({ type: 'detect', id: 1, frame: portrait });
    expect(replies).toEqual([{ type: 'error', id: 1, error: 'the engine was not initialised' }]);
  });
});
