import type { LiveOptions } from '@lumiskin/skin-engine';
import { describe, expect, it, vi } from 'vitest';
import { liveReport } from '@/testing/live-report';
import { liveAssessFrom } from './live-assess';

describe('liveAssessFrom', () => {
  it('detects on the RGBA frame, assesses with the capture size, and passes each state on', async () => {
    const faces = [{ box: [1, 2, 3, 4], mesh: [], score: 1, yaw: 0, pitch: 0, roll: 0 } as never];
    const detect = vi.fn(async () => faces);
    const seen: LiveOptions[] = [];
    let n = 0;
    const assess = vi.fn((_frame, _faces, opts: LiveOptions) => {
      seen.push(opts);
      n++;
      return { ...liveReport(), state: { x: n, y: 0, size: 100, luma: 120, time: n } };
    });
    let t = 0;
    const live = liveAssessFrom(detect, assess, () => (t += 100));
    const frame = { data: new Uint8ClampedArray(4 * 4 * 2), width: 4, height: 2 } as ImageData;
    await live(frame, { capture: { width: 1280, height: 720 }, angle: 'front' });
    const second = await live(frame, { capture: { width: 1280, height: 720 }, angle: 'front' });
    expect(detect).toHaveBeenCalledWith({ data: frame.data, width: 4, height: 2, channels: 4 });
    expect(assess.mock.calls[0]?.[1]).toBe(faces);
    expect(seen[0]).toEqual({
      capture: { width: 1280, height: 720 },
      angle: 'front',
      previous: null,
      time: 100,
    });
    expect(seen[1]?.previous).toEqual({ x: 1, y: 0, size: 100, luma: 120, time: 1 });
    expect(second?.ready).toBe(true);
  });
});
