import { BellIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export function EmptyNotifications() {
  return (
    <div className="px-3 py-4 text-center">
      <p className="text-sm font-medium">You&rsquo;re all caught up</p>
      <p className="mt-1 text-xs text-muted-foreground">
        Scan reminders and quiz streaks will show up here.
      </p>
    </div>
  );
}

/** The notification overlay of spec §2; nothing sends notifications yet, so it is always empty. */
export function NotificationsMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <BellIcon className="size-5" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <EmptyNotifications />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
