import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE, apiBlob } from '@/lib/api/api-client';

/**
 * The scan photo is private: an <img src> cannot send the bearer token, so it is fetched with it
 * and shown from a blob: URL (revoked when the page goes).
 */
async function getPhotoUrl(path: string): Promise<string> {
  const { blob } = await apiBlob(
    path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path,
  );
  return URL.createObjectURL(blob);
}

export function usePhotoUrl(path: string | null | undefined) {
  const query = useQuery({
    queryKey: ['analysis-photo', path],
    queryFn: () => getPhotoUrl(path as string),
    enabled: Boolean(path),
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = query.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return query;
}
