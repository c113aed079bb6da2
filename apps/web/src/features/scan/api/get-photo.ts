import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '@/lib/api/api-client';
import { getToken } from '@/lib/platform/storage';

/**
 * The scan photo is private: an <img src> cannot send the bearer token, so it is fetched with it
 * and shown from a blob: URL (revoked when the page goes).
 */
async function getPhotoUrl(path: string): Promise<string> {
  const token = getToken();
  const response = await fetch(path.startsWith('/api') ? path : `${API_BASE}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`photo answered ${response.status}`);
  return URL.createObjectURL(await response.blob());
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
