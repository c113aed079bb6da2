import type { Notification } from '@lumiskin/contract/notifications';
import { useNavigate } from 'react-router';
import { EmptyNotifications } from '@/app/layout/empty-notifications';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useNotifications } from '@/lib/api/get-notifications';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '@/lib/api/mark-notifications-read';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * The bell's list (desktop dropdown and mobile menu): newest first, unread ones marked; a click
 * marks it read and opens its place in the app.
 */
export function NotificationList({ onNavigate }: { onNavigate?: () => void }) {
  const list = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();

  if (list.isPending) {
    return (
      <div className="flex justify-center p-4">
        <Spinner aria-label="Loading notifications" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <p className="px-3 py-4 text-center text-sm text-muted-foreground">
        Notifications could not be loaded. They will show when you are back online.
      </p>
    );
  }
  const { notifications, unread } = list.data;
  if (notifications.length === 0) return <EmptyNotifications />;

  const open = (item: Notification) => {
    if (!item.read_at) markRead.mutate(item.id);
    onNavigate?.();
    // Links are paths of this app (the server writes them); anything else is not followed.
    if (item.link.startsWith('/') && !item.link.startsWith('//')) void navigate(item.link);
  };

  return (
    // In the bell's panel (a column as tall as the window allows) the list takes what the header
    // leaves and scrolls; the header stays.
    <div className="flex min-h-0 flex-col">
      <div className="flex shrink-0 items-center justify-between gap-2 border-b px-3 py-2">
        <p className="text-sm font-semibold">
          Notifications{unread > 0 ? <span className="sr-only">, {unread} unread</span> : null}
        </p>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </Button>
      </div>
      <ul className="max-h-96 min-h-0 overflow-y-auto" aria-label="Notifications">
        {notifications.map((item) => (
          <li key={item.id} className="border-b last:border-b-0">
            <button
              type="button"
              onClick={() => open(item)}
              className={cn(
                'flex w-full gap-3 px-3 py-3 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                !item.read_at && 'bg-primary-soft/40',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'mt-1.5 size-2 shrink-0 rounded-full',
                  item.read_at ? 'bg-transparent' : 'bg-primary',
                )}
              />
              {/* A title or step name may hold a long word (staff's and people's own text). */}
              <span className="min-w-0 wrap-anywhere">
                <span className="block text-sm font-medium">
                  {item.title}
                  {!item.read_at ? <span className="sr-only"> (unread)</span> : null}
                </span>
                <span className="block text-sm text-muted-foreground">{item.body}</span>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {formatDateTime(item.created_at)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
