import type { PostListResponse } from '@lumiskin/contract/blog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/blog/posts: the one fetcher and query of the article list (learn page, landing teasers). */

export interface PostFilters {
  q: string;
  category: string;
  saved: boolean;
}

/** No search, all topics, not only the reading list: the newest articles. */
export const ALL_POSTS: PostFilters = { q: '', category: '', saved: false };

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

/**
 * The landing page's teasers: the newest articles, the same for every visitor (the server renders
 * the page for a visitor, and the browser hydrates it with that answer), so the signed-out entry of
 * the one query, kept for five minutes.
 */
export const landingPostsQueryOptions = () =>
  queryOptions({ ...postsQueryOptions(ALL_POSTS, false), staleTime: 5 * 60_000 });
