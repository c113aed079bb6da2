import type { MarkAllReadResponse, Notification } from '@lumiskin/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import {
  getNotificationsQueryOptions,
  getUnreadCountQueryOptions,
} from '@/lib/api/get-notifications';

/** POST /api/notifications/{id}/read. */
export async function markNotificationRead(id: string) {
  const { notification } = await api.post<{ notification: Notification }>(
    `/notifications/${encodeURIComponent(id)}/read`,
  );
  return notification;
}

/** POST /api/notifications/read-all. */
export async function markAllNotificationsRead() {
  return api.post<MarkAllReadResponse>('/notifications/read-all');
}

function useRefreshBell() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions().queryKey }),
    ]);
}

export function useMarkNotificationRead() {
  const refresh = useRefreshBell();
  return useMutation({ mutationFn: markNotificationRead, onSuccess: refresh });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefreshBell();
  return useMutation({ mutationFn: markAllNotificationsRead, onSuccess: refresh });
}
