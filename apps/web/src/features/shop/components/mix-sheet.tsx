import { formatPounds, MIX_LIMITS } from '@lumiskin/contract/mix';
import { MinusIcon, PlusIcon, ShoppingBagIcon, Trash2Icon } from 'lucide-react';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import type { UseMix } from '@/lib/mix';

/** The 'Mix' count button and the drawer it opens: items, quantities, total in pounds. */
export function MixSheet({ mix }: { mix: UseMix }) {
  const bases = mix.entries.filter((e) => e.type === 'base').length;
  const boosters = mix.entries.filter((e) => e.type === 'booster').length;
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" className="gap-2">
          <ShoppingBagIcon aria-hidden /> Mix
          <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
            {mix.count}
          </span>
          <span className="sr-only">items</span>
        </Button>
      </SheetTrigger>
      <SheetContent className="w-[min(26rem,calc(100%-2rem))]">
        <div className="border-b p-6 pr-14">
          <SheetTitle className="text-h3">Your mix</SheetTitle>
          <SheetDescription className="mt-1">
            Base {bases} of {MIX_LIMITS.bases} · Boosters {boosters} of {MIX_LIMITS.boosters}
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
                    <p className="truncate text-sm font-semibold">{name}</p>
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
                        disabled={!entry.product}
                        aria-label={`Add one more ${name}`}
                      >
                        <PlusIcon aria-hidden />
                      </Button>
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
          <div className="flex items-baseline justify-between">
            <span className="text-sm text-muted-foreground">Total</span>
            <span className="text-h3 font-semibold tabular-nums" data-testid="mix-sheet-total">
              {formatPounds(mix.totalPence)}
            </span>
          </div>
          <p className="mt-2 text-xs text-muted-foreground">
            {mix.isComplete
              ? 'Your mix has its base. Boosters are optional.'
              : 'A mix needs exactly one base.'}
          </p>
        </div>
      </SheetContent>
    </Sheet>
  );
}
