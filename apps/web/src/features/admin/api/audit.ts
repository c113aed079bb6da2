import { AuditList, type AuditQuery } from '@lumiskin/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiBlob, searchOf } from '@/lib/api/api-client';
import { attachmentName, downloadFile } from '@/lib/platform/download';

/** GET /api/admin/audit: every admin/moderator write, newest first. */
export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['admin', 'audit', query] as const,
    queryFn: async ({ signal }) =>
      AuditList.parse(await api.get<unknown>(`/admin/audit?${searchOf(query)}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const useAudit = (query: AuditQuery) => useQuery(auditQueryOptions(query));

/**
 * GET /api/admin/audit.csv with the session's token, saved as a file (in the document, and its
 * URL kept a moment: Firefox ignores a detached link's click and a URL revoked at once). A
 * refusal is thrown with the server's sentence; a 401 signs out as any call does.
 */
export async function downloadAuditCsv(query: Omit<AuditQuery, 'page' | 'page_size'>) {
  const { blob, headers } = await apiBlob(`/admin/audit.csv?${searchOf(query)}`);
  downloadFile(attachmentName(headers, 'audit-log.csv'), 'text/csv', blob);
}
