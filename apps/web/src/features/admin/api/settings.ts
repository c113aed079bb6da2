import { AdminSettings, type UpdateSettingsBody } from '@lumiskin/contract/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getSettingsQueryOptions } from '@/lib/api/get-settings';

/** GET /api/admin/settings (admin): the settings with who changed each and when. */
export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings'] as const,
    queryFn: async ({ signal }) =>
      AdminSettings.parse(await api.get<unknown>('/admin/settings', { signal })),
  });

export const useAdminSettings = () => useQuery(adminSettingsQueryOptions());

/** PUT /api/admin/settings; the public copy (banner, register page) refreshes with it. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateSettingsBody) =>
      AdminSettings.parse(await api.put<unknown>('/admin/settings', body)),
    onSuccess: (saved) => queryClient.setQueryData(adminSettingsQueryOptions().queryKey, saved),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminSettingsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getSettingsQueryOptions().queryKey }),
      ]),
  });
}
