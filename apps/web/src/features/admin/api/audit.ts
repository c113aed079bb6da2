import { AuditList, type AuditQuery } from '@lumiskin/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, API_BASE, searchOf } from '@/lib/api/api-client';
import { getToken } from '@/lib/platform/storage';

/** GET /api/admin/audit: every admin/moderator write, newest first. */
export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['admin', 'audit', query] as const,
    queryFn: async ({ signal }) =>
      AuditList.parse(await api.get<unknown>(`/admin/audit?${searchOf(query)}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const useAudit = (query: AuditQuery) => useQuery(auditQueryOptions(query));

/** GET /api/admin/audit.csv with the session's token, saved as a file. */
export async function downloadAuditCsv(query: Omit<AuditQuery, 'page' | 'page_size'>) {
  const response = await fetch(`${API_BASE}/admin/audit.csv?${searchOf(query)}`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (!response.ok) throw new Error('The export failed');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit-log.csv';
  link.click();
  URL.revokeObjectURL(url);
}
