import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/api/auth';
import { cn } from '@/lib/utils';

function columnsFor(isSignedIn: boolean) {
  return [
    {
      title: 'Product',
      links: [
        { to: paths.scan.href, label: 'AI Skin Analysis' },
        { to: paths.shop.href, label: 'Shop' },
        { to: paths.quiz.href, label: 'Quiz & Games' },
        { to: paths.download.href, label: 'Mobile App' },
      ],
    },
    {
      title: 'You',
      links: isSignedIn
        ? [
            { to: paths.dashboard.href, label: 'Dashboard' },
            { to: paths.profile.href, label: 'Profile' },
            { to: paths.learn.href, label: 'Learn & Glow' },
          ]
        : [
            { to: paths.register.href, label: 'Create an account' },
            { to: paths.login.href, label: 'Sign in' },
            { to: paths.learn.href, label: 'Learn & Glow' },
          ],
    },
    {
      title: 'Legal',
      links: [
        { to: paths.terms.href, label: 'Terms of Service' },
        { to: paths.privacy.href, label: 'Privacy Policy' },
      ],
    },
  ];
}

export function Footer({ className }: { className?: string | undefined }) {
  const columns = columnsFor(useSession() !== null);
  return (
    <footer className={cn('border-t bg-card/60 print:hidden', className)}>
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="col-span-2 sm:col-span-3 md:col-span-1">
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted-foreground">
            Skincare that learns you. Scan, understand and care for your skin with a routine made
            for it.
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 grid gap-1">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-9 items-center text-sm text-muted-foreground transition-colors hover:text-foreground"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        {/* The year is the server's on a server-rendered page; a browser across New Year may differ. */}
        <p
          suppressHydrationWarning
          className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6"
        >
          © {new Date().getFullYear()} Lumiskin. Not medical advice — see a dermatologist for skin
          conditions.
        </p>
      </div>
    </footer>
  );
}
