import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/app/download: whether a built Android app is on this server, and which. */
export async function getDownloadInfo(signal?: AbortSignal) {
  // The schema (and zod) loads with the request, not with the page (decision 120).
  const contract = import('@lumiskin/contract/download');
  const body = await api.get<unknown>('/app/download', { signal });
  return (await contract).AppDownloadInfo.parse(body);
}

export const getDownloadInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['app', 'download'] as const,
    queryFn: ({ signal }) => getDownloadInfo(signal),
  });

export function useDownloadInfo() {
  return useQuery(getDownloadInfoQueryOptions());
}
