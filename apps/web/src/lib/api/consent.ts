import type { ConsentStatus } from '@lumiskin/contract/scan';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

const consentKey = ['analysis', 'consent'] as const;

export const getConsent = () => api.get<ConsentStatus>('/analysis/consent');

export const consentQueryOptions = () =>
  queryOptions({ queryKey: consentKey, queryFn: getConsent });

export function useConsent() {
  return useQuery(consentQueryOptions());
}

/**
 * POST /api/analysis/consent: the person agreed, now (server time is recorded), to the text they
 * read: its version. A 409 says the server's text changed meanwhile (an outside service set up):
 * the status is read again, so the dialog shows the new text.
 */
export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) =>
      api.post<ConsentStatus>('/analysis/consent', { accepted: true, version }),
    onSuccess: (status) => queryClient.setQueryData(consentKey, status),
    onError: () => queryClient.invalidateQueries({ queryKey: consentKey }),
  });
}

/**
 * DELETE /api/analysis/consent: the person withdraws it; the next scan asks again. Their scans
 * and photos stay until they delete them (each from its page, or all with the account).
 */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/analysis/consent'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKey }),
  });
}
