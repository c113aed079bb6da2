import { BellIcon } from 'lucide-react';
import { useState } from 'react';
import { NotificationList } from '@/app/layout/notification-list';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
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

/** The notification overlay (docs/product-rules.md#navigation): the bell, its unread count (polled) and the list. */
export function NotificationsMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <DropdownMenu open={isOpen} onOpenChange={setIsOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <BellIcon className="size-5" aria-hidden />
          <UnreadBadge count={unread} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 p-0">
        {isOpen ? <NotificationList onNavigate={() => setIsOpen(false)} /> : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
