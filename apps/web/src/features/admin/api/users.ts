import {
  AdminUserDetail as AdminUserDetailSchema,
  AdminUserList,
  type AdminUserDetail,
  type AdminUserListQuery,
} from '@lumiskin/contract/admin';
import type { Role } from '@lumiskin/contract/auth';
import {
  keepPreviousData,
  queryOptions,
  type Query,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, searchOf } from '@/lib/api/api-client';
import { auditQueryOptions } from '@/features/admin/api/audit';

/** GET /api/admin/users: one page of accounts (counts and dates only). */
export const usersQueryOptions = (query: AdminUserListQuery) =>
  queryOptions({
    queryKey: ['admin', 'users', query] as const,
    queryFn: async ({ signal }) =>
      AdminUserList.parse(await api.get<unknown>(`/admin/users?${searchOf(query)}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: AdminUserListQuery) => useQuery(usersQueryOptions(query));

/** A page of the list (`['admin', 'users', query]`), not an account's detail. */
const isUserList = (query: Query) => typeof query.queryKey[2] === 'object';

export type UserAction =
  | { kind: 'role'; id: string; role: Role }
  | { kind: 'suspend' | 'unsuspend' | 'reset-link' | 'sign-out' | 'delete'; id: string };

/** What the toast says once an action on an account is done (the list and the account page). */
export const USER_ACTION_DONE: Record<UserAction['kind'], string> = {
  role: 'Role changed',
  suspend: 'Account suspended; every session was signed out',
  unsuspend: 'Suspension lifted',
  'reset-link': 'Password reset link sent',
  'sign-out': 'Signed out of every device; the account can sign in again',
  delete: 'Account deleted',
};

/** The admin's writes on an account; every one refreshes the list. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => {
      const base = `/admin/users/${encodeURIComponent(action.id)}`;
      switch (action.kind) {
        case 'role':
          return api.put<AdminUserDetail>(`${base}/role`, { role: action.role });
        case 'delete':
          return api.delete<null>(base);
        default:
          return api.post<unknown>(`${base}/${action.kind}`);
      }
    },
    onSuccess: async (_data, action) => {
      if (action.kind === 'delete') {
        // A deleted account's detail is gone: drop it rather than refetch a 404.
        queryClient.removeQueries({ queryKey: userDetailQueryOptions(action.id).queryKey });
        // Out of the cached lists at once: the list opened next showed it until it came back.
        queryClient.setQueriesData<AdminUserList>(
          { queryKey: usersQueryOptions({}).queryKey.slice(0, 2), predicate: isUserList },
          (list) =>
            list?.users.some((listed) => listed.id === action.id)
              ? {
                  ...list,
                  users: list.users.filter((listed) => listed.id !== action.id),
                  total: Math.max(0, list.total - 1),
                }
              : list,
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryOptions({}).queryKey.slice(0, 2) }),
        queryClient.invalidateQueries({ queryKey: auditQueryOptions({}).queryKey.slice(0, 2) }),
      ]);
    },
  });
}

/** GET /api/admin/users/:id: sign-up, last active, scan count and quiz points (no scan data). */
export const userDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'users', 'detail', id] as const,
    queryFn: async ({ signal }) =>
      AdminUserDetailSchema.parse(
        await api.get<unknown>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
      ),
  });

export const useUserDetail = (id: string) => useQuery(userDetailQueryOptions(id));
