import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConditionsNote } from '@/components/conditions-note';

describe('ConditionsNote', () => {
  it('a tap (click without hover) opens the explanation', async () => {
    const user = userEvent.setup({ skipHover: true });
    render(<ConditionsNote reasons={['light', 'distance']} />);
    const note = screen.getByTestId('conditions-note');
    expect(note).toHaveTextContent('possibly the lighting or distance');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.click(note);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      /may be the photo rather than your skin/,
    );
  });
});
