import { lazy, useSyncExternalStore } from 'react';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/api/auth';
import { useLogout } from '@/features/auth/api/logout';
import { MobileMenu } from '@/app/layout/mobile-menu';
import { NavSearch } from '@/app/layout/nav-search';
import { memberNavItems, publicNavItems } from '@/app/layout/nav-items';
import { isNativeApp } from '@/lib/platform/install-prompt';

/**
 * The account and notification menus (wide screens): asked for once the page has painted. Asking
 * during the first render made the router's preload helper add ~20 <link>s in the middle of it,
 * before a signed-in page's first paint (decision 040).
 */
const MemberMenus = lazy(() => import('@/app/layout/member-menus'));
const MENUS_PLACEHOLDER = <span aria-hidden className="block h-11 w-11 lg:w-[5.75rem]" />;

const linkClass =
  'relative inline-flex min-h-10 items-center rounded-full px-3 py-1 text-center text-sm leading-tight font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-soft-foreground';

/** The server renders the web's navigation; the app's shows once hydrated. */
const noSubscription = () => () => {};
const notInApp = () => false;

export function Navbar() {
  const { user } = useAuth();
  const logout = useLogout();
  // Inside the Android app "Mobile App" (the download page) has nothing to offer.
  const isInApp = useSyncExternalStore(noSubscription, isNativeApp, notInApp);
  const shown = isInApp
    ? publicNavItems.filter((i) => i.to !== paths.download.href)
    : publicNavItems;
  const items = user ? [...memberNavItems, ...shown] : shown;
  const onLogout = () => logout.mutate();

  return (
    <header
      data-app-header
      className="sticky top-0 z-40 print:hidden border-b border-border/70 bg-background/80 backdrop-blur-lg supports-[backdrop-filter]:bg-background/70 reduced-transparency:bg-background reduced-transparency:backdrop-blur-none"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link
          to={user ? paths.dashboard.href : paths.home.href}
          aria-label="Lumiskin home"
          className="-ml-1 rounded-lg p-1"
        >
          {/* Below 400 px the mark alone: the name and the header's buttons do not fit beside it. */}
          <Logo wordmarkClassName="max-[399px]:sr-only" />
        </Link>

        <nav aria-label="Main" className="ml-2 hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {items.map(({ to, label }) => (
              <li key={to}>
                <NavLink to={to} className={linkClass}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <NavSearch />
          <ThemeToggle className="hidden lg:inline-flex" />
          {user ? (
            <div className="flex items-center gap-1">
              {/* Same footprint while the menus load, so nothing moves. */}
              <AfterFirstPaint fallback={MENUS_PLACEHOLDER}>
                <MemberMenus user={user} onLogout={onLogout} />
              </AfterFirstPaint>
            </div>
          ) : (
            <>
              <Button asChild variant="ghost" className="hidden lg:inline-flex" data-visitor-only>
                <Link to={paths.login.href}>Sign in</Link>
              </Button>
              {/* Also in the phone's menu: it gives way where the reader's large text leaves it no
                  room (a window under 20 times their text's size), not at a width in pixels. */}
              <Button asChild size="sm" className="h-10 px-4 max-[20rem]:hidden" data-visitor-only>
                <Link to={paths.register.href}>Get Started</Link>
              </Button>
            </>
          )}
          <MobileMenu items={items} user={user} onLogout={onLogout} />
        </div>
      </div>
    </header>
  );
}
