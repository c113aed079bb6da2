import { ArrowLeftIcon, CheckCircle2Icon, LockIcon, RotateCwIcon, SwordsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDayMonth } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useChallenges } from '@/features/quiz/api/get-challenges';
import { QuizIcon } from '@/components/quiz-icon';

const formatDay = (day: string) => formatDayMonth(`${day}T00:00:00Z`, { timeZone: 'UTC' });

/** /quiz/challenges: the hub's "Join Challenges" (docs/decisions/006-quiz-challenges.md). */
export default function QuizChallengesRoute() {
  const { data, isPending, isError, refetch } = useChallenges();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Challenges — Lumiskin</title>
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={paths.quiz.href}>
          <ArrowLeftIcon aria-hidden /> Quiz hub
        </Link>
      </Button>
      <header className="mt-4">
        <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
          <SwordsIcon className="size-4" aria-hidden /> Challenges
        </p>
        <h1 className="mt-2 text-h1 font-semibold">This week's challenges</h1>
        <p className="mt-2 text-muted-foreground">
          {data
            ? `${formatDay(data.week_start)} – ${formatDay(data.week_end)} · a new set every Monday`
            : 'A new set every Monday'}
        </p>
      </header>

      {isError ? (
        <Alert variant="destructive" role="alert" className="mt-8 items-center">
          <span className="flex-1">The challenges did not load.</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            <RotateCwIcon aria-hidden /> Retry
          </Button>
        </Alert>
      ) : null}

      <section aria-label="This week's goals" className="mt-8">
        {isPending ? (
          <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-40 rounded-2xl" />
            ))}
          </div>
        ) : data ? (
          <ul className="grid gap-4 md:grid-cols-3">
            {data.challenges.map((c) => (
              <li key={c.id}>
                <Card className={cn('h-full p-5', c.completed && 'border-success/40')}>
                  <div className="flex items-center justify-between gap-2">
                    <h2 className="text-h3 font-semibold">{c.title}</h2>
                    {c.completed ? (
                      <span className="inline-flex items-center gap-1 text-sm font-semibold text-success">
                        <CheckCircle2Icon className="size-4" aria-hidden /> Done
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-muted-foreground">{c.description}</p>
                  <div className="mt-5 flex justify-between text-sm font-medium">
                    <span>Progress</span>
                    <span className="tabular-nums">
                      {c.progress} / {c.target}
                    </span>
                  </div>
                  <Progress
                    className="mt-1.5"
                    value={(c.progress / c.target) * 100}
                    aria-label={`${c.title}: ${c.progress} of ${c.target}`}
                    indicatorClassName={c.completed ? 'bg-success' : undefined}
                  />
                </Card>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="badges-heading" className="mt-12">
        <h2 id="badges-heading" className="text-h2 font-semibold">
          Your badges
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {data
            ? `${data.badges.filter((b) => b.earned).length} of ${data.badges.length} collected`
            : 'Collect them by playing.'}
        </p>
        {isPending ? (
          <Skeleton className="mt-5 h-56 rounded-2xl" />
        ) : data ? (
          <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {data.badges.map((badge) => (
              <li key={badge.badge_id}>
                <Card
                  className={cn(
                    'flex h-full flex-col items-center p-4 text-center wrap-anywhere',
                    !badge.earned && 'bg-muted/50 shadow-none',
                  )}
                >
                  <span
                    className={cn(
                      'inline-flex size-14 items-center justify-center rounded-full',
                      badge.earned
                        ? 'bg-gradient-to-br from-[#7c3aed] to-[#e0603a] text-white shadow-lift'
                        : 'bg-muted text-muted-foreground',
                    )}
                  >
                    {badge.earned ? (
                      <QuizIcon name={badge.icon} className="size-6" />
                    ) : (
                      <LockIcon className="size-5" aria-hidden />
                    )}
                  </span>
                  <h3 className="mt-3 text-sm font-semibold">{badge.badge_name}</h3>
                  <p className="mt-1 text-xs text-muted-foreground">{badge.description}</p>
                  <p className="mt-2 text-xs font-medium">
                    {badge.earned && badge.earned_at ? (
                      <span className="text-success">
                        Earned {formatDay(badge.earned_at.slice(0, 10))}
                      </span>
                    ) : (
                      <span className="text-muted-foreground">Locked</span>
                    )}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
