import { noiseBand } from '@lumiskin/contract/trends';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrendIndicator } from '@/components/score/trend-indicator';

const band = noiseBand('hydration');

describe("TrendIndicator (docs/product-rules.md#trends: within the score's noise band, no change)", () => {
  it.each([
    [70, 70 - band, 'No change', 'same'],
    [70, 70 + band, 'No change', 'same'],
    [70 + band + 2, 70, `+${band + 2} pts`, 'up'],
    [70 - band - 5, 70, `−${band + 5} pts`, 'down'],
  ])('%s against %s reads %s', (current, previous, text, kind) => {
    const { container } = render(
      <TrendIndicator metric="hydration" current={current} previous={previous} />,
    );
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(container.querySelector('[data-trend]')?.getAttribute('data-trend')).toBe(kind);
  });

  it('says what "No change" means on hover', () => {
    render(<TrendIndicator metric="hydration" current={70} previous={70 - band} />);
    expect(screen.getByText('No change').parentElement).toHaveAttribute(
      'title',
      `Within ${band} points: re-taking the same photo can move this score that much`,
    );
  });

  it('shows nothing for the oldest scan, which has nothing to compare with', () => {
    const { container } = render(
      <TrendIndicator metric="hydration" current={70} previous={undefined} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('mutes a change against a scan in different conditions and says so to screen readers', () => {
    const { container } = render(
      <TrendIndicator
        metric="hydration"
        current={70 + band + 4}
        previous={70}
        unlike={['light']}
        label="Hydration"
      />,
    );
    const trend = container.querySelector('[data-trend]');
    expect(trend).toHaveTextContent(
      `Hydration: +${band + 4} ptsup ${band + 4} points (possibly the lighting)`,
    );
    expect(trend).toHaveAttribute('data-tone', 'muted');
    expect(trend).not.toHaveAttribute('data-tone', 'good');
  });
});
