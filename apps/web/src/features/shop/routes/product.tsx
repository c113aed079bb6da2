import { formatPounds, maxQuantityOf } from '@lumiskin/contract/mix';
import { ShopMessages } from '@lumiskin/contract/messages';
import type { ShopProduct, ShopProductListItem } from '@lumiskin/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, CheckIcon, HeartIcon, PackageSearchIcon, PlusIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { MixRefusalDialog } from '@/components/mix-refusal-dialog';
import { ProductImage } from '@/components/product-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useFavorites } from '@/features/shop/api/favorites';
import { useProduct } from '@/features/shop/api/get-product';
import { TYPE_LABEL } from '@/features/shop/components/product-card';
import { ApiRequestError } from '@/lib/api/api-client';
import { catalogueQueryOptions, useMix } from '@/lib/api/mix';
import { cn } from '@/lib/utils';

/** Related products shown under a product. */
const RELATED_COUNT = 4;

/** When the product is used, said in words above its directions (the code read as a leftover). */
const TIME_OF_USE: Record<NonNullable<ShopProduct['time_of_use']>, string> = {
  AM: 'Use in the morning',
  PM: 'Use in the evening',
  'AM/PM': 'Use morning and evening',
};

/** A product's own page (issue 13): shareable, indexed, and one click from the mix. */
export default function ProductRoute() {
  const { id = '' } = useParams();
  const product = useProduct(id);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to={paths.shop.href}>
          <ArrowLeftIcon aria-hidden /> Back to the shop
        </Link>
      </Button>
      {product.isPending ? (
        <ProductSkeleton />
      ) : product.isError ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border bg-card px-6 py-16 text-center">
          <title>Product not found — Lumiskin</title>
          <PackageSearchIcon className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="mt-4 text-h2 font-semibold">
            {product.error instanceof ApiRequestError && product.error.status === 404
              ? ShopMessages.unknownProduct
              : ShopMessages.loadFailed}
          </h1>
          <Button asChild className="mt-6" variant="outline">
            <Link to={paths.shop.href}>Browse all products</Link>
          </Button>
        </div>
      ) : (
        <ProductBody product={product.data} />
      )}
    </div>
  );
}

function ProductBody({ product }: { product: ShopProduct }) {
  const mix = useMix();
  const favorites = useFavorites();
  const quantity = mix.quantityOf(product.id);
  const isFavorite = favorites.isFavorite(product.id);
  const canAddMore = quantity < maxQuantityOf(product.type);
  const description = product.short_description;

  function add() {
    const refusal = mix.add(product);
    if (!refusal && quantity === 0) toast.success(ShopMessages.addedToMix(product.name));
  }

  return (
    <>
      <title>{`${product.name} — Shop — Lumiskin`}</title>
      <meta name="description" content={description} />
      {/* No rel=canonical: this address is the product's only one, and a canonical must be an
          absolute URL (Lighthouse, SEO), which needs a public origin the server's render does
          not know (APP_URL is optional; the Host header would put a visitor's into cached pages). */}
      <meta property="og:type" content="product" />
      <meta property="og:title" content={product.name} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={product.image} />
      <meta property="og:site_name" content="Lumiskin" />
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductImage
          product={product}
          size={640}
          eager
          priority
          className="aspect-square rounded-3xl border"
        />
        {/* Staff's words (a pasted link, a long compound name) wrap rather than widen a phone's page. */}
        <div className="flex min-w-0 flex-col wrap-anywhere">
          <div className="flex flex-wrap items-center gap-2">
            <Badge
              variant={
                product.type === 'base' || product.type === 'booster' ? 'default' : 'secondary'
              }
            >
              {TYPE_LABEL[product.type]}
            </Badge>
            {product.featured ? <Badge variant="accent">Featured</Badge> : null}
          </div>
          <h1 className="mt-3 text-h1 font-semibold text-balance">{product.name}</h1>
          <p className="mt-2 text-lg text-muted-foreground">{product.short_description}</p>
          <p className="mt-4 text-2xl font-semibold tabular-nums">
            {formatPounds(product.price_pence)}
            <span className="ml-2 text-sm font-normal text-muted-foreground">{product.size}</span>
          </p>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            {/* Named by its text (WCAG 2.5.3, label in name): the page is the product's. */}
            <Button onClick={add} disabled={!canAddMore}>
              {quantity > 0 && !canAddMore ? <CheckIcon aria-hidden /> : <PlusIcon aria-hidden />}
              {quantity === 0 ? 'Add to mix' : canAddMore ? 'Add one more' : 'In your mix'}
            </Button>
            {quantity > 0 ? (
              <span className="text-sm text-muted-foreground" role="status">
                {quantity} in your mix
              </span>
            ) : null}
            <Button
              variant="outline"
              aria-pressed={isFavorite}
              onClick={() => favorites.toggle(product.id)}
            >
              <HeartIcon
                className={cn(isFavorite && 'fill-[#e11d48] text-[#e11d48]')}
                aria-hidden
              />
              {isFavorite ? 'In favourites' : 'Add to favourites'}
            </Button>
          </div>
          <p className="mt-6 leading-relaxed">{product.description}</p>
          <Section title="Key ingredients">
            <ul className="flex flex-wrap gap-2">
              {product.key_ingredients.map((ingredient) => (
                <li key={ingredient} className="max-w-full">
                  <Badge variant="secondary" className="max-w-full whitespace-normal">
                    {ingredient}
                  </Badge>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="How to use">
            {product.time_of_use ? (
              <p className="mb-2 text-sm font-medium">{TIME_OF_USE[product.time_of_use]}</p>
            ) : null}
            <p className="leading-relaxed text-muted-foreground">{product.how_to_use}</p>
          </Section>
          {product.suitable_for.length > 0 ? (
            <Section title="Suitable for">
              <p className="text-muted-foreground">{product.suitable_for.join(', ')}</p>
            </Section>
          ) : null}
        </div>
      </div>
      <RelatedProducts product={product} />
      <MixRefusalDialog
        refusal={mix.refusal}
        onClose={mix.dismissRefusal}
        onReplace={mix.replace}
      />
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-6">
      <h2 className="mb-2 text-sm font-semibold tracking-wide uppercase">{title}</h2>
      {children}
    </section>
  );
}

/** Same formulation category first, then the same shop category; never the product itself. */
export function relatedProducts(
  product: ShopProductListItem,
  catalogue: ShopProductListItem[],
): ShopProductListItem[] {
  const others = catalogue.filter((p) => p.id !== product.id);
  const score = (p: ShopProductListItem) =>
    (product.formulation_category && p.formulation_category === product.formulation_category
      ? 2
      : 0) + (p.category === product.category ? 1 : 0);
  return others
    .map((p, index) => ({ p, index, score: score(p) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, RELATED_COUNT)
    .map((entry) => entry.p);
}

function RelatedProducts({ product }: { product: ShopProductListItem }) {
  const catalogue = useQuery(catalogueQueryOptions());
  const related = relatedProducts(product, catalogue.data?.products ?? []);
  if (related.length === 0) return null;
  return (
    <section className="mt-14" aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-h3 font-semibold">
        Related products
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {related.map((p) => (
          <li key={p.id} className="min-w-0 overflow-hidden rounded-2xl border bg-card shadow-soft">
            <Link to={paths.product.href(p.id)} className="block focus-visible:outline-2">
              <ProductImage product={p} size={300} className="aspect-square" />
              <div className="p-4">
                <p className="font-semibold leading-snug wrap-anywhere">{p.name}</p>
                <p className="mt-1 text-sm tabular-nums text-muted-foreground">
                  {formatPounds(p.price_pence)}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-2" aria-label="Loading product">
      <Skeleton className="aspect-square rounded-3xl" />
      <div>
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="mt-4 h-10 w-2/3" />
        <Skeleton className="mt-3 h-5 w-full" />
        <Skeleton className="mt-6 h-10 w-40" />
      </div>
    </div>
  );
}
