import {
  ArrowRightIcon,
  ScanFaceIcon,
  SparklesIcon,
  TrophyIcon,
  UserRoundIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

const dateFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });

function memberSince(createdAt: string): string | null {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

const nextSteps = [
  {
    to: paths.scan.href,
    icon: ScanFaceIcon,
    title: 'Take a skin scan',
    text: 'One photo in daylight gives you scores for hydration, oiliness, redness and texture.',
  },
  {
    to: paths.profile.href,
    icon: UserRoundIcon,
    title: 'Tell us about your skin',
    text: 'Your skin type and concerns shape the routine Lumiskin suggests.',
  },
  {
    to: paths.quiz.href,
    icon: TrophyIcon,
    title: 'Start a quiz streak',
    text: 'Five quick questions a day, points for each right answer.',
  },
];

export default function DashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const since = memberSince(user.created_at);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Dashboard — Lumiskin</title>
      <section className="relative overflow-hidden rounded-[1.75rem] border bg-card p-6 shadow-soft sm:p-10">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 [background:var(--hero-glow)]"
        />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <Badge variant="accent">
              <SparklesIcon aria-hidden /> Your skin space
            </Badge>
            <h1 className="mt-4 text-h1 font-semibold text-balance">Welcome back, {user.name}</h1>
            {since ? <p className="mt-2 text-muted-foreground">Active since {since}</p> : null}
          </div>
          <Button asChild size="lg">
            <Link to={paths.scan.href}>
              <ScanFaceIcon aria-hidden /> New Scan
            </Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="next-steps" className="mt-10">
        <h2 id="next-steps" className="text-h2 font-semibold">
          Your next steps
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {nextSteps.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Card className="group relative h-full p-6 transition-shadow duration-200 hover:shadow-lift">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 text-h3 font-semibold">
                  <Link
                    to={to}
                    className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-ring"
                  >
                    {title}
                  </Link>
                </h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
                <ArrowRightIcon
                  className="mt-4 size-4 text-primary-text transition-transform duration-200 group-hover:translate-x-1"
                  aria-hidden
                />
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
