import type { PostListResponse } from '@lumiskin/contract/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The newest articles, for the landing page's teasers. */
export const getArticles = (signal?: AbortSignal) =>
  api.get<PostListResponse>('/blog/posts', { signal });

export const articlesQueryOptions = () =>
  queryOptions({
    queryKey: ['landing', 'articles'] as const,
    queryFn: ({ signal }) => getArticles(signal),
    staleTime: 5 * 60_000,
  });

export const useArticles = () => useQuery(articlesQueryOptions());
