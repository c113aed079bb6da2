import { CONSENT_VERSION, type ConsentStatus } from '@lumiskin/contract/scan';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

const consentKey = ['analysis', 'consent'] as const;

export const getConsent = () => api.get<ConsentStatus>('/analysis/consent');

export const consentQueryOptions = () =>
  queryOptions({ queryKey: consentKey, queryFn: getConsent });

export function useConsent() {
  return useQuery(consentQueryOptions());
}

/** POST /api/analysis/consent: the person agreed, now (server time is recorded). */
export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<ConsentStatus>('/analysis/consent', { accepted: true, version: CONSENT_VERSION }),
    onSuccess: (status) => queryClient.setQueryData(consentKey, status),
  });
}
