/**
 * Auto-capture (issue 32): when every live check has held for HOLD_MS, the photo is taken once.
 * A failing frame starts the count again; turning it off, or a photo taken by hand, cancels it.
 * Timer-driven (not frame-driven), so it fires on time however irregularly frames arrive.
 *
 * The light advice (the engine's LIVE_ADVICE_CHECKS: even light, colour cast) has no rule in the
 * server's gate: a frame failing only those is `acceptable`. Once frames have been acceptable for
 * ADVICE_WAIT_MS, giving the person a moment to turn to the light, they count as ready and the
 * usual hold runs (decision 115): a studio light nobody can turn from no longer stops the photo.
 */
export const AUTO_CAPTURE_HOLD_MS = 1000;
export const ADVICE_WAIT_MS = 1500;

export type AutoCaptureListener = (holdingSince: number | null) => void;

export class AutoCapture {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private since: number | null = null;
  /** Since when every frame has been at least acceptable (null: the last one was not). */
  private acceptableSince: number | null = null;
  private done = false;
  private enabled = true;

  constructor(
    private readonly fire: () => void,
    private readonly onHold: AutoCaptureListener = () => {},
    private readonly holdMs = AUTO_CAPTURE_HOLD_MS,
    private readonly now: () => number = () => Date.now(),
    private readonly adviceWaitMs = ADVICE_WAIT_MS,
  ) {}

  /**
   * Each live report: ready (every check passes) or not, and acceptable (every check but the
   * light advice passes; ready implies it).
   */
  update(ready: boolean, acceptable = ready): void {
    if (this.done || !this.enabled) return;
    if (!ready && !acceptable) {
      this.acceptableSince = null;
      this.cancel();
      return;
    }
    this.acceptableSince ??= this.now();
    if (!ready && this.now() - this.acceptableSince < this.adviceWaitMs) {
      this.cancel();
      return;
    }
    if (this.timer) return;
    this.since = this.now();
    this.onHold(this.since);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.since = null;
      this.done = true;
      this.onHold(null);
      this.fire();
    }, this.holdMs);
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) {
      this.acceptableSince = null;
      this.cancel();
    }
  }

  /** The photo was taken (by hand or otherwise): no auto-capture after it. */
  captured(): void {
    this.cancel();
    this.done = true;
  }

  /** Ready for another photo (the next angle of a multi-angle scan). */
  rearm(): void {
    this.acceptableSince = null;
    this.cancel();
    this.done = false;
  }

  get holdingSince(): number | null {
    return this.since;
  }

  dispose(): void {
    this.cancel();
    this.done = true;
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    const wasHolding = this.since !== null;
    this.timer = null;
    this.since = null;
    if (wasHolding) this.onHold(null);
  }
}
