// @ts-check
import { describe, expect, it } from 'vitest';
import { threadCpuDelta } from './throttle.mjs';

describe('threadCpuDelta', () => {
  it('adds what each thread alive at the end spent, a new one from zero', () => {
    const before = new Map([['7/8', 100]]);
    const after = new Map([
      ['7/8', 160],
      ['7/9', 40],
    ]);
    expect(threadCpuDelta(before, after)).toBe(100);
  });

  it('leaves out a thread that ended in the step instead of taking its time off (decision 149)', () => {
    // The throttle's calibration worker (100 ms) ends while the engine's worker spends 180 ms: a
    // sum over the name read twice gave 80.
    const before = new Map([
      ['7/8', 100],
      ['7/9', 0],
    ]);
    const after = new Map([['7/9', 180]]);
    expect(threadCpuDelta(before, after)).toBe(180);
  });
});
