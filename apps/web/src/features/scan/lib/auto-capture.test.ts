import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_CAPTURE_HOLD_MS, AutoCapture } from './auto-capture';

describe('AutoCapture', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Ready reports every 100 ms for `ms`. */
  function frames(machine: AutoCapture, ms: number, ready = true) {
    for (let t = 0; t < ms; t += 100) {
      machine.update(ready);
      vi.advanceTimersByTime(100);
    }
  }

  it('fires once when every check has held for a second', () => {
    const fire = vi.fn();
    const machine = new AutoCapture(fire);
    frames(machine, AUTO_CAPTURE_HOLD_MS - 100);
    expect(fire).not.toHaveBeenCalled();
    frames(machine, 200);
    expect(fire).toHaveBeenCalledTimes(1);
    // Still ready afterwards: no second photo.
    frames(machine, 3000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('a failing frame starts the second again', () => {
    const fire = vi.fn();
    const holds: Array<number | null> = [];
    const machine = new AutoCapture(fire, (since) => holds.push(since));
    frames(machine, 800);
    machine.update(false);
    expect(holds.at(-1)).toBeNull();
    frames(machine, 800);
    expect(fire).not.toHaveBeenCalled();
    frames(machine, 300);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('a photo taken by hand cancels the pending one; rearm allows the next', () => {
    const fire = vi.fn();
    const machine = new AutoCapture(fire);
    frames(machine, 500);
    machine.captured();
    frames(machine, 2000);
    expect(fire).not.toHaveBeenCalled();
    machine.rearm();
    frames(machine, 1100);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('turned off, it never fires; turned back on, it counts from then', () => {
    const fire = vi.fn();
    const machine = new AutoCapture(fire);
    frames(machine, 500);
    machine.setEnabled(false);
    frames(machine, 2000);
    expect(fire).not.toHaveBeenCalled();
    machine.setEnabled(true);
    frames(machine, 900);
    expect(fire).not.toHaveBeenCalled();
    frames(machine, 200);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('reports when holding started, for the countdown ring', () => {
    const holds: Array<number | null> = [];
    const machine = new AutoCapture(
      () => {},
      (since) => holds.push(since),
    );
    machine.update(true);
    expect(machine.holdingSince).toBe(Date.now());
    expect(holds).toEqual([Date.now()]);
    machine.dispose();
    expect(machine.holdingSince).toBeNull();
    expect(holds.at(-1)).toBeNull();
  });
});
