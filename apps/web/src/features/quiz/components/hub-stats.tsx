import { streakEmoji, type QuizStats } from '@lumiskin/contract/quiz';
import { FlameIcon, GraduationCapIcon, StarIcon, TargetIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { percent } from './format';
import { ProgressRing } from './progress-ring';

function StatCard({
  label,
  value,
  icon,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  hint?: string;
}) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="inline-flex size-9 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
          {icon}
        </span>
      </div>
      <p data-slot="stat-value" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {value}
      </p>
      {hint ? <p className="-mt-2 text-xs leading-snug text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

/** Points, level, day streak (emoji by streak, spec §9) and accuracy. */
export function StatCards({ stats }: { stats: QuizStats | undefined }) {
  if (!stats) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[7.5rem] rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 [&>li]:h-full"
      aria-label="Your quiz stats"
    >
      <li>
        <StatCard
          label="Points"
          value={stats.total_points.toLocaleString('en-GB')}
          icon={<StarIcon aria-hidden />}
          hint={`${stats.quizzes_completed} ${stats.quizzes_completed === 1 ? 'quiz' : 'quizzes'} played`}
        />
      </li>
      <li>
        <StatCard
          label="Level"
          value={stats.level}
          icon={<GraduationCapIcon aria-hidden />}
          hint={`${stats.badges_count} ${stats.badges_count === 1 ? 'badge' : 'badges'} earned`}
        />
      </li>
      <li>
        <StatCard
          label="Day streak"
          value={
            <span>
              {stats.current_streak}{' '}
              <span role="img" aria-label="streak">
                {streakEmoji(stats.current_streak)}
              </span>
            </span>
          }
          icon={<FlameIcon aria-hidden />}
          hint={
            stats.longest_streak > 0
              ? `Best: ${stats.longest_streak} days`
              : 'Play today to start one'
          }
        />
      </li>
      <li>
        <StatCard
          label="Accuracy"
          value={percent(stats.accuracy_rate)}
          icon={<TargetIcon aria-hidden />}
          hint={`${stats.questions_answered} questions answered`}
        />
      </li>
    </ul>
  );
}

/** The ring to the next level, with the rank or 'Unranked'. */
export function LevelProgress({ stats }: { stats: QuizStats | undefined }) {
  if (!stats) return <Skeleton className="h-40 rounded-2xl" />;
  const toGo = stats.next_level_points - stats.total_points;
  return (
    <Card className="flex items-center gap-5 p-5 sm:gap-6 sm:p-6">
      <ProgressRing
        value={stats.progress_to_next_level}
        label={`${percent(stats.progress_to_next_level)} of the way to level ${stats.level + 1}`}
      >
        <span className="text-xs font-medium text-muted-foreground">Level</span>
        <span className="text-3xl leading-none font-semibold">{stats.level}</span>
      </ProgressRing>
      <div className="min-w-0 flex-1">
        <h2 className="text-h3 font-semibold">Level progress</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {toGo} points to level {stats.level + 1} · {stats.total_points} /{' '}
          {stats.next_level_points}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-accent-soft px-3 py-1 font-semibold text-accent-soft-foreground">
            {stats.rank ? `Rank #${stats.rank}` : 'Unranked'}
          </span>
          <span className="text-muted-foreground">
            {stats.rank ? 'on the leaderboard' : 'Earn points to join the leaderboard'}
          </span>
        </div>
      </div>
    </Card>
  );
}
