import { afterEach, describe, expect, it, vi } from 'vitest';
import { withoutGpuProbes } from '../src/face/gpu-probes';

const nav = () => (globalThis as unknown as { navigator: FakeNavigator }).navigator;

/*
 * Decision 138: Human's backend check opens a WebGL 2 context and asks WebGPU for an adapter only
 * to report them; the engine's load runs with both answered "none", and leaves them as they were.
 */
class FakeCanvas {
  getContext(type: string) {
    return { type };
  }
}
class FakeNavigator {
  get gpu() {
    return { requestAdapter: () => Promise.resolve({}) };
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('withoutGpuProbes', () => {
  it('answers no WebGL context and no WebGPU during the load, a 2D context as ever', async () => {
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    vi.stubGlobal('navigator', new FakeNavigator());
    const seen = await withoutGpuProbes(async () => {
      const canvas = new FakeCanvas();
      return {
        webgl2: canvas.getContext('webgl2'),
        webgl: canvas.getContext('webgl'),
        twoD: canvas.getContext('2d'),
        gpu: nav().gpu,
      };
    });
    expect(seen).toEqual({ webgl2: null, webgl: null, twoD: { type: '2d' }, gpu: undefined });
    // Afterwards both are what they were.
    expect(new FakeCanvas().getContext('webgl2')).toEqual({ type: 'webgl2' });
    expect(nav().gpu).toBeDefined();
    expect(Object.hasOwn(nav(), 'gpu')).toBe(false);
  });

  it('puts both back when the load fails', async () => {
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    vi.stubGlobal('navigator', new FakeNavigator());
    await expect(
      withoutGpuProbes(() => Promise.reject(new Error('the models did not load'))),
    ).rejects.toThrow('the models did not load');
    expect(new FakeCanvas().getContext('webgl')).toEqual({ type: 'webgl' });
    expect(nav().gpu).toBeDefined();
  });

  it('runs the load where neither exists (Node)', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    await expect(withoutGpuProbes(async () => 42)).resolves.toBe(42);
  });
});
