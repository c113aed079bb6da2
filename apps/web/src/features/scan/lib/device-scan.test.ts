import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import type { AnalysisResult, PixelImage } from '@lumiskin/skin-engine';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceEngine } from '@/features/scan/engine/device-engine';
import fixture from '@/features/scan/engine/test-fixtures/device-result.json';
import { runDeviceScan, type DeviceScanDeps } from '@/features/scan/lib/device-scan';
import { createAnalysis } from '@/testing/scan-factory';

const RESULT = fixture.result as unknown as AnalysisResult;
const pixels = (width: number): PixelImage => ({
  data: new Uint8Array(width * 4 * 3),
  width,
  height: 4,
  channels: 3,
});

function deps(overrides: Partial<DeviceScanDeps> = {}) {
  const engine: DeviceEngine = {
    loaded: { loadMs: 0, warmUpMs: null },
    analyse: vi.fn(async () => RESULT),
    detect: async () => [],
    assess: () => Promise.reject(new Error('live guidance is not part of a device scan')),
    dispose: () => {},
  };
  const post = vi.fn(async () => ({ queued: false as const, data: createAnalysis() }));
  return {
    engine,
    post,
    deps: {
      loadEngine: async () => engine,
      decode: vi.fn(async (blob: Blob) => pixels(blob.size)),
      post,
      ...overrides,
    } satisfies DeviceScanDeps,
  };
}

const request = (photos: Blob[]) => ({
  photos,
  analysisType: 'quick' as const,
  location: 'London, GB',
  concerns: [],
});

describe('a scan on this device', () => {
  it('measures the profiles of a three-angle capture beside the front photo', async () => {
    const { engine, deps: d } = deps();
    const outcome = await runDeviceScan(
      d,
      request([new Blob(['front']), new Blob(['l']), new Blob(['rr'])]),
    );
    expect(outcome.kind).toBe('done');
    expect(engine.analyse).toHaveBeenCalledWith({
      image: pixels(5),
      analysisType: 'quick',
      angle: 'front',
      extraImages: [
        { image: pixels(1), angle: 'left' },
        { image: pixels(2), angle: 'right' },
      ],
    });
  });

  it("gives the engine each JPEG's colour compression beside its pixels (decision 171)", async () => {
    const front = { chromaSubsampling: 4, chromaStep: 28.4, scale: 0.5 };
    const { engine, deps: d } = deps({
      decode: vi.fn(async (blob: Blob) =>
        blob.size === 5 ? { ...pixels(5), encoding: front } : pixels(blob.size),
      ),
    });
    await runDeviceScan(d, request([new Blob(['front']), new Blob(['l'])]));
    expect(engine.analyse).toHaveBeenCalledWith({
      image: pixels(5),
      encoding: front,
      analysisType: 'quick',
      angle: 'front',
      extraImages: [{ image: pixels(1), angle: 'left' }],
    });
  });

  it('says a photo this browser cannot read (HEIC) and the choices, and sends nothing', async () => {
    const { post, deps: d } = deps({
      decode: async () => {
        throw new Error('bad');
      },
    });
    expect(await runDeviceScan(d, request([new Blob(['?'], { type: 'image/heic' })]))).toEqual({
      kind: 'refused',
      message: DeviceScanMessages.undecodable,
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('says the engine could not start when it does not load, even with a photo it cannot read, and sends nothing', async () => {
    const { post, deps: d } = deps({
      loadEngine: () => Promise.reject(new Error('the on-device engine did not load: offline')),
      decode: async () => {
        throw new Error('HEIC');
      },
    });
    expect(await runDeviceScan(d, request([new Blob(['front'])]))).toEqual({
      kind: 'refused',
      message: DeviceScanMessages.engineUnavailable,
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('decodes the photos while the engine loads (decision 138)', async () => {
    let loaded: (engine: DeviceEngine) => void = () => {};
    const { engine, deps: d } = deps();
    const scan = runDeviceScan(
      {
        ...d,
        loadEngine: () => new Promise<DeviceEngine>((resolve) => (loaded = resolve)),
      },
      request([new Blob(['front'])]),
    );
    // The engine has not answered yet, and the photo is already being decoded.
    await Promise.resolve();
    expect(d.decode).toHaveBeenCalledTimes(1);
    expect(engine.analyse).not.toHaveBeenCalled();
    loaded(engine);
    expect((await scan).kind).toBe('done');
    expect(engine.analyse).toHaveBeenCalledTimes(1);
  });
});
