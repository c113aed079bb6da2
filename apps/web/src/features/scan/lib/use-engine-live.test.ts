import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveReport } from '@/testing/live-report';
import { useEngineLive, usePreloadEngine } from './use-engine-live';

const assess = vi.fn(async () => liveReport());
const getDeviceEngine = vi.fn(async (_options?: { warmUp?: boolean }) => ({ assess }));
vi.mock('@/features/scan/engine/client', () => ({
  getDeviceEngine: (options?: { warmUp?: boolean }) => getDeviceEngine(options),
}));

describe('useEngineLive', () => {
  beforeEach(() => {
    getDeviceEngine.mockClear();
    assess.mockClear();
  });

  it('loads the engine only once the camera is on, then assesses frames in it', async () => {
    const { result, rerender } = renderHook(({ on }) => useEngineLive(on), {
      initialProps: { on: false },
    });
    expect(result.current).toBeUndefined();
    expect(getDeviceEngine).not.toHaveBeenCalled();

    rerender({ on: true });
    await waitFor(() => expect(result.current).toBeTypeOf('function'));
    expect(getDeviceEngine).toHaveBeenCalledTimes(1);
    // No warm-up for live guidance (decision 113): it would hold back the first instruction.
    expect(getDeviceEngine.mock.calls[0]?.[0]?.warmUp).not.toBe(true);
    const frame = { data: new Uint8ClampedArray(16), width: 2, height: 2 } as ImageData;
    const report = await result.current?.(frame, {
      capture: { width: 1280, height: 720 },
      angle: 'front',
    });
    expect(report?.ready).toBe(true);
    expect(assess).toHaveBeenCalledWith(
      { data: frame.data, width: 2, height: 2, channels: 4 },
      expect.objectContaining({ capture: { width: 1280, height: 720 }, angle: 'front' }),
    );

    rerender({ on: false });
    expect(result.current).toBeUndefined();
  });

  it('keeps the camera view’s own hints when the engine cannot load', async () => {
    getDeviceEngine.mockRejectedValueOnce(new Error('no WebAssembly'));
    const { result } = renderHook(() => useEngineLive(true));
    await waitFor(() => expect(getDeviceEngine).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toBeUndefined();
  });
});

describe('usePreloadEngine', () => {
  it('starts the engine when analysis on this device is on, and only then', async () => {
    getDeviceEngine.mockClear();
    const { rerender } = renderHook(({ on }) => usePreloadEngine(on), {
      initialProps: { on: false },
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(getDeviceEngine).not.toHaveBeenCalled();
    rerender({ on: true });
    await waitFor(() => expect(getDeviceEngine).toHaveBeenCalledTimes(1));
    expect(getDeviceEngine).toHaveBeenCalledWith({ warmUp: true });
  });
});
