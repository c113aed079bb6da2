import { describe, expect, it } from 'vitest';
import {
  COMPARABLE_LIMITS,
  EXPOSURE_POINTS_PER_L,
  EXPOSURE_SHIFT_POINTS,
  compareCaptures,
  exposureExplains,
  type CaptureConditions,
} from './analysis';

const daylight: CaptureConditions = {
  white_point: [1.2, 1, 0.95],
  white_point_source: 'eyes_teeth',
  cast: 5,
  exposure: 62,
  face_px: 300,
  sharpness: 25,
};
/** The same light 4 L* dimmer: comparable (the limit is 8 L*), but enough to move fine lines. */
const dimmer: CaptureConditions = { ...daylight, exposure: 58 };

describe('a change the exposure alone could make (decision 055)', () => {
  it('is still a comparable pair of scans overall', () => {
    expect(4).toBeLessThan(COMPARABLE_LIMITS.exposure);
    expect(compareCaptures(dimmer, daylight)).toEqual({ comparable: true, reasons: [] });
  });

  it('flags a fine-lines rise in a dimmer photo: −0.7 points per L* × −4 L* predicts +2.8', () => {
    expect(exposureExplains('fine_lines', 3, dimmer, daylight)).toBe(true);
    expect(exposureExplains('firmness', 4, dimmer, daylight)).toBe(true);
    // Radiance reads duller in a dimmer photo: its fall is the one the light explains.
    expect(exposureExplains('radiance', -3, dimmer, daylight)).toBe(true);
    expect(exposureExplains('radiance', 3, dimmer, daylight)).toBe(false);
  });

  it('keeps a change against the predicted direction: the skin changed despite the light', () => {
    expect(exposureExplains('fine_lines', -5, dimmer, daylight)).toBe(false);
  });

  it('ignores metrics the exposure barely moves, small exposure differences and unknown conditions', () => {
    expect(EXPOSURE_POINTS_PER_L.acne).toBeUndefined();
    expect(exposureExplains('acne', 5, dimmer, daylight)).toBe(false);
    // Texture: −0.4 × −4 = +1.6, under the trend's 2-point resolution.
    expect(Math.abs((EXPOSURE_POINTS_PER_L.texture ?? 0) * 4)).toBeLessThan(EXPOSURE_SHIFT_POINTS);
    expect(exposureExplains('texture', 3, dimmer, daylight)).toBe(false);
    expect(exposureExplains('fine_lines', 3, { ...daylight, exposure: 60 }, daylight)).toBe(false);
    expect(exposureExplains('fine_lines', 3, null, daylight)).toBe(false);
    expect(exposureExplains('fine_lines', 3, dimmer, undefined)).toBe(false);
    expect(exposureExplains('fine_lines', 0, dimmer, daylight)).toBe(false);
  });
});
