import { BellIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { NotificationList } from '@/app/layout/notification-list';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useUnreadCount } from '@/lib/api/get-notifications';

/** The unread count on the bell: a number up to 9, then "9+". */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground"
    >
      {count > 9 ? '9+' : count}
    </span>
  );
}

/**
 * The notification overlay (docs/product-rules.md#navigation): the bell, its unread count (polled)
 * and the list. A popover, not a menu: its "Mark all read" and its notifications are buttons that
 * Tab reaches (a menu only moves between menu items, and left a keyboard no way into the list).
 */
export function NotificationsMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const unread = useUnreadCount().data?.unread ?? 0;
  // A notification followed takes the person to its place, which takes the focus (the routine
  // card): the panel closing does not hand it back to the bell.
  const followed = useRef(false);
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <BellIcon className="size-5" aria-hidden />
          <UnreadBadge count={unread} />
        </Button>
      </PopoverTrigger>
      {/* 20 rem, or the window less the 8 px the panel keeps from each edge (a 320 px phone). */}
      <PopoverContent
        align="end"
        aria-label="Notifications"
        className="flex w-[min(20rem,calc(100vw-1rem))] flex-col"
        onCloseAutoFocus={(event) => {
          if (!followed.current) return;
          followed.current = false;
          event.preventDefault();
        }}
      >
        {isOpen ? (
          <NotificationList
            onNavigate={() => {
              followed.current = true;
              setIsOpen(false);
            }}
          />
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
