import type { SearchResponse } from '@lumiskin/contract/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/search: a few products, articles and quiz categories matching `q`. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) =>
      api.get<SearchResponse>(`/search?q=${encodeURIComponent(q)}`, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** Searches once `q` (already debounced by the caller) has at least two characters. */
export const useSearch = (q: string) =>
  useQuery({ ...searchQueryOptions(q), enabled: q.trim().length >= 2 });
