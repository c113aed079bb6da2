import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';

// A control disabled while it has the keyboard's focus drops the focus to the page's start
// (Chromium's focus fixup): one that is busy says it is unavailable and ignores presses instead.
describe('a busy control keeps the focus', () => {
  it('Button: aria-disabled, never disabled, a press does nothing (a submit included)', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const user = userEvent.setup();
    render(
      <form onSubmit={onSubmit}>
        <Button busy onClick={onClick}>
          Mark evening done
        </Button>
        <Button type="submit" busy>
          Saving...
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Mark evening done' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('disabled');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Saving...' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Switch: aria-disabled while its change is saved, a press does nothing', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Switch id="s" checked={false} busy onChange={onChange} />);
    const toggle = screen.getByRole('switch');
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    expect(toggle).not.toHaveAttribute('disabled');
    await user.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle).toHaveFocus();
    rerender(<Switch id="s" checked={false} onChange={onChange} />);
    await user.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
