import type { LiveOptions, PixelImage } from '@lumiskin/skin-engine';
import { describe, expect, it, vi } from 'vitest';
import { liveReport } from '@/testing/live-report';
import { liveAssessFrom } from './live-assess';

describe('liveAssessFrom', () => {
  it('assesses the RGBA frame with the capture size and passes each state on', async () => {
    const seen: Array<{ frame: PixelImage; options: LiveOptions }> = [];
    let n = 0;
    const assess = vi.fn(async (frame: PixelImage, options: LiveOptions) => {
      seen.push({ frame, options });
      n++;
      return { ...liveReport(), state: { x: n, y: 0, size: 100, luma: 120, time: n } };
    });
    let t = 0;
    const live = liveAssessFrom(assess, () => (t += 100));
    const frame = { data: new Uint8ClampedArray(4 * 4 * 2), width: 4, height: 2 } as ImageData;
    await live(frame, { capture: { width: 1280, height: 720 }, angle: 'front' });
    const second = await live(frame, { capture: { width: 1280, height: 720 }, angle: 'left' });
    expect(seen[0]?.frame).toEqual({ data: frame.data, width: 4, height: 2, channels: 4 });
    expect(seen[0]?.options).toEqual({
      capture: { width: 1280, height: 720 },
      angle: 'front',
      previous: null,
      time: 100,
    });
    expect(seen[1]?.options.previous).toEqual({ x: 1, y: 0, size: 100, luma: 120, time: 1 });
    expect(seen[1]?.options.angle).toBe('left');
    expect(second?.ready).toBe(true);
  });
});
