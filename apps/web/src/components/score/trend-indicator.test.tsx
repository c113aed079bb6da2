import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrendIndicator } from '@/components/score/trend-indicator';

describe('TrendIndicator (docs/product-rules.md#trends: 2-point no-change rule)', () => {
  it.each([
    [70, 68.5, 'No change', 'same'],
    [70, 71.9, 'No change', 'same'],
    [72, 70, '+2.0%', 'up'],
    [64.5, 70, '-5.5%', 'down'],
  ])('%s against %s reads %s', (current, previous, text, kind) => {
    const { container } = render(<TrendIndicator current={current} previous={previous} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(container.querySelector('[data-trend]')?.getAttribute('data-trend')).toBe(kind);
  });

  it('shows nothing for the oldest scan, which has nothing to compare with', () => {
    const { container } = render(<TrendIndicator current={70} previous={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('mutes a change against a scan in different conditions and says so to screen readers', () => {
    const { container } = render(
      <TrendIndicator current={76} previous={70} unlike={['light']} label="Hydration" />,
    );
    const trend = container.querySelector('[data-trend]');
    expect(trend).toHaveTextContent('Hydration: +6.0% (possibly the lighting)');
    expect(trend).toHaveAttribute('data-tone', 'muted');
    expect(trend).not.toHaveAttribute('data-tone', 'good');
  });
});
