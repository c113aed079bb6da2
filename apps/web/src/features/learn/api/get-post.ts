import type { BlogPost } from '@lumiskin/contract/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, shouldRetry } from '@/lib/api/api-client';

/** Reading an article counts nothing; the page's view beacon does (`record-view.ts`). */
export const getPost = (ref: string, signal?: AbortSignal) =>
  api.get<BlogPost>(`/blog/posts/${encodeURIComponent(ref)}`, { signal });

export const postQueryOptions = (slug: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['blog', 'post', signedIn, slug] as const,
    queryFn: ({ signal }) => getPost(slug, signal),
    staleTime: 60_000,
    retry: shouldRetry,
  });

export const usePost = (slug: string, signedIn: boolean) =>
  useQuery(postQueryOptions(slug, signedIn));
