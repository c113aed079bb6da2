import { afterEach, describe, expect, it, vi } from 'vitest';
import { tappableBeneath } from '@/lib/scan/quick-scan';

/** jsdom has no layout: a DOMMatrixReadOnly that reads "matrix(a, b, c, d, e, f)". */
class Matrix {
  m41 = 0;
  m42 = 0;
  constructor(text?: string) {
    const values = text
      ?.match(/matrix\(([^)]*)\)/)?.[1]
      ?.split(',')
      .map(Number);
    if (values) [, , , , this.m41 = 0, this.m42 = 0] = values;
  }
}

/**
 * A page where a link covers the bottom right corner of a 390 × 780 screen (y ≥ 700, x ≥ 250),
 * and the button, 56 px tall at the bottom right, is slid `slide` px down by CSS.
 */
function setUp(slide: { translate?: string; transform?: string }) {
  document.body.innerHTML = '<a href="/learn/x" id="under">An article</a><a id="fab">Scan</a>';
  const link = document.getElementById('under')!;
  const button = document.getElementById('fab')!;
  const dy = Number.parseFloat(slide.translate?.split(' ')[1] ?? '0') || 0;
  const dyT = new Matrix(slide.transform).m42;
  const top = 708 + dy + dyT;
  button.getBoundingClientRect = () =>
    ({ left: 270, top, right: 374, bottom: top + 56, width: 104, height: 56 }) as DOMRect;
  button.style.translate = slide.translate ?? '';
  button.style.transform = slide.transform ?? '';
  vi.stubGlobal('DOMMatrixReadOnly', Matrix);
  document.elementsFromPoint = (x: number, y: number) =>
    y >= 0 && y <= 780 && x >= 250 && y >= 700 ? [link, document.body] : [document.body];
  return button;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('tappableBeneath', () => {
  it('finds a link under the button where it sits when shown', () => {
    expect(tappableBeneath(setUp({}))).toBe(true);
  });

  it('looks where the button would be, not where a `translate` has slid it (Tailwind 4)', () => {
    // Hidden: slid 96 px down, off the screen, where nothing is under it.
    expect(tappableBeneath(setUp({ translate: '0px 96px' }))).toBe(true);
  });

  it('looks where the button would be, not where a `transform` has slid it', () => {
    expect(tappableBeneath(setUp({ transform: 'matrix(1, 0, 0, 1, 0, 96)' }))).toBe(true);
  });

  it('finds nothing where nothing tappable is under the button', () => {
    const button = setUp({ translate: '0px 96px' });
    document.elementsFromPoint = () => [document.body];
    expect(tappableBeneath(button)).toBe(false);
  });
});
