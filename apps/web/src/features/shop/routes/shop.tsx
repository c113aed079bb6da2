import { ShopMessages } from '@lumiskin/contract/messages';
import type { ShopProductListItem } from '@lumiskin/contract/shop';
import { LayoutGridIcon, ListIcon, PackageSearchIcon, RotateCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { FilterBar } from '@/components/filter-bar';
import { sliced } from '@/components/hydration-slice';
import { MixRefusalDialog } from '@/components/mix-refusal-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useFavorites } from '@/features/shop/api/favorites';
import { productFiltersFrom, useProducts } from '@/features/shop/api/get-products';
import { MixSheet } from '@/features/shop/components/mix-sheet';
import {
  ProductCard,
  ProductCardSkeleton,
  type ShopView,
} from '@/features/shop/components/product-card';
import { useMix } from '@/lib/api/mix';
import { useSearchParam } from '@/lib/search-params';
import { cn } from '@/lib/utils';

const SKELETON_CARDS = 8; // docs/product-rules.md#constants
/** Images loaded at once: the first row on a wide screen; the rest load as they near the screen. */
const EAGER_IMAGES = 4;
/** Cards hydrated together (components/hydration-slice). */
const CARDS_PER_SLICE = 4;

/** Grid or list; grid is the default and leaves the address clean. */
function ViewToggle({ view, onChange }: { view: ShopView; onChange: (value: string) => void }) {
  return (
    <div
      className="flex shrink-0 rounded-full border bg-card p-0.5"
      role="group"
      aria-label="Layout"
    >
      {(
        [
          ['grid', LayoutGridIcon, 'Grid view'],
          ['list', ListIcon, 'List view'],
        ] as const
      ).map(([value, Icon, label]) => (
        <Button
          key={value}
          variant="ghost"
          size="icon"
          className={cn(
            'size-10',
            view === value && 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft',
          )}
          aria-pressed={view === value}
          aria-label={label}
          onClick={() => onChange(value === 'grid' ? '' : value)}
        >
          <Icon aria-hidden />
        </Button>
      ))}
    </div>
  );
}

function NoProducts({ onClear }: { onClear: () => void }) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-16 text-center">
      <PackageSearchIcon className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="mt-4 text-h3 font-semibold">{ShopMessages.noProducts}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{ShopMessages.noProductsHint}</p>
      <Button className="mt-6" variant="outline" onClick={onClear}>
        Clear search and filters
      </Button>
    </div>
  );
}

export default function ShopRoute() {
  const { params, setParams, setParam } = useSearchParam();
  const filters = productFiltersFrom(params);
  const { q, category } = filters;
  const view: ShopView = params.get('view') === 'list' ? 'list' : 'grid';

  // Same query options as the route's loader, which started this request with the navigation.
  const products = useProducts(filters);
  const mix = useMix();
  const favorites = useFavorites();

  useEffect(() => {
    if (products.isError) toast.error(ShopMessages.loadFailed);
  }, [products.isError]);

  const data = products.data;
  const list = data?.products ?? [];
  const categories = data?.categories ?? [];

  function add(product: ShopProductListItem) {
    const refusal = mix.add(product);
    if (!refusal && mix.quantityOf(product.id) === 0)
      toast.success(ShopMessages.addedToMix(product.name));
  }

  function card(product: ShopProductListItem, index: number) {
    return (
      <ProductCard
        key={product.id}
        product={product}
        view={view}
        eager={index < EAGER_IMAGES}
        priority={index === 0}
        quantity={mix.quantityOf(product.id)}
        isFavorite={favorites.isFavorite(product.id)}
        onAdd={() => add(product)}
        onDecrement={() => mix.decrement(product.id)}
        onToggleFavorite={() => favorites.toggle(product.id)}
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <title>Shop — Lumiskin</title>
      <meta
        name="description"
        content="Shop Lumiskin bases, boosters and everyday essentials. Build your mix of one base and up to two boosters."
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
            Shop
          </p>
          <h1 className="mt-2 text-h1 font-semibold">The Lumiskin Shop</h1>
          <p className="mt-2 max-w-xl text-muted-foreground">
            One base, up to two boosters, and the everyday essentials around them.
          </p>
        </div>
        <MixSheet mix={mix} />
      </div>

      <FilterBar
        query={q}
        onQueryChange={(value) => setParam('q', value)}
        searchLabel="Search products"
        searchPlaceholder="Search products or ingredients"
        category={category}
        categories={categories}
        onCategoryChange={(value) => setParam('category', value)}
        categoryLabel="Category"
        allLabel="All categories"
      >
        <ViewToggle view={view} onChange={(value) => setParam('view', value)} />
      </FilterBar>

      <p
        className="mt-6 text-sm text-muted-foreground wrap-anywhere"
        role="status"
        aria-live="polite"
      >
        {data ? (
          <>
            Showing {list.length} {list.length === 1 ? 'product' : 'products'}
            {q ? <> for &ldquo;{q}&rdquo;</> : null}
          </>
        ) : products.isPending ? (
          'Loading products…'
        ) : null}
      </p>

      {products.isError && !products.data ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center">
          <p className="font-semibold">{ShopMessages.loadFailed}</p>
          <Button className="mt-4" variant="outline" onClick={() => void products.refetch()}>
            <RotateCwIcon aria-hidden /> Try again
          </Button>
        </div>
      ) : !data ? (
        <ul className={listClass(view)} aria-label="Loading products">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <ProductCardSkeleton key={i} view={view} />
          ))}
        </ul>
      ) : list.length === 0 ? (
        <NoProducts
          onClear={() =>
            setParams(new URLSearchParams(view === 'list' ? { view } : {}), { replace: true })
          }
        />
      ) : (
        <>
          <h2 className="sr-only">Products</h2>
          <ul
            className={cn(
              listClass(view),
              products.isPlaceholderData && 'opacity-70 transition-opacity',
            )}
            aria-label="Products"
          >
            {sliced(list, CARDS_PER_SLICE, card)}
          </ul>
        </>
      )}
      <MixRefusalDialog
        refusal={mix.refusal}
        onClose={mix.dismissRefusal}
        onReplace={mix.replace}
      />
    </div>
  );
}

function listClass(view: ShopView) {
  return cn(
    'mt-4 grid gap-5',
    view === 'grid'
      ? 'grid-cols-1 min-[420px]:grid-cols-2 lg:grid-cols-4'
      : 'grid-cols-1 lg:grid-cols-2',
  );
}
