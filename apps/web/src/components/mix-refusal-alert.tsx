import type { MixRefusal } from '@lumiskin/contract/mix';
import { AlertDialog } from 'radix-ui';
import { LayersIcon } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { OVERLAY_CLASS } from '@/components/ui/overlay-class';
import { cn } from '@/lib/utils';

/**
 * The swap buttons carry product names, which staff choose (up to 120 characters): a name that
 * does not fit a phone's line wraps inside its button instead of running out of the dialog.
 */
const named = (variant?: 'outline') =>
  cn(buttonVariants({ variant }), 'h-auto min-h-11 py-2.5 text-center whitespace-normal');

/** A refusal, and what the refused product could take the place of (lib/api/mix, decision 198). */
export type MixRefusalShown = MixRefusal & {
  product?: { name: string };
  replaceable?: { id: string; name: string }[];
};

/**
 * The mix rule's refusal (docs/product-rules.md#mix), shown as an accessible alert dialog instead
 * of the original's browser alert: it is announced, traps focus, closes with Escape and keeps the
 * page's look (docs/decisions, "mix refusals as a dialog"). The add stays refused, in the spec's
 * words; where the page can swap, the dialog offers the one step the sentence asks for: the refused
 * product in the base's place, or in one booster's (decision 198).
 */
export default function MixRefusalAlert({
  refusal,
  onClose,
  onReplace,
  returnFocusTo,
}: {
  refusal: MixRefusalShown | null;
  onClose: () => void;
  /** Puts the refused product in the place of the product `id`; no offer without it. */
  onReplace?: (id: string) => void;
  /** Where focus goes back on close: the button whose add was refused. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  // While the dialog animates out its refusal is already null: it keeps showing the last one,
  // instead of flashing another title and the bare "Got it".
  const [shown, setShown] = useState(refusal);
  if (refusal && refusal !== shown) setShown(refusal);
  const name = shown?.product?.name;
  const offers = onReplace && name ? (shown.replaceable ?? []) : [];
  const isBase = shown?.code === 'second_base';
  return (
    <AlertDialog.Root open={refusal !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY_CLASS} />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto grid-cols-[minmax(0,1fr)] wrap-anywhere max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border bg-popover p-6 text-popover-foreground shadow-lift data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-foreground">
            <LayersIcon className="size-5" aria-hidden />
          </span>
          <AlertDialog.Title className="text-h3 font-semibold">
            {isBase ? 'One base per mix' : 'Two boosters per mix'}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {shown?.message}
            {offers.length > 0 ? (
              <>
                {' '}
                {isBase
                  ? `Or put ${name} in its place in one step.`
                  : `Or let ${name} take the place of one of them.`}
              </>
            ) : null}
          </AlertDialog.Description>
          {offers.length === 0 ? (
            <div className="flex justify-end">
              <AlertDialog.Action className={buttonVariants()}>Got it</AlertDialog.Action>
            </div>
          ) : isBase && offers.length === 1 ? (
            // On a phone, one button per line, the swap on top; side by side from `sm`.
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={named('outline')}>
                Keep {offers[0]!.name}
              </AlertDialog.Cancel>
              <AlertDialog.Action className={named()} onClick={() => onReplace?.(offers[0]!.id)}>
                Use {name} instead
              </AlertDialog.Action>
            </div>
          ) : (
            <div className="grid gap-2 sm:flex sm:flex-wrap sm:justify-end">
              {offers.map((offer) => (
                <AlertDialog.Action
                  key={offer.id}
                  className={named('outline')}
                  onClick={() => onReplace?.(offer.id)}
                >
                  Replace {offer.name}
                </AlertDialog.Action>
              ))}
              <AlertDialog.Cancel className={buttonVariants()}>Keep my mix</AlertDialog.Cancel>
            </div>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
