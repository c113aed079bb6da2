import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/users/me: the user with notes, time zone, settings and goals. */
export async function getAccount(signal?: AbortSignal) {
  // The schema loads with the request, not with the page's first script (decision 120).
  const contract = import('@lumiskin/contract/account');
  const body = await api.get<unknown>('/users/me', { signal });
  return (await contract).AccountResponse.parse(body).user;
}

/** The dashboard and the profile read and write the same cached account. */
export const getAccountQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'me'] as const,
    // Kept for offline use like every answer, so /profile opens offline (issue 34). Forms start
    // from it, and a kept copy could be older than the last save: the profile's fields follow the
    // server's answer once it comes, each until the person edits it (ProfileForm, ReminderTime).
    queryFn: ({ signal }) => getAccount(signal),
  });

export function useAccount() {
  return useQuery(getAccountQueryOptions());
}
