import {
  addToMix,
  decrementInMix,
  isMixComplete,
  mixItemCount,
  mixTotalPence,
  removeFromMix,
  replaceInMix,
  type MixRefusal,
} from '@lumiskin/contract/mix';
import { ShopMessages } from '@lumiskin/contract/messages';
import type {
  MixResponse,
  ProductListResponse,
  ShopProductListItem,
} from '@lumiskin/contract/shop';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/use-toast';
import { api, errorMessage } from '@/lib/api/api-client';
import { getMixQueryOptions } from '@/lib/api/get-mix';
import { shopQueryKey } from '@/lib/api/shop-catalogue';
import { saveMix } from '@/lib/api/save-mix';
import { useSession } from '@/lib/api/auth';
import { getItem, getToken, setItem, subscribeSession } from '@/lib/platform/storage';

/*
 * The mix (docs/product-rules.md#mix), shared by the landing demo, the shop and the profile's
 * Products tab. Signed in, it lives on the server (GET/PUT /api/mix); a visitor's is kept in
 * localStorage and merged into the account once they sign in (POST /api/mix/merge). The rule
 * itself is @lumiskin/contract/mix, the same function the server runs.
 */

/** Every product, for the landing demo and to show a visitor's mix; cached across pages. */
export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: [...shopQueryKey, 'products', {}] as const,
    queryFn: ({ signal }) => api.get<ProductListResponse>('/shop/products', { signal }),
    staleTime: 5 * 60_000,
  });

const mixQueryKey = getMixQueryOptions().queryKey;

const LOCAL_KEY = 'lumiskin_mix';

interface LocalLine {
  product_id: string;
  type: string;
  quantity: number;
}

export interface MixEntry {
  product_id: string;
  type: string;
  quantity: number;
  price_pence: number;
  product: ShopProductListItem | undefined;
}

// ---- the visitor's mix in localStorage ----

const localListeners = new Set<() => void>();
let localSnapshot: LocalLine[] | undefined;

/**
 * An empty mix: one array, so a visitor with no mix has the same snapshot in the browser as the
 * server rendered (docs/decisions/013); a different one would make React render again at once.
 */
const NO_LINES: LocalLine[] = [];
const noLocalLines = () => NO_LINES;

function readLocal(): LocalLine[] {
  const lines = parseLocal();
  return lines.length ? lines : NO_LINES;
}

function parseLocal(): LocalLine[] {
  try {
    const parsed: unknown = JSON.parse(getItem(LOCAL_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (line): line is LocalLine =>
        typeof line === 'object' &&
        line !== null &&
        typeof (line as LocalLine).product_id === 'string' &&
        typeof (line as LocalLine).type === 'string' &&
        Number.isInteger((line as LocalLine).quantity) &&
        (line as LocalLine).quantity > 0,
    );
  } catch {
    return [];
  }
}

function getLocal(): LocalLine[] {
  localSnapshot ??= readLocal();
  return localSnapshot;
}

function writeLocal(lines: LocalLine[]) {
  setItem(LOCAL_KEY, lines.length ? JSON.stringify(lines) : null);
  localSnapshot = lines;
  for (const listener of localListeners) listener();
}

function subscribeLocal(listener: () => void) {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== LOCAL_KEY && event.key !== null) return;
    localSnapshot = undefined;
    for (const listener of localListeners) listener();
  });
}

// ---- merging at sign-in ----

let merging: Promise<void> | null = null;
let knownClient: QueryClient | null = null;

/** Sends a visitor's mix to the account once a session exists; the local copy is then cleared. */
function mergeVisitorMix(queryClient: QueryClient | null) {
  const local = getLocal();
  if (!getToken() || local.length === 0 || merging) return;
  const items = local.map(({ product_id, quantity }) => ({ product_id, quantity }));
  merging = api
    .post<MixResponse>('/mix/merge', { items })
    .then(async (mix) => {
      writeLocal(NO_LINES);
      // A GET /mix may have been answered before the merge committed: drop it, keep the merge.
      await queryClient?.cancelQueries({ queryKey: mixQueryKey });
      queryClient?.setQueryData(mixQueryKey, mix);
      if (mix.skipped?.length) {
        toast.info(
          'Your saved mix already had a base or two boosters, so some items were left out.',
        );
      }
    })
    .catch(() => {
      /* kept locally; tried again next time */
    })
    .finally(() => {
      merging = null;
    });
}

// Signing in anywhere in the app (login, register, another tab) merges right away.
subscribeSession(() => mergeVisitorMix(knownClient));

// ---- the hook ----

/** The mix line of a product from the catalogue. */
const lineOf =
  (product: ShopProductListItem) =>
  (p: { id: string; type: string }): MixEntry => ({
    product_id: p.id,
    type: p.type,
    quantity: 1,
    price_pence: product.price_pence,
    product,
  });

function fromServer(mix: MixResponse | undefined): MixEntry[] {
  return (mix?.items ?? []).map((item) => ({
    product_id: item.product_id,
    type: item.product.type,
    quantity: item.quantity,
    price_pence: item.product.price_pence,
    product: item.product,
  }));
}

/**
 * A refused add, with what the refused product could take the place of (decision 198): the base
 * the mix holds, or its two boosters. Empty when the mix's products are not known by name yet.
 */
export interface MixRefusalOffer extends MixRefusal {
  product: { id: string; name: string };
  replaceable: { id: string; name: string }[];
}

export interface UseMix {
  entries: MixEntry[];
  count: number;
  /** How many different bases and boosters the mix holds (the rule's limits count these). */
  bases: number;
  boosters: number;
  totalPence: number;
  isComplete: boolean;
  isLoading: boolean;
  has(productId: string): boolean;
  quantityOf(productId: string): number;
  /** Adds one (or raises the quantity); returns the refusal when the rule says no. */
  add(product: ShopProductListItem): MixRefusal | null;
  decrement(productId: string): void;
  remove(productId: string): void;
  /** The last refusal, for the dialog; cleared by dismissRefusal or replace. */
  refusal: MixRefusalOffer | null;
  dismissRefusal(): void;
  /** The refused product in the place of `outId` (one of `refusal.replaceable`), in one save. */
  replace(outId: string): void;
}

export function useMix(): UseMix {
  const queryClient = useQueryClient();
  const session = useSession();
  const isSignedIn = session !== null;
  const [refused, setRefused] = useState<{
    refusal: MixRefusalOffer;
    product: ShopProductListItem;
  } | null>(null);

  const local = useSyncExternalStore(subscribeLocal, getLocal, noLocalLines);
  const catalogue = useQuery({ ...catalogueQueryOptions(), enabled: !isSignedIn });
  const server = useQuery({ ...getMixQueryOptions(), enabled: isSignedIn });

  useEffect(() => {
    knownClient = queryClient;
    if (isSignedIn) mergeVisitorMix(queryClient);
  }, [isSignedIn, queryClient]);

  const entries = useMemo<MixEntry[]>(() => {
    if (isSignedIn) return fromServer(server.data);
    const products = new Map((catalogue.data?.products ?? []).map((p) => [p.id, p]));
    return local.map((line) => {
      const product = products.get(line.product_id);
      return { ...line, product, price_pence: product?.price_pence ?? 0 };
    });
  }, [isSignedIn, server.data, catalogue.data, local]);

  const save = useCallback(
    (next: MixEntry[]) => {
      if (!isSignedIn) {
        writeLocal(next.map(({ product_id, type, quantity }) => ({ product_id, type, quantity })));
        return;
      }
      const previous = queryClient.getQueryData<MixResponse>(mixQueryKey);
      const items = next.map(({ product_id, quantity }) => ({ product_id, quantity }));
      const optimistic: MixResponse = {
        items: next.flatMap((e) =>
          e.product ? [{ product_id: e.product_id, quantity: e.quantity, product: e.product }] : [],
        ),
        count: mixItemCount(next),
        total_pence: mixTotalPence(next),
        complete: isMixComplete(next),
      };
      void queryClient.cancelQueries({ queryKey: mixQueryKey });
      queryClient.setQueryData(mixQueryKey, optimistic);
      enqueue(() =>
        saveMix({ items }).then(
          (saved) => {
            if (queryClient.getQueryData(mixQueryKey) === optimistic)
              queryClient.setQueryData(mixQueryKey, saved);
          },
          (error: unknown) => {
            queryClient.setQueryData(mixQueryKey, previous);
            toast.error(errorMessage(error, 'Your mix could not be saved. Please try again.'));
          },
        ),
      );
    },
    [isSignedIn, queryClient],
  );

  const add = useCallback(
    (product: ShopProductListItem) => {
      const result = addToMix(entries, { id: product.id, type: product.type }, lineOf(product));
      if (!result.ok) {
        // What it could take the place of: the same kind (the base, or the boosters).
        const replaceable = entries.flatMap((e) =>
          e.type === product.type && e.product ? [{ id: e.product_id, name: e.product.name }] : [],
        );
        setRefused({
          refusal: {
            ...result.refusal,
            product: { id: product.id, name: product.name },
            replaceable,
          },
          product,
        });
        return result.refusal;
      }
      save(result.lines);
      return null;
    },
    [entries, save],
  );

  const replace = useCallback(
    (outId: string) => {
      if (!refused) return;
      const { product } = refused;
      const out = entries.find((e) => e.product_id === outId);
      setRefused(null);
      const result = replaceInMix(
        entries,
        outId,
        { id: product.id, type: product.type },
        lineOf(product),
      );
      if (!result.ok || !out?.product) return;
      save(result.lines);
      toast.success(ShopMessages.replacedInMix(product.name, out.product.name));
    },
    [entries, refused, save],
  );

  return {
    entries,
    count: mixItemCount(entries),
    bases: entries.filter((e) => e.type === 'base').length,
    boosters: entries.filter((e) => e.type === 'booster').length,
    totalPence: mixTotalPence(entries),
    isComplete: isMixComplete(entries),
    isLoading: isSignedIn ? server.isPending : local.length > 0 && catalogue.isPending,
    has: (id) => entries.some((e) => e.product_id === id),
    quantityOf: (id) => entries.find((e) => e.product_id === id)?.quantity ?? 0,
    add,
    decrement: (id) => save(decrementInMix(entries, id)),
    remove: (id) => save(removeFromMix(entries, id)),
    refusal: refused?.refusal ?? null,
    dismissRefusal: () => setRefused(null),
    replace,
  };
}

/** PUTs run one after another, so an older mix can never overwrite a newer one. */
let queue: Promise<unknown> = Promise.resolve();
function enqueue(task: () => Promise<unknown>) {
  queue = queue.then(task, task);
}
