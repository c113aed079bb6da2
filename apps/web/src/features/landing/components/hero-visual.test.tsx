import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeroVisual } from '@/features/landing/components/hero-visual';

describe('the landing hero', () => {
  it('labels every figure it shows as an example, and claims no place or day (issue 34)', () => {
    const { container } = render(<HeroVisual />);
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    const figures: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (/\d/.test(node.textContent ?? '')) figures.push(node as Text);
    // The chips do show figures (82 %, UV 4): each sits in a chip that says "Example".
    expect(figures.length).toBeGreaterThanOrEqual(2);
    for (const figure of figures) {
      const chip = figure.parentElement?.closest('[data-example]');
      expect(chip, `"${figure.textContent}" is not inside an example chip`).not.toBeNull();
      expect(chip?.textContent).toMatch(/^Example/);
    }
    expect(container.textContent).not.toMatch(/today|london/i);
  });
});
