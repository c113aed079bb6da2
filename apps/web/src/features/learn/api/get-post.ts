import type { BlogPost } from '@lumiskin/contract/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';

/** Opening an article counts a view on the server (once per visitor per day). */
export const getPost = (ref: string, signal?: AbortSignal) =>
  api.get<BlogPost>(`/blog/posts/${encodeURIComponent(ref)}`, { signal });

export const postQueryOptions = (slug: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['blog', 'post', signedIn, slug] as const,
    queryFn: ({ signal }) => getPost(slug, signal),
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });

export const usePost = (slug: string, signedIn: boolean) =>
  useQuery(postQueryOptions(slug, signedIn));
