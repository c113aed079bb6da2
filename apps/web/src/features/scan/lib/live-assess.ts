import type {
  DetectedFace,
  LiveOptions,
  LiveReport,
  LiveState,
  PixelImage,
} from '@lumiskin/skin-engine';
import type { LiveAssess } from './live-guidance';

/**
 * The camera view's `liveAssess` from the engine's detector and live gate (issue 32): the wiring
 * is `liveAssessFrom(engine.detect, assessLiveFrame)`. It keeps the previous frame's state for the
 * motion check. The gate is passed in rather than imported, so this module stays free of the
 * engine's code (which belongs in the Web Worker); `detect` must leave the frame's pixels readable
 * here (copy, do not transfer, them), or run this whole function in the worker.
 */
export function liveAssessFrom(
  detect: (frame: PixelImage) => Promise<DetectedFace[]>,
  assess: (frame: PixelImage, faces: DetectedFace[], opts: LiveOptions) => LiveReport,
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
    const faces = await detect(pixels);
    const report = assess(pixels, faces, { capture, angle, previous, time: now() });
    previous = report.state;
    return report;
  };
}
