import { ShopMessages } from '@lumiskin/contract/messages';
import type { FavoritesResponse } from '@lumiskin/contract/shop';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/use-toast';
import { api, errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/api/auth';
import { getItem, setItem } from '@/lib/platform/storage';

/*
 * Favourite products: per account on the server (/api/shop/favorites), in localStorage for a
 * visitor, merged into the account the first time the shop opens signed in.
 */

const LOCAL_KEY = 'lumiskin_favorites';
const favoritesKey = ['shop', 'favorites'] as const;

const listeners = new Set<() => void>();
let snapshot: string[] | undefined;

/**
 * No favourites: one array, so a visitor with none has the same snapshot in the browser as the
 * server rendered (docs/decisions/013); a different one would make React render again at once.
 */
const NO_FAVORITES: string[] = [];
const noFavorites = () => NO_FAVORITES;

function readLocal(): string[] {
  const ids = parseLocal();
  return ids.length ? ids : NO_FAVORITES;
}

function parseLocal(): string[] {
  try {
    const parsed: unknown = JSON.parse(getItem(LOCAL_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
const getLocal = () => (snapshot ??= readLocal());
function writeLocal(ids: string[]) {
  setItem(LOCAL_KEY, ids.length ? JSON.stringify(ids) : null);
  snapshot = ids;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let merging = false;

export function useFavorites() {
  const queryClient = useQueryClient();
  const isSignedIn = useSession() !== null;
  const local = useSyncExternalStore(subscribe, getLocal, noFavorites);
  const server = useQuery({
    queryKey: favoritesKey,
    queryFn: ({ signal }) => api.get<FavoritesResponse>('/shop/favorites', { signal }),
    enabled: isSignedIn,
  });

  useEffect(() => {
    const pending = getLocal();
    if (!isSignedIn || pending.length === 0 || merging) return;
    merging = true;
    api
      .post<FavoritesResponse>('/shop/favorites/merge', { product_ids: pending })
      .then(async (merged) => {
        writeLocal(NO_FAVORITES);
        // A GET may have been answered before the merge committed: drop it, keep the merge.
        await queryClient.cancelQueries({ queryKey: favoritesKey });
        queryClient.setQueryData(favoritesKey, merged);
      })
      .catch(() => {})
      .finally(() => {
        merging = false;
      });
  }, [isSignedIn, queryClient]);

  const ids = isSignedIn ? (server.data?.product_ids ?? []) : local;

  function toggle(productId: string) {
    const isFavorite = ids.includes(productId);
    toast.success(isFavorite ? ShopMessages.removedFromFavorites : ShopMessages.addedToFavorites);
    if (!isSignedIn) {
      writeLocal(isFavorite ? local.filter((id) => id !== productId) : [...local, productId]);
      return;
    }
    const previous = queryClient.getQueryData<FavoritesResponse>(favoritesKey);
    queryClient.setQueryData<FavoritesResponse>(favoritesKey, {
      product_ids: isFavorite ? ids.filter((id) => id !== productId) : [...ids, productId],
    });
    const request = isFavorite
      ? api.delete<FavoritesResponse>(`/shop/favorites/${encodeURIComponent(productId)}`)
      : api.put<FavoritesResponse>(`/shop/favorites/${encodeURIComponent(productId)}`);
    request.then(
      (saved) => queryClient.setQueryData(favoritesKey, saved),
      (error: unknown) => {
        queryClient.setQueryData(favoritesKey, previous);
        toast.error(errorMessage(error, 'Your favourites could not be saved. Please try again.'));
      },
    );
  }

  return { isFavorite: (productId: string) => ids.includes(productId), toggle };
}
