import { formatPounds, maxQuantityOf, MIX_LIMITS } from '@lumiskin/contract/mix';
import { MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { MixTotal } from '@/components/mix-total';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import type { UseMix } from '@/lib/api/mix';

/**
 * The mix drawer: items, quantities, total in pounds. Loaded on the first click of `MixSheet`'s
 * button; it has no Radix trigger, so closing puts focus back on that button by hand.
 */
export default function MixSheetPanel({
  mix,
  open,
  onOpenChange,
  trigger,
}: {
  mix: UseMix;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mix-sheet"
        className="w-[min(26rem,calc(100%-2rem))]"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <div className="border-b p-6 pr-14">
          <SheetTitle className="text-h3">Your mix</SheetTitle>
          <SheetDescription className="mt-1">
            Base {mix.bases} of {MIX_LIMITS.bases} · Boosters {mix.boosters} of{' '}
            {MIX_LIMITS.boosters}
          </SheetDescription>
        </div>
        {mix.entries.length === 0 ? (
          <p className="p-6 text-sm text-muted-foreground">
            Your mix is empty. Start with a base, then add up to two boosters.
          </p>
        ) : (
          <ul className="flex-1 divide-y overflow-y-auto px-6">
            {mix.entries.map((entry) => {
              const name = entry.product?.name ?? entry.product_id;
              return (
                <li key={entry.product_id} className="flex items-center gap-3 py-4">
                  {entry.product ? (
                    <ProductImage
                      product={entry.product}
                      size={56}
                      className="size-14 shrink-0 rounded-xl"
                    />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    {/* Whole, as at checkout: a name cut to one line (staff names go to 120
                        characters) hid which product it was. */}
                    <p className="text-sm font-semibold wrap-anywhere">{name}</p>
                    <p className="text-xs text-muted-foreground capitalize">
                      {entry.type} · {formatPounds(entry.price_pence)}
                    </p>
                    <div className="mt-1.5 flex items-center gap-1">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => mix.decrement(entry.product_id)}
                        aria-label={`Remove one ${name}`}
                      >
                        <MinusIcon aria-hidden />
                      </Button>
                      <span className="min-w-5 text-center text-sm tabular-nums">
                        {entry.quantity}
                      </span>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => entry.product && mix.add(entry.product)}
                        disabled={!entry.product || entry.quantity >= maxQuantityOf(entry.type)}
                        aria-label={`Add one more ${name}`}
                      >
                        <PlusIcon aria-hidden />
                      </Button>
                      {/* Why its + stays off: a mix is made on one base (docs/product-rules.md#mix). */}
                      {entry.type === 'base' ? (
                        <span className="ml-1 text-xs text-muted-foreground">One base per mix</span>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <span className="text-sm font-semibold tabular-nums">
                      {formatPounds(entry.price_pence * entry.quantity)}
                    </span>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => mix.remove(entry.product_id)}
                      aria-label={`Remove ${name} from mix`}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <div className="mt-auto border-t p-6">
          <MixTotal totalPence={mix.totalPence} testId="mix-sheet-total" />
          <p className="mt-2 text-xs text-muted-foreground">
            {mix.isComplete
              ? 'Your mix has its base. Boosters are optional.'
              : 'A mix needs exactly one base.'}
          </p>
          {mix.isComplete ? (
            <Button asChild size="lg" className="mt-4 w-full">
              <Link to={paths.checkout.href} onClick={() => onOpenChange(false)}>
                Check out
              </Link>
            </Button>
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}
