import { formatPounds, maxQuantityOf } from '@lumiskin/contract/mix';
import type { ShopProductListItem } from '@lumiskin/contract/shop';
import { HeartIcon, MinusIcon, PlusIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

export type ShopView = 'grid' | 'list';

export const TYPE_LABEL: Record<ShopProductListItem['type'], string> = {
  base: 'Base',
  booster: 'Booster',
  cleanser: 'Cleanser',
  moisturizer: 'Moisturiser',
  sunscreen: 'Sunscreen',
  toner: 'Toner',
  mask: 'Mask',
  tool: 'Tool',
};

export function ProductCard({
  product,
  view,
  quantity,
  isFavorite,
  onAdd,
  onDecrement,
  onToggleFavorite,
  eager,
  priority = false,
}: {
  product: ShopProductListItem;
  view: ShopView;
  quantity: number;
  isFavorite: boolean;
  onAdd: () => void;
  onDecrement: () => void;
  onToggleFavorite: () => void;
  eager: boolean;
  /** The first card's image: likely the page's largest paint, so it is fetched first. */
  priority?: boolean;
}) {
  const isList = view === 'list';
  // The control pressed goes as the quantity crosses 0 (Add becomes the stepper and back): the
  // keyboard's focus follows to what took its place, not to the page's start.
  const stepper = useRef<HTMLDivElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  const pressedHere = useRef(false);
  const hasAny = quantity > 0;
  useEffect(() => {
    if (!pressedHere.current) return;
    pressedHere.current = false;
    if (!hasAny) add.current?.focus();
    else {
      // "Add one more", or "Remove one" where a second is not offered (a base).
      const buttons = [...(stepper.current?.querySelectorAll('button') ?? [])];
      buttons
        .reverse()
        .find((button) => !button.disabled)
        ?.focus();
    }
  }, [hasAny]);
  const pressed = (action: () => void) => () => {
    pressedHere.current = true;
    action();
  };
  return (
    <li
      className={cn(
        'group relative flex overflow-hidden rounded-2xl border bg-card shadow-soft transition-shadow duration-200 hover:shadow-lift',
        isList ? 'flex-row gap-4 p-3 sm:p-4' : 'flex-col',
        // Cards further down are laid out and painted only as they near the screen; the size
        // holds their place until then (and is remembered once they have been seen).
        !eager &&
          (isList
            ? '[contain-intrinsic-size:auto_11rem] [content-visibility:auto]'
            : '[contain-intrinsic-size:auto_36rem] [content-visibility:auto]'),
      )}
      data-testid="product-card"
    >
      <div className={cn('relative shrink-0', isList ? 'w-28 sm:w-40' : '')}>
        <ProductImage
          product={product}
          size={400}
          eager={eager}
          priority={priority}
          className={cn(isList ? 'aspect-square rounded-xl' : 'aspect-square')}
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          <Badge
            variant={
              product.type === 'base' || product.type === 'booster' ? 'default' : 'secondary'
            }
          >
            {TYPE_LABEL[product.type]}
          </Badge>
          {product.featured && !isList ? <Badge variant="accent">Featured</Badge> : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-1.5 right-1.5 bg-card/85 backdrop-blur hover:bg-card reduced-transparency:bg-card reduced-transparency:backdrop-blur-none"
          aria-pressed={isFavorite}
          aria-label={
            isFavorite
              ? `Remove ${product.name} from favourites`
              : `Add ${product.name} to favourites`
          }
          onClick={onToggleFavorite}
        >
          <HeartIcon
            className={cn(
              'size-5',
              isFavorite ? 'fill-[#e11d48] text-[#e11d48]' : 'text-foreground',
            )}
            aria-hidden
          />
        </Button>
      </div>

      <div className={cn('flex min-w-0 flex-1 flex-col wrap-anywhere', isList ? 'py-1' : 'p-5')}>
        {/* No star rating or review count: Lumiskin has no reviews yet, and the catalogue's
            seeded figures are not anyone's opinion (decision 082). */}
        {product.featured && isList ? (
          <Badge variant="accent" className="mb-2 self-start">
            Featured
          </Badge>
        ) : null}
        <h3 className="font-semibold leading-snug">
          <Link
            to={paths.product.href(product.id)}
            className="hover:text-primary-text hover:underline focus-visible:underline"
          >
            {product.name}
          </Link>
        </h3>
        <p
          className={cn(
            'mt-1 text-sm leading-snug text-muted-foreground',
            isList ? 'line-clamp-2' : 'line-clamp-3',
          )}
        >
          {product.short_description}
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-4">
          <p className="text-lg font-semibold tabular-nums">
            {formatPounds(product.price_pence)}
            <span className="ml-1.5 text-xs font-normal text-muted-foreground">{product.size}</span>
          </p>
          {quantity === 0 ? (
            <Button
              ref={add}
              size="sm"
              onClick={pressed(onAdd)}
              aria-label={`Add ${product.name} to mix`}
            >
              <PlusIcon aria-hidden /> Add
            </Button>
          ) : (
            <div
              ref={stepper}
              className="flex items-center gap-1 rounded-full border bg-background p-0.5"
              role="group"
              aria-label={`${product.name} quantity`}
            >
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={pressed(onDecrement)}
                aria-label={`Remove one ${product.name}`}
              >
                <MinusIcon aria-hidden />
              </Button>
              {/* Each change is said by its toast ("… added to your mix"): no bare "2" here. */}
              <span className="min-w-6 text-center text-sm font-semibold tabular-nums">
                {quantity}
              </span>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={pressed(onAdd)}
                // One base per mix: its quantity stays 1.
                disabled={quantity >= maxQuantityOf(product.type)}
                aria-label={`Add one more ${product.name}`}
              >
                <PlusIcon aria-hidden />
              </Button>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

export function ProductCardSkeleton({ view }: { view: ShopView }) {
  return (
    <li
      className={cn(
        'overflow-hidden rounded-2xl border bg-card',
        view === 'list' ? 'flex gap-4 p-4' : '',
      )}
      data-testid="product-skeleton"
    >
      <div className={view === 'list' ? 'w-28 sm:w-40' : ''}>
        <div className="aspect-square w-full animate-pulse bg-muted motion-reduce:animate-none" />
      </div>
      <div className={cn('flex-1', view === 'list' ? '' : 'p-5')}>
        <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
        <div className="mt-3 h-5 w-2/3 animate-pulse rounded bg-muted" />
        <div className="mt-2 h-4 w-full animate-pulse rounded bg-muted" />
        <div className="mt-6 h-9 w-full animate-pulse rounded-full bg-muted" />
      </div>
    </li>
  );
}
