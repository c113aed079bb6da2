import type { PostListResponse } from '@lumiskin/contract/blog';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { api } from '@/lib/api-client';
import { preloadImage, waitBriefly } from '@/lib/route-prefetch';
import { getSession } from '@/lib/storage';

export interface PostFilters {
  q: string;
  category: string;
  saved: boolean;
}

export function getPosts(filters: PostFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.saved) params.set('saved', 'true');
  const query = params.toString();
  return api.get<PostListResponse>(`/blog/posts${query ? `?${query}` : ''}`, { signal });
}

export const postsQueryOptions = (filters: PostFilters, signedIn: boolean) =>
  queryOptions({
    // Per-user flags (liked, saved) are in the answer: the session is part of the key.
    queryKey: ['blog', 'posts', signedIn, filters] as const,
    queryFn: ({ signal }) => getPosts(filters, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const usePosts = (filters: PostFilters, signedIn: boolean) =>
  useQuery(postsQueryOptions(filters, signedIn));

/** The filters the learn page reads from its URL; the reading list only for a signed-in reader. */
export function postFiltersFrom(params: URLSearchParams, signedIn: boolean): PostFilters {
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    saved: signedIn && params.get('saved') === 'true',
  };
}

/**
 * Route loader: asks for the articles as the navigation starts, in parallel with the page's chunk,
 * instead of after the page has rendered. It waits for the answer only briefly (see
 * lib/route-prefetch); the page's own query (same options) picks up the request.
 */
export const postsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const signedIn = getSession() !== null;
    const filters = postFiltersFrom(new URL(request.url).searchParams, signedIn);
    const options = postsQueryOptions(filters, signedIn);
    const prefetch = queryClient.prefetchQuery(options).then(() => {
      // The first card's image is the largest paint on a phone: the first featured post's, when
      // the page shows featured posts (no search, all topics), else the first post's.
      const posts = queryClient.getQueryData(options.queryKey)?.posts ?? [];
      const isFiltered = filters.q !== '' || filters.category !== '' || filters.saved;
      const first = (isFiltered ? undefined : posts.find((p) => p.featured)) ?? posts[0];
      preloadImage(first?.image);
    });
    await waitBriefly(prefetch);
    return null;
  };
