import { noiseBand } from '@lumiskin/contract/trends';
import { describe, expect, it } from 'vitest';
import { trendLabel } from './score-bands';

describe("trendLabel (docs/product-rules.md#trends: a change within the score's noise band is no change)", () => {
  it('says No change up to the band either way, whole signed points beyond it', () => {
    const band = noiseBand('oiliness');
    expect(trendLabel(72 + band, 72, 'oiliness')).toMatchObject({
      kind: 'same',
      text: 'No change',
    });
    expect(trendLabel(72 - band, 72, 'oiliness')).toMatchObject({
      kind: 'same',
      text: 'No change',
    });
    expect(trendLabel(72 + band + 1, 72, 'oiliness')).toMatchObject({
      kind: 'up',
      text: `+${band + 1} pts`,
      spoken: `up ${band + 1} points`,
    });
    expect(trendLabel(72 - band - 3, 72, 'oiliness')).toMatchObject({
      kind: 'down',
      text: `−${band + 3} pts`,
      spoken: `down ${band + 3} points`,
    });
    expect(trendLabel(70, null, 'oiliness')).toBeNull();
  });

  it('never labels points as a percentage', () => {
    for (let d = -30; d <= 30; d++) expect(trendLabel(50 + d, 50, 'acne')?.text).not.toMatch('%');
  });

  it("reads each score against its own band (the profile average's too)", () => {
    for (const key of ['acne', 'dark_spots', 'overall', 'profile'] as const) {
      const band = noiseBand(key);
      expect(trendLabel(60 + band, 60, key)?.kind).toBe('same');
      expect(trendLabel(60 + band + 1, 60, key)?.kind).toBe('up');
    }
  });
});
