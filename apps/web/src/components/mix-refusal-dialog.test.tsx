import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MixRefusalDialog } from '@/components/mix-refusal-dialog';

function RefusalHarness() {
  const [isRefused, setIsRefused] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsRefused(true)}>
        Add SeboBalance
      </button>
      <MixRefusalDialog
        refusal={
          isRefused
            ? { code: 'second_base', message: 'You can only have 1 base in your mix.' }
            : null
        }
        onClose={() => setIsRefused(false)}
      />
    </>
  );
}

describe('MixRefusalDialog', () => {
  it('gives focus back to the refused button when it closes', async () => {
    render(<RefusalHarness />);
    const add = screen.getByRole('button', { name: 'Add SeboBalance' });
    for (const close of ['click', 'escape'] as const) {
      await userEvent.click(add);
      const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
      expect(dialog).toHaveTextContent('You can only have 1 base in your mix.');
      if (close === 'click') await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
      else await userEvent.keyboard('{Escape}');
      expect(add).toHaveFocus();
    }
  });
});
