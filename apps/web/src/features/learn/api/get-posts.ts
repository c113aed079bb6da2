import type { PostListResponse } from '@lumiskin/contract/blog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
