import { describe, expect, it } from 'vitest';
import { containsNul, exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('exceedsJsonDepth', () => {
  it('lets the limit through and refuses one level more', () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(`{"a":${nested(MAX_JSON_DEPTH)}}`)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(JSON.stringify({ note: '['.repeat(500) }))).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ note: `\\"${'{'.repeat(500)}` }))).toBe(false);
    expect(exceedsJsonDepth(`["\\"", ${nested(MAX_JSON_DEPTH)}]`)).toBe(true);
  });

  it('scans a megabyte in well under the time JSON.parse needs for it', () => {
    const body = nested(512 * 1024);
    const started = performance.now();
    expect(exceedsJsonDepth(body)).toBe(true);
    const flat = `[${'1,'.repeat(500_000)}1]`;
    expect(exceedsJsonDepth(flat)).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('containsNul', () => {
  it('finds NUL in nested strings and keys only', () => {
    expect(containsNul({ a: [{ b: 'x\0y' }] })).toBe(true);
    expect(containsNul({ ['k\0']: 1 })).toBe(true);
    expect(containsNul({ a: ['fine', 1, null, { b: true }] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});
