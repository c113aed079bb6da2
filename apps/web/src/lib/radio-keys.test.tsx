import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { radioKeys } from '@/lib/radio-keys';

const SIZES = ['small', 'medium', 'large'] as const;

function Sizes() {
  const [size, setSize] = useState<(typeof SIZES)[number]>('medium');
  const keys = radioKeys(SIZES, size, setSize);
  return (
    <>
      <button type="button">Before</button>
      <div role="radiogroup" aria-label="Size">
        {SIZES.map((s) => (
          <button key={s} type="button" role="radio" aria-checked={size === s} {...keys(s)}>
            {s}
          </button>
        ))}
      </div>
      <button type="button">After</button>
    </>
  );
}

describe('radioKeys', () => {
  it('one Tab stop, the chosen option; arrows choose and take the focus, round the ends', async () => {
    const user = userEvent.setup();
    render(<Sizes />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: 'medium' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'large' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'large' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'small' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'small' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'large' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'medium' })).not.toBeChecked();
  });
});
