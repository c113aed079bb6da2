import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { postsQueryOptions, type PostFilters } from '@/lib/api/get-posts';
import { preloadImage, waitBriefly } from '@/lib/route-prefetch';
import { getSession } from '@/lib/platform/storage';

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
