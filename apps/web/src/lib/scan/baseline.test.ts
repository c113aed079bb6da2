import type { CaptureConditions } from '@lumiskin/contract/analysis';
import { describe, expect, it } from 'vitest';
import { comparableBaseline, conditionsExplanation, conditionsLabel } from '@/lib/scan/baseline';
import { DAYLIGHT, WARM_LAMP } from '@/testing/scan-factory';

const farAway: CaptureConditions = { ...DAYLIGHT, face_px: 150 };

function scan(id: string, capture: CaptureConditions | null) {
  return { id, capture };
}

describe('comparableBaseline', () => {
  it('has nothing to compare the oldest scan with', () => {
    expect(comparableBaseline(scan('a', DAYLIGHT), [])).toEqual({ kind: 'none' });
  });

  it('compares with the previous scan when it was taken in like conditions', () => {
    const previous = scan('b', { ...DAYLIGHT, exposure: 63 });
    expect(comparableBaseline(scan('a', DAYLIGHT), [previous])).toEqual({
      kind: 'comparable',
      scan: previous,
      isPrevious: true,
    });
  });

  it('skips an unlike scan for the most recent comparable one', () => {
    const unlike = scan('b', WARM_LAMP);
    const like = scan('c', DAYLIGHT);
    const older = scan('d', DAYLIGHT);
    expect(comparableBaseline(scan('a', DAYLIGHT), [unlike, like, older])).toEqual({
      kind: 'comparable',
      scan: like,
      isPrevious: false,
    });
  });

  it('marks the change against the previous scan, with what differed, when none is comparable', () => {
    const unlike = scan('b', WARM_LAMP);
    expect(comparableBaseline(scan('a', DAYLIGHT), [unlike, scan('c', farAway)])).toEqual({
      kind: 'unlike',
      scan: unlike,
      reasons: ['light'],
    });
  });

  it('compares scans without recorded conditions as before', () => {
    const previous = scan('b', WARM_LAMP);
    expect(comparableBaseline(scan('a', null), [previous])).toMatchObject({
      kind: 'comparable',
      scan: previous,
    });
    const old = scan('b', null);
    expect(comparableBaseline(scan('a', DAYLIGHT), [old])).toMatchObject({
      kind: 'comparable',
      scan: old,
    });
  });

  it('stops at a scan of unknown conditions rather than skipping past it', () => {
    const unlike = scan('b', WARM_LAMP);
    const result = comparableBaseline(scan('a', DAYLIGHT), [
      unlike,
      scan('c', null),
      scan('d', DAYLIGHT),
    ]);
    expect(result).toMatchObject({ kind: 'unlike', scan: unlike });
  });

  it('treats a missing capture (a server not yet sending it) as unknown', () => {
    type Legacy = { id: string; capture?: CaptureConditions | null };
    const previous: Legacy = { id: 'b' };
    expect(comparableBaseline<Legacy>({ id: 'a' }, [previous])).toMatchObject({
      kind: 'comparable',
      scan: previous,
    });
  });
});

describe('conditionsLabel and conditionsExplanation', () => {
  it('names each kind of difference once, in plain words', () => {
    expect(conditionsLabel(['light'])).toBe('possibly the lighting');
    expect(conditionsLabel(['light', 'exposure'])).toBe('possibly the lighting');
    expect(conditionsLabel(['distance'])).toBe('possibly the distance');
    expect(conditionsLabel(['exposure', 'distance', 'focus'])).toBe(
      'possibly the lighting, distance or focus',
    );
  });

  it('says what differed and how to get a fair comparison', () => {
    expect(conditionsExplanation(['light', 'distance'])).toBe(
      'Between these scans the light had a different colour or your face was nearer to or further from the camera, so part of this change may be the photo rather than your skin. Scan in the same spot, light and distance for a fair comparison.',
    );
  });
});
