import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADVICE_WAIT_MS, AUTO_CAPTURE_HOLD_MS, AutoCapture } from './auto-capture';

describe('AutoCapture', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Ready reports every 100 ms for `ms` (acceptable ones: only the light advice fails). */
  function frames(machine: AutoCapture, ms: number, ready = true, acceptable = ready) {
    for (let t = 0; t < ms; t += 100) {
      machine.update(ready, acceptable);
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

  it('light advice alone: waits ADVICE_WAIT_MS for the person to turn, then holds and fires', () => {
    const fire = vi.fn();
    const holds: Array<number | null> = [];
    const machine = new AutoCapture(fire, (since) => holds.push(since));
    frames(machine, ADVICE_WAIT_MS - 100, false, true);
    expect(holds).toEqual([]);
    frames(machine, AUTO_CAPTURE_HOLD_MS, false, true);
    expect(holds[0]).not.toBeNull();
    expect(fire).not.toHaveBeenCalled();
    frames(machine, 200, false, true);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('fixing the light in the wait takes the photo a second after it is fixed', () => {
    const fire = vi.fn();
    const machine = new AutoCapture(fire);
    frames(machine, 500, false, true);
    frames(machine, AUTO_CAPTURE_HOLD_MS + 100);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('a check the light advice does not cover (not acceptable) starts the wait again', () => {
    const fire = vi.fn();
    const machine = new AutoCapture(fire);
    frames(machine, ADVICE_WAIT_MS - 200, false, true);
    frames(machine, 100, false, false);
    frames(machine, ADVICE_WAIT_MS + AUTO_CAPTURE_HOLD_MS - 300, false, true);
    expect(fire).not.toHaveBeenCalled();
    frames(machine, 400, false, true);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('advice that comes and goes (a flickering cast reading) does not restart the hold once waited', () => {
    const fire = vi.fn();
    const machine = new AutoCapture(fire);
    frames(machine, ADVICE_WAIT_MS, false, true);
    for (let i = 0; i < 6; i++) frames(machine, 200, i % 2 === 0, true);
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
