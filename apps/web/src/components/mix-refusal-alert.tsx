import type { MixRefusal } from '@lumiskin/contract/mix';
import { AlertDialog } from 'radix-ui';
import { LayersIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { buttonVariants } from '@/components/ui/button';

/**
 * The mix rule's refusal (docs/product-rules.md#mix), shown as an accessible alert dialog instead of the original's
 * browser alert: it is announced, traps focus, closes with Escape and keeps the page's look
 * (docs/decisions, "mix refusals as a dialog").
 */
export default function MixRefusalAlert({
  refusal,
  onClose,
  returnFocusTo,
}: {
  refusal: MixRefusal | null;
  onClose: () => void;
  /** Where focus goes back on close: the button whose add was refused. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <AlertDialog.Root open={refusal !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-[#1f1a1d]/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border bg-popover p-6 text-popover-foreground shadow-lift data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-foreground">
            <LayersIcon className="size-5" aria-hidden />
          </span>
          <AlertDialog.Title className="text-h3 font-semibold">
            {refusal?.code === 'second_base' ? 'One base per mix' : 'Two boosters per mix'}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {refusal?.message}
          </AlertDialog.Description>
          <div className="flex justify-end">
            <AlertDialog.Action className={buttonVariants()}>Got it</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
