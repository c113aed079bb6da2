import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OptionSelect } from '@/components/option-select';

const OPTIONS = [
  { value: 'all', label: 'All Topics' },
  { value: 'Acne', label: 'Acne' },
];

describe('OptionSelect', () => {
  it('shows the chosen label, opens the full select on first click and reports the choice', async () => {
    const onValueChange = vi.fn();
    render(
      <OptionSelect label="Topic" value="all" options={OPTIONS} onValueChange={onValueChange} />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Topic' });
    expect(trigger).toHaveTextContent('All Topics');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Acne' }, { timeout: 5000 }));
    expect(onValueChange).toHaveBeenCalledWith('Acne');
  });
});
