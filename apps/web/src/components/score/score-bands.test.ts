import { describe, expect, it } from 'vitest';
import { trendLabel } from './score-bands';

describe('trendLabel (docs/product-rules.md#trends, 2-point rule)', () => {
  it('says No change under 2 points, signed percentages beyond', () => {
    expect(trendLabel(81, 80)).toEqual({ kind: 'same', text: 'No change' });
    expect(trendLabel(79, 80.5)).toEqual({ kind: 'same', text: 'No change' });
    expect(trendLabel(85, 80)).toEqual({ kind: 'up', text: '+5.0%' });
    expect(trendLabel(70, 80)).toEqual({ kind: 'down', text: '-10.0%' });
    expect(trendLabel(70, null)).toBeNull();
  });
});
