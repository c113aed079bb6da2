import type { CaptureAngle } from '@lumiskin/contract/analysis';
import type { LiveReport } from '@lumiskin/skin-engine';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { AutoCapture } from './auto-capture';
import {
  InstructionFilter,
  liveInstruction,
  type LiveAssess,
  type LiveInstruction,
} from './live-guidance';

/** Live frames are read at this width (the engine's detector works at 512-1023 px). */
export const LIVE_FRAME_WIDTH = 640;
/** At most one frame per this many ms (20 a second): as fast as the engine answers, no faster. */
export const LIVE_MIN_INTERVAL_MS = 50;

export interface LiveGuidance {
  /** The shown instruction; null until the engine has answered (the fallback hints show then). */
  instruction: LiveInstruction | null;
  report: LiveReport | null;
  /** When every check started holding (the countdown ring runs from then), else null. */
  holdingSince: number | null;
  /** The assessor failed: the view falls back to its own hints. */
  failed: boolean;
}

/**
 * Reads the camera's frames at LIVE_FRAME_WIDTH, one call to `assess` at a time (never
 * overlapping), turns each report into one instruction, and takes the photo itself
 * (`onAutoCapture`) once every check has held for a second while `autoCapture` is on (the light
 * advice alone delays it by ADVICE_WAIT_MS, auto-capture.ts).
 */
export function useLiveGuidance({
  videoRef,
  active,
  assess,
  angle,
  autoCapture,
  onAutoCapture,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  active: boolean;
  assess: LiveAssess | undefined;
  angle: CaptureAngle;
  autoCapture: boolean;
  onAutoCapture: () => void;
}): LiveGuidance & { captured: () => void } {
  const [state, setState] = useState<LiveGuidance>({
    instruction: null,
    report: null,
    holdingSince: null,
    failed: false,
  });
  const fireRef = useRef(onAutoCapture);
  fireRef.current = onAutoCapture;
  // Read through a ref: a new function from the parent on each render must not restart the loop.
  const assessRef = useRef(assess);
  assessRef.current = assess;
  const hasAssess = Boolean(assess);
  const machineRef = useRef<AutoCapture | null>(null);
  if (!machineRef.current)
    machineRef.current = new AutoCapture(
      () => fireRef.current(),
      (holdingSince) => setState((s) => ({ ...s, holdingSince })),
    );
  const machine = machineRef.current;

  useEffect(() => machine.setEnabled(autoCapture), [machine, autoCapture]);
  useEffect(() => () => machine.dispose(), [machine]);

  useEffect(() => {
    if (!active || !hasAssess) return;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const filter = new InstructionFilter();
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    async function loop() {
      while (!stopped) {
        const started = performance.now();
        const video = videoRef.current;
        if (video && context && video.videoWidth > 0 && video.videoHeight > 0) {
          const width = Math.min(LIVE_FRAME_WIDTH, video.videoWidth);
          const height = Math.round((width * video.videoHeight) / video.videoWidth);
          // Setting a canvas's size clears and reallocates it even when unchanged: only on change.
          if (canvas.width !== width) canvas.width = width;
          if (canvas.height !== height) canvas.height = height;
          context.drawImage(video, 0, 0, width, height);
          const frame = context.getImageData(0, 0, width, height);
          const capture = { width: video.videoWidth, height: video.videoHeight };
          let report: LiveReport | null;
          try {
            const current = assessRef.current;
            report = current ? await current(frame, { capture, angle }) : null;
          } catch {
            if (!stopped) setState((s) => ({ ...s, failed: true, instruction: null }));
            machine.update(false);
            return;
          }
          if (stopped) return;
          const instruction = report ? filter.next(liveInstruction(report)) : null;
          setState((s) => ({ ...s, report, instruction }));
          machine.update(report?.ready === true, report?.acceptable === true);
        }
        await wait(Math.max(0, LIVE_MIN_INTERVAL_MS - (performance.now() - started)));
      }
    }
    void loop();
    return () => {
      stopped = true;
      machine.update(false);
    };
  }, [active, hasAssess, angle, videoRef, machine]);

  return { ...state, captured: () => machine.captured() };
}
