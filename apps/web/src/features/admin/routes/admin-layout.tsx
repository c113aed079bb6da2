import { ArrowLeftIcon } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/api/auth';
import { useHideQuickScan } from '@/lib/scan/quick-scan';
import { cn } from '@/lib/utils';

/** The admin area's own frame: its navigation, the staff member's role, and the way back. */
export default function AdminLayout() {
  const { user } = useAuth();
  // Staff at work on content: the shopper's floating Quick Scan would sit over tables and charts.
  useHideQuickScan();
  const isAdmin = user?.role === 'admin';
  const links = [
    { to: paths.admin.href, label: 'Overview', end: true },
    { to: paths.adminUsers.href, label: 'Users' },
    { to: paths.adminProducts.href, label: 'Products' },
    { to: paths.adminArticles.href, label: 'Articles' },
    { to: paths.adminQuiz.href, label: 'Quiz bank', end: true },
    { to: paths.adminQuizCategories.href, label: 'Quiz categories' },
    ...(isAdmin
      ? [
          { to: paths.adminOrders.href, label: 'Orders' },
          { to: paths.adminAudit.href, label: 'Audit log' },
          { to: paths.adminSettings.href, label: 'Settings' },
        ]
      : []),
  ];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 md:flex-row md:gap-8">
      <aside className="md:w-48 md:shrink-0">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Admin area · {user?.role}
        </p>
        <nav aria-label="Admin" className="mt-2 flex gap-1 overflow-x-auto md:flex-col">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end ?? false}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm whitespace-nowrap hover:bg-muted',
                  isActive && 'bg-primary-soft font-semibold text-primary-soft-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <Link
          to={paths.dashboard.href}
          className="mt-3 inline-flex items-center gap-1 text-sm text-primary-text hover:underline"
        >
          <ArrowLeftIcon className="size-4" /> Back to the app
        </Link>
      </aside>
      <section className="min-w-0 flex-1">
        <Outlet />
      </section>
    </div>
  );
}
