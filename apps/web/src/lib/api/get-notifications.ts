import { NotificationList, UnreadCount } from '@lumiskin/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** How often the bell asks for news while the app is open (and the tab visible). */
export const BELL_POLL_MS = 60_000;
const PAGE_SIZE = 20;

/** GET /api/notifications: the newest page (the bell shows the latest 20). */
export async function getNotifications(signal?: AbortSignal) {
  return NotificationList.parse(
    await api.get<unknown>(`/notifications?page=1&page_size=${PAGE_SIZE}`, { signal }),
  );
}

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'list'] as const,
    queryFn: ({ signal }) => getNotifications(signal),
  });

/** GET /api/notifications/unread-count: the badge, polled every minute while the app is open. */
export async function getUnreadCount(signal?: AbortSignal) {
  return UnreadCount.parse(await api.get<unknown>('/notifications/unread-count', { signal }));
}

export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'] as const,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: BELL_POLL_MS,
    staleTime: BELL_POLL_MS / 2,
  });

export function useUnreadCount(enabled = true) {
  return useQuery({ ...getUnreadCountQueryOptions(), enabled });
}

export function useNotifications(enabled: boolean) {
  return useQuery({ ...getNotificationsQueryOptions(), enabled });
}
