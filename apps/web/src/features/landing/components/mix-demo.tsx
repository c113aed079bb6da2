import { formatPounds, MIX_LIMITS } from '@lumiskin/contract/mix';
import type { ShopProductListItem } from '@lumiskin/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon, CheckIcon, PlusIcon, XIcon } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { MixRefusalDialog } from '@/components/mix-refusal-dialog';
import { MixTotal } from '@/components/mix-total';
import { ProductImage } from '@/components/product-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { catalogueQueryOptions, useMix, type UseMix } from '@/lib/api/mix';

/** The landing's mix demo (docs/product-rules.md#mix): six products, the three bases and the first three boosters. */
const DEMO_IDS = [
  'aquahydra',
  'sebobalance',
  'barrierrepair',
  'clearcomplex',
  'brightradiance',
  'calmbarrier',
];

export function MixDemo() {
  const catalogue = useQuery(catalogueQueryOptions());
  // The cards render in a deferred (interruptible) pass once the catalogue arrives, so the answer
  // does not land as one long task while the page is still loading; skeletons stay until then.
  const products = useDeferredValue(catalogue.data?.products);
  const isLoading = products === undefined && !catalogue.isError;
  const mix = useMix();
  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  const demo = DEMO_IDS.flatMap((id) => byId.get(id) ?? []);
  const bases = demo.filter((p) => p.type === 'base');
  const boosters = demo.filter((p) => p.type === 'booster');

  return (
    <section
      aria-labelledby="mix-title"
      className="border-y bg-[linear-gradient(180deg,var(--color-card),var(--color-background))]"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
        <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
          Your formula
        </p>
        <h2 id="mix-title" className="mt-3 text-h1 font-semibold">
          Build Your Perfect Mix
        </h2>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-muted-foreground">
          Start with one base for your skin type, then add up to two boosters for what you would
          like to change. Your mix waits for you in the shop.
        </p>

        <div className="mt-10 grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {/* min-w-0: the swipeable rows scroll inside the column instead of widening the page. */}
          <div className="grid min-w-0 gap-8">
            <DemoGroup
              title="1 · Choose your base"
              products={bases}
              loading={isLoading}
              failed={catalogue.isError}
              mix={mix}
            />
            <DemoGroup
              title="2 · Add up to two boosters"
              products={boosters}
              loading={isLoading}
              failed={catalogue.isError}
              mix={mix}
            />
          </div>
          <MixSummary mix={mix} />
        </div>
      </div>
      <MixRefusalDialog
        refusal={mix.refusal}
        onClose={mix.dismissRefusal}
        onReplace={mix.replace}
      />
    </section>
  );
}

function DemoGroup({
  title,
  products,
  loading,
  failed,
  mix,
}: {
  title: string;
  products: ShopProductListItem[];
  loading: boolean;
  failed: boolean;
  mix: UseMix;
}) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-muted-foreground">{title}</h3>
      {/* Phones: one swipeable row per group (scroll-snap), so six cards cost two card heights;
          from sm up, three columns. */}
      <ul className="-mx-4 mt-3 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:grid sm:snap-none sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0">
        {loading || failed
          ? [0, 1, 2].map((i) => (
              <li
                key={i}
                className="h-[16.5rem] w-[44%] min-w-40 shrink-0 rounded-2xl border bg-card p-3 sm:h-[19rem] sm:w-auto sm:p-4"
              >
                <Skeleton className="aspect-[4/3] w-full rounded-xl" />
                <Skeleton className="mt-4 h-5 w-2/3" />
                <Skeleton className="mt-2 h-4 w-full" />
                <Skeleton className="mt-6 h-10 w-full rounded-full" />
              </li>
            ))
          : products.map((product) => (
              <DemoCard
                key={product.id}
                product={product}
                inMix={mix.has(product.id)}
                onAdd={() => mix.add(product)}
              />
            ))}
      </ul>
    </div>
  );
}

function DemoCard({
  product,
  inMix,
  onAdd,
}: {
  product: ShopProductListItem;
  inMix: boolean;
  onAdd: () => void;
}) {
  return (
    <li
      className="flex w-[44%] min-w-40 shrink-0 snap-start flex-col rounded-2xl border bg-card p-3 shadow-soft wrap-anywhere sm:w-auto sm:p-4"
      data-testid={`demo-${product.id}`}
    >
      <ProductImage product={product} size={240} className="aspect-[4/3] w-full rounded-xl" />
      <div className="mt-3 flex flex-col gap-0.5 sm:mt-4 sm:flex-row sm:items-baseline sm:justify-between sm:gap-2">
        <h4 className="leading-snug font-semibold">{product.name}</h4>
        <span className="text-sm font-semibold tabular-nums">
          {formatPounds(product.price_pence)}
        </span>
      </div>
      <p className="mt-1 line-clamp-2 text-xs leading-snug text-muted-foreground sm:text-sm">
        {product.short_description}
      </p>
      <ul
        className="mt-3 hidden flex-wrap gap-1.5 sm:flex"
        aria-label={`${product.name} helps with`}
      >
        {product.suitable_for.slice(0, 3).map((concern) => (
          <li key={concern}>
            <Badge variant="secondary" className="font-medium">
              {concern}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-3 sm:pt-4">
        <Button
          className="h-11 w-full px-2 sm:h-9"
          variant={inMix ? 'soft' : 'default'}
          size="sm"
          disabled={inMix}
          onClick={onAdd}
          aria-label={inMix ? `In your mix: ${product.name}` : `Add to Mix: ${product.name}`}
        >
          {inMix ? (
            <>
              <CheckIcon aria-hidden /> In your mix
            </>
          ) : (
            <>
              <PlusIcon aria-hidden /> Add to Mix
            </>
          )}
        </Button>
      </div>
    </li>
  );
}

function MixSummary({ mix }: { mix: UseMix }) {
  return (
    <aside
      aria-labelledby="mix-summary-title"
      className="rounded-2xl border bg-card p-6 shadow-lift lg:sticky lg:top-24"
    >
      <h3 id="mix-summary-title" className="text-h3 font-semibold">
        Your current mix
      </h3>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-xl bg-primary-soft px-3 py-2 text-primary-soft-foreground">
          <dt className="text-xs">Base</dt>
          <dd className="font-semibold">
            {mix.bases} of {MIX_LIMITS.bases}
          </dd>
        </div>
        <div className="rounded-xl bg-accent-soft px-3 py-2 text-accent-soft-foreground">
          <dt className="text-xs">Boosters</dt>
          <dd className="font-semibold">
            {mix.boosters} of {MIX_LIMITS.boosters}
          </dd>
        </div>
      </dl>
      <div aria-live="polite">
        {mix.entries.length === 0 ? (
          <p className="mt-5 text-sm text-muted-foreground">
            Your mix is empty. Start with a base.
          </p>
        ) : (
          <ul className="mt-5 divide-y" aria-label="Products in your mix">
            {mix.entries.map((entry) => (
              <li key={entry.product_id} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">
                    {entry.product?.name ?? entry.product_id}
                    {entry.quantity > 1 ? ` × ${entry.quantity}` : ''}
                  </p>
                  <p className="text-xs text-muted-foreground capitalize">{entry.type}</p>
                </div>
                <span className="text-sm tabular-nums">
                  {formatPounds(entry.price_pence * entry.quantity)}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => mix.remove(entry.product_id)}
                  aria-label={`Remove ${entry.product?.name ?? entry.product_id}`}
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <MixTotal totalPence={mix.totalPence} testId="mix-total" className="mt-4 border-t pt-4" />
      </div>
      <Button asChild className="mt-5 w-full" variant={mix.isComplete ? 'default' : 'outline'}>
        <Link to={paths.shop.href}>
          Continue in the shop <ArrowRightIcon aria-hidden />
        </Link>
      </Button>
    </aside>
  );
}
