import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, dismissToast, toast, toastActionUsed } from '@/components/ui/use-toast';

const undoable = (onClose: () => void) =>
  toast({
    title: 'Info',
    description: 'Serum removed from your routine.',
    action: { label: 'Undo', altText: 'Undo removing Serum', onClick: () => {} },
    onClose,
  });

describe('a toast’s onClose', () => {
  afterEach(() => clearToasts());

  it('runs once when the toast is closed (its time up, its close button, a swipe)', () => {
    const onClose = vi.fn();
    const id = undoable(onClose);
    dismissToast(id);
    dismissToast(id);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('runs when the next toast replaces it', () => {
    const onClose = vi.fn();
    undoable(onClose);
    toast.success('Settings saved');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not run when its action was used, whatever follows', () => {
    const onClose = vi.fn();
    const id = undoable(onClose);
    toastActionUsed(id);
    toast.success('Serum is back in your routine.');
    dismissToast(id);
    expect(onClose).not.toHaveBeenCalled();
  });
});
