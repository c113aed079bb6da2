import { LiveGuidanceText } from '@lumiskin/contract/scan';
import { describe, expect, it } from 'vitest';
import { liveReport } from '@/testing/live-report';
import { InstructionFilter, liveInstruction } from './live-guidance';

describe('liveInstruction', () => {
  it('says one thing at a time, in the fixed order', () => {
    const all = liveReport({
      distance: { code: 'face_too_small' },
      centring: { code: 'off_centre', direction: [0.2, 0] },
      light: { code: 'too_dark' },
      sharpness: { code: 'blurry' },
      motion: { code: 'moving' },
    });
    expect(liveInstruction(all).text).toBe(LiveGuidanceText.face_too_small);
    const noDistance = liveReport({
      centring: { code: 'off_centre', direction: [0.2, 0] },
      light: { code: 'too_dark' },
      motion: { code: 'moving' },
    });
    expect(liveInstruction(noDistance).text).toBe(LiveGuidanceText.move_right);
    expect(
      liveInstruction(liveReport({ light: { code: 'too_dark' }, yaw: { code: 'head_turned' } }))
        .key,
    ).toBe('head_turned');
    expect(
      liveInstruction(
        liveReport({ evenness: { code: 'uneven_light' }, light: { code: 'overexposed' } }),
      ).key,
    ).toBe('overexposed');
    expect(
      liveInstruction(liveReport({ motion: { code: 'moving' }, sharpness: { code: 'blurry' } }))
        .key,
    ).toBe('blurry');
    expect(
      liveInstruction(liveReport({ face: { code: 'no_face' }, motion: { code: 'moving' } })).key,
    ).toBe('no_face');
  });

  it('gives directions as the person sees them in the mirrored preview', () => {
    const at = (dx: number, dy: number) =>
      liveInstruction(liveReport({ centring: { code: 'off_centre', direction: [dx, dy] } })).key;
    // Face on the frame's left: the person has moved to their right, so to their left it is.
    expect(at(-0.2, 0.05)).toBe('move_left');
    expect(at(0.2, 0)).toBe('move_right');
    expect(at(0.02, -0.2)).toBe('move_down');
    expect(at(0, 0.2)).toBe('move_up');
  });

  it('names a warm and a cool light, and a raised chin', () => {
    expect(
      liveInstruction(liveReport({ cast: { code: 'colour_cast', direction: [0.4, -0.4] } })).key,
    ).toBe('warm_light');
    expect(
      liveInstruction(liveReport({ cast: { code: 'colour_cast', direction: [-0.3, 0.3] } })).key,
    ).toBe('cool_light');
    expect(liveInstruction(liveReport({ pitch: { code: 'head_turned' } })).key).toBe(
      'head_turned_pitch',
    );
  });

  it('all passing is ready; no report yet is starting; only unmeasured checks ask to hold still', () => {
    expect(liveInstruction(liveReport())).toMatchObject({ ready: true, key: 'ready' });
    expect(liveInstruction(null)).toMatchObject({ ready: false, key: 'starting' });
    expect(liveInstruction(liveReport({ motion: { code: null, value: null } }))).toMatchObject({
      ready: false,
      key: 'moving',
    });
  });
});

describe('InstructionFilter', () => {
  it('changes the shown instruction only when the new one holds for two reports', () => {
    const filter = new InstructionFilter(2);
    const dark = liveInstruction(liveReport({ light: { code: 'too_dark' } }));
    const blurry = liveInstruction(liveReport({ sharpness: { code: 'blurry' } }));
    expect(filter.next(dark).key).toBe('too_dark');
    expect(filter.next(blurry).key).toBe('too_dark');
    expect(filter.next(dark).key).toBe('too_dark');
    expect(filter.next(blurry).key).toBe('too_dark');
    expect(filter.next(blurry).key).toBe('blurry');
    // Ready shows at once.
    expect(filter.next(liveInstruction(liveReport())).key).toBe('ready');
  });
});
