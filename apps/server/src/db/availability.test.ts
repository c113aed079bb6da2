import type { FastifyBaseLogger } from 'fastify';
import { expect, it, vi } from 'vitest';
import { DatabaseAvailability, isDatabaseUnavailable } from './availability';

it('logs going down and coming back once each, probing while down', async () => {
  vi.useFakeTimers();
  try {
    const log = { error: vi.fn(), warn: vi.fn() };
    let reachable = false;
    const availability = new DatabaseAvailability(
      log as unknown as FastifyBaseLogger,
      async () => {
        if (!reachable) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
      },
      100,
    );
    availability.markDown(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }));
    availability.markDown(new Error('again'));
    await vi.advanceTimersByTimeAsync(350);
    expect(availability.isDown).toBe(true);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();
    reachable = true;
    await vi.advanceTimersByTimeAsync(150);
    expect(availability.isDown).toBe(false);
    expect(log.warn).toHaveBeenCalledTimes(1);
    availability.markUp();
    expect(log.warn).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
});

it('tells connection failures from query bugs, through drizzle’s wrapping', () => {
  const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
  expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('disk'), { code: '53100' }))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  expect(isDatabaseUnavailable(new Error('plain'))).toBe(false);
});
