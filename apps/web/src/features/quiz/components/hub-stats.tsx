import { streakTier, type QuizStats, type StreakTier } from '@lumiskin/contract/quiz';
import {
  CrownIcon,
  FlameIcon,
  GraduationCapIcon,
  SparklesIcon,
  SproutIcon,
  StarIcon,
  TargetIcon,
  ZapIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber, plural } from '@/lib/format';
import { percent } from './format';
import { Ring } from '@/components/ui/ring';

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

const STREAK_ICONS: Record<StreakTier, { Icon: LucideIcon; label: string; className: string }> = {
  seedling: { Icon: SproutIcon, label: 'a new streak', className: 'text-success' },
  flame: { Icon: FlameIcon, label: 'on fire', className: 'text-[#f97316]' },
  bolt: { Icon: ZapIcon, label: 'a week or more', className: 'text-[#eab308]' },
  star: { Icon: SparklesIcon, label: 'two weeks or more', className: 'text-[#f59e0b]' },
  crown: { Icon: CrownIcon, label: 'a month or more', className: 'text-[#d97706]' },
};

/** The streak's tier (thresholds in docs/product-rules.md#constants) as an icon: it draws the same on every device. */
export function StreakIcon({ days }: { days: number }) {
  const { Icon, label, className } = STREAK_ICONS[streakTier(days)];
  return (
    <Icon
      role="img"
      aria-label={label}
      data-streak-tier={streakTier(days)}
      className={`inline size-6 align-[-0.15em] ${className}`}
    />
  );
}

/** Points, level, day streak (icon by streak, docs/product-rules.md#constants) and accuracy. */
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
          value={formatNumber(stats.total_points)}
          icon={<StarIcon aria-hidden />}
          hint={`${plural(stats.quizzes_completed, 'quiz', 'quizzes')} played`}
        />
      </li>
      <li>
        <StatCard
          label="Level"
          value={stats.level}
          icon={<GraduationCapIcon aria-hidden />}
          hint={`${plural(stats.badges_count, 'badge')} earned`}
        />
      </li>
      <li>
        <StatCard
          label="Day streak"
          value={
            <span>
              {stats.current_streak} <StreakIcon days={stats.current_streak} />
            </span>
          }
          icon={<FlameIcon aria-hidden />}
          hint={
            stats.longest_streak > 0
              ? `Best: ${plural(stats.longest_streak, 'day')}`
              : 'Play today to start one'
          }
        />
      </li>
      <li>
        <StatCard
          label="Accuracy"
          value={percent(stats.accuracy_rate)}
          icon={<TargetIcon aria-hidden />}
          hint={`${plural(stats.questions_answered, 'question')} answered`}
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
      <Ring
        value={stats.progress_to_next_level}
        label={`${percent(stats.progress_to_next_level)} of the way to level ${stats.level + 1}`}
      >
        <span className="text-xs font-medium text-muted-foreground">Level</span>
        <span className="text-3xl leading-none font-semibold">{stats.level}</span>
      </Ring>
      <div className="min-w-0 flex-1 wrap-break-word hyphens-auto">
        <h2 className="text-h3 font-semibold">Level progress</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {plural(toGo, 'point')} to level {stats.level + 1} · {formatNumber(stats.total_points)} /{' '}
          {formatNumber(stats.next_level_points)}
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
