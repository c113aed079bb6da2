import type { CaptureAngle } from '@lumiskin/contract/analysis';
import {
  LIVE_CHECKS,
  LiveGuidanceText,
  type LiveCheckName,
  type LiveGuidanceKey,
} from '@lumiskin/contract/scan';
import type { LiveReport } from '@lumiskin/skin-engine';

/**
 * Live guidance from the engine's own face model (issue 32, decision 097): the live gate's report
 * (packages/skin-engine/src/live.ts) turned into ONE instruction at a time, in a fixed order, so a
 * person fixes one thing, then the next.
 */

/** What the camera view asks the engine for each frame (the lead wires it to the Web Worker). */
export type LiveAssess = (
  frame: ImageData,
  context: { capture: { width: number; height: number }; angle: CaptureAngle },
) => Promise<LiveReport | null>;

/** Face → distance → centring → angle → light → evenness → cast → focus → hold still. */
export const INSTRUCTION_ORDER: readonly LiveCheckName[] = LIVE_CHECKS;

export interface LiveInstruction {
  key: LiveGuidanceKey;
  text: string;
  /** The check it is about; null when all pass. */
  check: LiveCheckName | null;
  /** Every check passes. */
  ready: boolean;
}

const ready = (): LiveInstruction => ({
  key: 'ready',
  text: LiveGuidanceText.ready,
  check: null,
  ready: true,
});

/** The instruction of one failing check; null when it has nothing to say (not measured yet). */
function instructionFor(report: LiveReport, check: LiveCheckName): LiveGuidanceKey | null {
  const c = report.checks[check];
  if (check === 'centring' && c.code === 'off_centre') {
    const [dx, dy] = c.direction ?? [0, 0];
    // Frame pixels, not mirrored: a face on the image's left has moved to the person's right.
    if (Math.abs(dx) >= Math.abs(dy)) return dx < 0 ? 'move_left' : 'move_right';
    return dy < 0 ? 'move_down' : 'move_up';
  }
  if (check === 'pitch' && c.code === 'head_turned') return 'head_turned_pitch';
  if (check === 'cast' && c.code === 'colour_cast') {
    const [r, b] = c.direction ?? [0, 0];
    return r >= b ? 'warm_light' : 'cool_light';
  }
  if (c.code === null) return null;
  return c.code in LiveGuidanceText ? (c.code as LiveGuidanceKey) : null;
}

/** The one instruction to show for a report (null report: the engine has not answered yet). */
export function liveInstruction(report: LiveReport | null): LiveInstruction {
  if (!report)
    return { key: 'starting', text: LiveGuidanceText.starting, check: null, ready: false };
  if (report.ready) return ready();
  for (const check of INSTRUCTION_ORDER) {
    if (report.checks[check].ok) continue;
    const key = instructionFor(report, check);
    if (key) return { key, text: LiveGuidanceText[key], check, ready: false };
  }
  // Only unmeasured checks remain (motion before a second frame): nothing to fix, keep still.
  return { key: 'moving', text: LiveGuidanceText.moving, check: 'motion', ready: false };
}

/**
 * Keeps the shown instruction from flickering (and a screen reader from hearing every frame): a
 * new instruction replaces the shown one only after it came `frames` reports in a row; "ready"
 * and the first instruction show at once.
 */
export class InstructionFilter {
  private shown: LiveInstruction | null = null;
  private candidate: LiveGuidanceKey | null = null;
  private count = 0;

  constructor(private readonly frames = 2) {}

  next(instruction: LiveInstruction): LiveInstruction {
    if (!this.shown || instruction.ready || instruction.key === this.shown.key) {
      this.shown = instruction;
      this.candidate = null;
      this.count = 0;
      return instruction;
    }
    if (instruction.key === this.candidate) this.count++;
    else {
      this.candidate = instruction.key;
      this.count = 1;
    }
    if (this.count >= this.frames) {
      this.shown = instruction;
      this.candidate = null;
      this.count = 0;
    }
    return this.shown;
  }
}
