import type { MeResponse, User } from '@lumiskin/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, shouldRetry } from '@/lib/api/api-client';
import { getSession, saveUser, subscribeSession, type Session } from '@/lib/platform/storage';
import { isUser } from '@/lib/user';

/** What the server renders, and what hydration starts from: a visitor (docs/decisions/013). */
const visitorSession = (): Session | null => null;

/** The stored session (token + user), re-rendering when it changes in this tab or another. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, visitorSession);
}

export const meQueryKey = ['auth', 'me'] as const;

export async function getMe(): Promise<User> {
  const { user } = await api.get<Partial<MeResponse>>('/auth/me');
  if (!isUser(user)) throw new Error('GET /api/auth/me answered without a user');
  saveUser(user);
  return user;
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 60_000,
    // A 401 already ended the session; retrying would only repeat it.
    retry: shouldRetry,
  });
}

export type SessionStatus = 'signed-out' | 'loading' | 'signed-in';

/**
 * The session as the guards see it: signed out without stored keys; loading until the stored
 * token has been checked once with GET /api/auth/me; then signed in. When the server cannot be
 * reached (offline PWA) the stored user is trusted; a 401 clears the session instead.
 */
export function useAuth(): { status: SessionStatus; user: User | null } {
  const session = useSession();
  const me = useQuery({ ...meQueryOptions(), enabled: session !== null });
  if (!session) return { status: 'signed-out', user: null };
  if (me.isPending) return { status: 'loading', user: session.user };
  return { status: 'signed-in', user: me.data ?? session.user };
}
