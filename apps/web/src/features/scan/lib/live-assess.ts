import type { LiveOptions, LiveReport, LiveState, PixelImage } from '@lumiskin/skin-engine';
import type { LiveAssess } from './live-guidance';

/**
 * The camera view's `liveAssess` from the on-device engine (issue 32): `liveAssessFrom(engine.assess)`
 * runs the detector and the live gate in the engine's Web Worker (decision 097). It keeps the previous
 * frame's state for the motion check. The frame's pixels are transferred to the worker: the camera
 * view reads a new ImageData for every frame.
 */
export function liveAssessFrom(
  assess: (frame: PixelImage, options: LiveOptions) => Promise<LiveReport>,
  now: () => number = () => performance.now(),
): LiveAssess {
  let previous: LiveState | null = null;
  return async (frame, { capture, angle }) => {
    const pixels: PixelImage = {
      data: frame.data,
      width: frame.width,
      height: frame.height,
      channels: 4,
    };
    const report = await assess(pixels, { capture, angle, previous, time: now() });
    previous = report.state;
    return report;
  };
}
