import { ShopMessages } from '@lumiskin/contract/messages';
import { checkMixAdd, formatPounds, MIX_LIMITS, replaceInMix } from '@lumiskin/contract/mix';
import type { MixResponse, ShopProductListItem } from '@lumiskin/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, PlusIcon, ShoppingBagIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MixRefusalShown } from '@/components/mix-refusal-alert';
import { MixRefusalDialog } from '@/components/mix-refusal-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/api-client';
import { cn } from '@/lib/utils';
import { getMixQueryOptions } from '@/lib/api/get-mix';
import { useSaveMix } from '@/lib/api/save-mix';
import { LoadError } from '@/components/load-error';
import { catalogueQueryOptions } from '@/lib/api/mix';

/** A base or a booster, as the shop serves it (the catalogue lives in the database). */
type Formulation = ShopProductListItem & { type: 'base' | 'booster' };

function FormulationCard({
  item,
  chosen,
  disabled,
  onToggle,
}: {
  item: Formulation;
  chosen: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const action = chosen ? 'Remove' : item.type === 'base' ? 'Choose base' : 'Add booster';
  return (
    <li
      className={cn(
        'flex flex-col rounded-xl border bg-background/60 p-4 wrap-anywhere transition-colors duration-150',
        chosen && 'border-brand bg-primary-soft/50',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{item.name}</h3>
          <p className="text-xs text-muted-foreground capitalize">
            {item.type === 'booster'
              ? `${item.formulation_category} · ${item.time_of_use}`
              : item.formulation_category}
            {' · '}
            {formatPounds(item.price_pence)}
          </p>
        </div>
        {chosen ? (
          <Badge>
            <CheckIcon aria-hidden /> In your mix
          </Badge>
        ) : null}
      </div>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{item.description}</p>
      <p className="mt-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Key ingredients
      </p>
      <ul className="mt-1 flex flex-wrap gap-1">
        {item.key_ingredients.slice(0, 4).map((ing) => (
          <li key={ing} className="rounded-full bg-muted px-2 py-0.5 text-xs">
            {ing}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">
        <span className="font-semibold">Suits:</span> {item.suitable_for.join(', ')}
      </p>
      <Button
        size="sm"
        variant={chosen ? 'outline' : 'soft'}
        className="mt-4 self-start"
        disabled={disabled}
        onClick={onToggle}
        // The visible words first, then which product (WCAG 2.5.3: a voice user says what they see).
        aria-label={`${action} ${item.name}`}
      >
        {chosen ? <XIcon aria-hidden /> : <PlusIcon aria-hidden />}
        {action}
      </Button>
    </li>
  );
}

/**
 * The Products tab (docs/product-rules.md#profile): the three bases (choose one) and six boosters (up to two), saved as the
 * user's mix with PUT /api/mix, the same mix the shop shows. The rule is the contract's.
 */
export function ProductsTab() {
  // The server's mix as it is, not the shop's local view (lib/api/mix): this tab only ever saves it.
  const mix = useQuery(getMixQueryOptions());
  const save = useSaveMix();
  const catalogue = useQuery(catalogueQueryOptions());
  /** A third booster refused, with the two chosen offered to make room (decision 198). */
  const [refused, setRefused] = useState<{ refusal: MixRefusalShown; item: Formulation } | null>(
    null,
  );

  if (mix.isError) return <LoadError what="your mix" onRetry={() => void mix.refetch()} />;
  if (catalogue.isError)
    return <LoadError what="the products" onRetry={() => void catalogue.refetch()} />;
  if (!mix.data || !catalogue.data) return <Skeleton className="h-96" />;
  const formulations = catalogue.data.products.filter(
    (p): p is Formulation => p.type === 'base' || p.type === 'booster',
  );
  const baseProducts = formulations.filter((p) => p.type === 'base');
  const boosterProducts = formulations.filter((p) => p.type === 'booster');

  const lines = mix.data.items.map((i) => ({
    product_id: i.product_id,
    type: i.product.type,
    quantity: i.quantity,
  }));
  const inMix = new Set(lines.map((l) => l.product_id));
  const data: MixResponse = mix.data;

  const persist = (items: { product_id: string; quantity: number }[], done: string) =>
    save.mutate(
      { items },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(errorMessage(error, 'Could not save your mix.')),
      },
    );

  /** `item` in the place of the product `outId`, in one save. */
  const swap = (outId: string, item: Formulation) => {
    const out = data.items.find((i) => i.product_id === outId);
    const swapped = replaceInMix(lines, outId, item, (p) => ({
      product_id: p.id,
      type: p.type,
      quantity: 1,
    }));
    if (!swapped.ok || !out) {
      toast.error(swapped.ok ? 'Could not save your mix.' : swapped.refusal.message);
      return;
    }
    persist(
      swapped.lines.map(({ product_id, quantity }) => ({ product_id, quantity })),
      ShopMessages.replacedInMix(item.name, out.product.name),
    );
  };

  const toggle = (item: Formulation) => {
    const items = lines.map(({ product_id, quantity }) => ({ product_id, quantity }));
    if (inMix.has(item.id)) {
      persist(
        items.filter((l) => l.product_id !== item.id),
        `${item.name} removed from your mix`,
      );
      return;
    }
    const refusal = checkMixAdd(lines, { id: item.id, type: item.type });
    // "Choose one": choosing another base puts it in the chosen one's place (decision 198).
    const base = data.items.find((i) => i.product.type === 'base');
    if (refusal?.code === 'second_base' && base) {
      swap(base.product_id, item);
      return;
    }
    if (refusal) {
      // Which booster makes room is the person's choice: the dialog offers each.
      const replaceable = data.items
        .filter((i) => i.product.type === item.type)
        .map((i) => ({ id: i.product_id, name: i.product.name }));
      setRefused({ refusal: { ...refusal, product: { name: item.name }, replaceable }, item });
      return;
    }
    persist([...items, { product_id: item.id, quantity: 1 }], `${item.name} added to your mix`);
  };

  const { bases, boosters } = {
    bases: lines.filter((l) => l.type === 'base').length,
    boosters: lines.filter((l) => l.type === 'booster').length,
  };
  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-muted/70 p-4">
        <p className="text-sm">
          <span className="font-semibold">Your mix:</span> {bases}/{MIX_LIMITS.bases} base ·{' '}
          {boosters}/{MIX_LIMITS.boosters} boosters · {formatPounds(data.total_pence)}
        </p>
        <Button asChild size="sm" variant="outline">
          <Link to={paths.shop.href}>
            <ShoppingBagIcon aria-hidden /> See it in the shop
          </Link>
        </Button>
      </div>
      <section aria-labelledby="bases-title">
        <h2 id="bases-title" className="text-h3 font-semibold">
          Base products
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Choose one: it carries every routine.</p>
        <ul className="mt-4 grid gap-3 md:grid-cols-3">
          {baseProducts.map((base) => (
            <FormulationCard
              key={base.id}
              item={base}
              chosen={inMix.has(base.id)}
              disabled={save.isPending}
              onToggle={() => toggle(base)}
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="boosters-title">
        <h2 id="boosters-title" className="text-h3 font-semibold">
          Boosters
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Add up to two per routine, each aimed at one concern.
        </p>
        <ul className="mt-4 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          {boosterProducts.map((booster) => (
            <FormulationCard
              key={booster.id}
              item={booster}
              chosen={inMix.has(booster.id)}
              disabled={save.isPending}
              onToggle={() => toggle(booster)}
            />
          ))}
        </ul>
      </section>
      <MixRefusalDialog
        refusal={refused?.refusal ?? null}
        onClose={() => setRefused(null)}
        onReplace={(outId) => {
          if (refused) swap(outId, refused.item);
          setRefused(null);
        }}
      />
    </div>
  );
}
