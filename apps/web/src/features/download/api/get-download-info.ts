import { AppDownloadInfo } from '@lumiskin/contract/download';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/app/download: whether a built Android app is on this server, and which. */
export async function getDownloadInfo(signal?: AbortSignal) {
  return AppDownloadInfo.parse(await api.get<unknown>('/app/download', { signal }));
}

export const getDownloadInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['app', 'download'] as const,
    queryFn: ({ signal }) => getDownloadInfo(signal),
  });

export function useDownloadInfo() {
  return useQuery(getDownloadInfoQueryOptions());
}
