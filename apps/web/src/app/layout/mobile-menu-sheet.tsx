import type { User } from '@lumiskin/contract/auth';
import { BellIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { Avatar } from '@/app/layout/avatar';
import type { NavItem } from '@/app/layout/nav-items';
import { NotificationList } from '@/app/layout/notification-list';
import { useUnreadCount } from '@/lib/api/get-notifications';

const itemClass =
  'flex min-h-12 items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium transition-colors hover:bg-muted aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-soft-foreground [&_svg]:size-5 [&_svg]:text-muted-foreground aria-[current=page]:[&_svg]:text-current';

/**
 * The mobile menu's sheet (docs/product-rules.md#navigation: it adds Profile, the theme toggle, notifications and
 * Sign out). Loaded on first use by `MobileMenu`, which owns the trigger; Radix closes the sheet on
 * Escape and on a click outside, and focus goes back to that trigger.
 */
export default function MobileMenuSheet({
  items,
  user,
  onLogout,
  isOpen,
  setIsOpen,
  triggerRef,
  contentId,
}: {
  items: NavItem[];
  user: User | null;
  onLogout: () => void;
  isOpen: boolean;
  setIsOpen: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  contentId: string;
}) {
  const [showNotifications, setShowNotifications] = useState(false);

  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetContent
        id={contentId}
        closeLabel="Close menu"
        className="p-4 pt-5"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
        // The menu opens on its first place to go (Radix skips links when it picks a control).
        onOpenAutoFocus={(event) => {
          const first = document
            .getElementById(contentId)
            ?.querySelector<HTMLElement>('nav a[href]');
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
      >
        <SheetTitle className="px-3 py-1.5">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation and account</SheetDescription>

        {user ? (
          <div className="mt-4 flex items-center gap-3 rounded-2xl bg-muted/60 p-3">
            <Avatar name={user.name} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{user.name}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
          </div>
        ) : null}

        <nav aria-label="Mobile" className="mt-4">
          <ul className="grid gap-1">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <SheetClose asChild>
                  <NavLink to={to} className={itemClass}>
                    <Icon aria-hidden /> {label}
                  </NavLink>
                </SheetClose>
              </li>
            ))}
            {user ? (
              <li>
                <SheetClose asChild>
                  <NavLink to={paths.profile.href} className={itemClass}>
                    <UserRoundIcon aria-hidden /> Profile
                  </NavLink>
                </SheetClose>
              </li>
            ) : null}
          </ul>
        </nav>

        <div className="mt-4 grid gap-1 border-t pt-4">
          <ThemeToggle
            showText
            className="h-12 justify-start rounded-xl px-3 font-medium [&_svg]:text-muted-foreground"
          />
          {user ? (
            <>
              <Button
                variant="ghost"
                aria-expanded={showNotifications}
                onClick={() => setShowNotifications((v) => !v)}
                className="h-12 justify-start rounded-xl px-3 font-medium [&_svg]:text-muted-foreground"
              >
                <BellIcon className="size-5" aria-hidden /> Notifications
                <MobileUnread />
              </Button>
              {showNotifications ? (
                <div className="rounded-xl border bg-card">
                  <NotificationList onNavigate={() => setIsOpen(false)} />
                </div>
              ) : null}
              <Button
                variant="ghost"
                onClick={() => {
                  setIsOpen(false);
                  onLogout();
                }}
                className={cn(
                  'h-12 justify-start rounded-xl px-3 font-medium text-destructive-soft-foreground hover:bg-destructive-soft dark:text-[#fca5a5]',
                )}
              >
                <LogOutIcon className="size-5" aria-hidden /> Sign out
              </Button>
            </>
          ) : (
            <div className="mt-2 grid gap-2">
              <SheetClose asChild>
                <Button asChild size="lg">
                  <Link to={paths.register.href}>Get Started</Link>
                </Button>
              </SheetClose>
              <SheetClose asChild>
                <Button asChild size="lg" variant="outline">
                  <Link to={paths.login.href}>Sign in</Link>
                </Button>
              </SheetClose>
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** The unread count beside "Notifications" in the mobile menu (signed-in only). */
function MobileUnread() {
  const unread = useUnreadCount().data?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
      {unread > 9 ? '9+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
