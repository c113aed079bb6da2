import type { SiteSettings } from '@lumiskin/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/**
 * GET /api/settings: the announcement banner and the sign-up and scan switches an admin sets.
 * Every page shows the banner, the register page the sign-up switch; the admin settings screen
 * refreshes it after a change.
 */
export const getSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'] as const,
    queryFn: ({ signal }) => api.get<SiteSettings>('/settings', { signal }),
    staleTime: 60_000,
  });

export const useSiteSettings = () => useQuery(getSettingsQueryOptions());
