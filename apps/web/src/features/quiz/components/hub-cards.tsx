import {
  DAILY_CHALLENGE,
  POINTS_PER_RIGHT_ANSWER,
  QUIZ_DIFFICULTIES,
  type LeaderboardEntry,
  type QuizCategory,
  type QuizStats,
} from '@lumiskin/contract/quiz';
import {
  ArrowRightIcon,
  AwardIcon,
  CalendarCheckIcon,
  CheckCircle2Icon,
  ClockIcon,
  LightbulbIcon,
  Share2Icon,
  SwordsIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { DIFFICULTY_LABEL, percent } from './format';
import { QuizIcon } from '@/components/quiz-icon';
import { formatNumber, plural } from '@/lib/format';

export function DailyChallengeCard({ status }: { status: 'loading' | 'available' | 'completed' }) {
  const completed = status === 'completed';
  return (
    <Card className="relative overflow-hidden border-transparent bg-gradient-to-br from-[#6d28d9] via-[#7c3aed] to-[#9333ea] p-6 text-white shadow-lift sm:p-8 dark:from-[#4c1d95] dark:via-[#5b21b6] dark:to-[#7e22ce]">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-16 -right-10 size-56 rounded-full bg-white/10"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-20 left-1/3 size-48 rounded-full bg-[#fdba9a]/20"
      />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1.5 text-sm font-semibold tracking-wide text-white uppercase">
              <CalendarCheckIcon className="size-4" aria-hidden /> Daily Challenge
            </span>
            {status === 'loading' ? null : (
              <span
                className={cn(
                  'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  completed ? 'bg-white text-[#5b21b6]' : 'bg-[#fdeee7] text-[#9a3b1e]',
                )}
              >
                {completed ? 'Completed' : 'Available'}
              </span>
            )}
          </div>
          <h2 className="mt-3 text-h2 font-semibold text-balance">
            {completed ? 'Done for today\u00a0— lovely work' : "Today's five questions are ready"}
          </h2>
          <p className="mt-2 max-w-xl text-white">
            {DAILY_CHALLENGE.questions} questions · about {DAILY_CHALLENGE.minutes} minutes ·{' '}
            {DAILY_CHALLENGE.pointsPerRightAnswer.min}–{DAILY_CHALLENGE.pointsPerRightAnswer.max}{' '}
            points a right answer ({DAILY_CHALLENGE.minPoints}–{DAILY_CHALLENGE.maxPoints} for all
            five), plus a streak bonus of up to {DAILY_CHALLENGE.maxStreakBonus}.
          </p>
        </div>
        {completed ? (
          <Button size="lg" disabled className="bg-white/90 text-[#5b21b6] shadow-none">
            <CheckCircle2Icon aria-hidden /> Come back tomorrow
          </Button>
        ) : (
          <Button
            asChild
            size="lg"
            className="bg-white text-[#5b21b6] shadow-none hover:bg-white/90"
          >
            <Link to={paths.quizPlay.href('daily')}>
              Start Quiz <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
        )}
      </div>
    </Card>
  );
}

/** The one points scale, shown before anyone plays (docs/quiz-rules.md#points). */
export function PointsScale({ className }: { className?: string }) {
  return (
    <section
      aria-labelledby="points-scale-heading"
      className={cn('rounded-2xl border bg-card p-4 sm:p-5', className)}
    >
      <h2 id="points-scale-heading" className="text-sm font-semibold">
        How points work
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A right answer earns the same in the daily challenge and in every category:
      </p>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Points a right answer">
        {QUIZ_DIFFICULTIES.map((d) => (
          <li
            key={d}
            className="rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary-soft-foreground"
          >
            {DIFFICULTY_LABEL[d]}: {plural(POINTS_PER_RIGHT_ANSWER[d], 'point')}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs leading-relaxed text-muted-foreground">
        The daily adds a streak bonus (10 a day in a row, up to {DAILY_CHALLENGE.maxStreakBonus}).
        In a category, a question pays the first time you answer it right, so replays teach without
        farming points. You see right or wrong, and why, after each answer.
      </p>
    </section>
  );
}

export function CategoryCard({ category }: { category: QuizCategory }) {
  const { completion_rate: completion, badge_earned: badgeEarned } = category.user_progress;
  return (
    <Card className="group flex h-full flex-col p-5 wrap-anywhere transition-shadow duration-200 hover:shadow-lift">
      <div className="flex items-start gap-4">
        <span
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl text-white shadow-soft"
          style={{ backgroundColor: category.color }}
        >
          <QuizIcon name={category.icon} className="size-6" />
        </span>
        <div className="min-w-0">
          <h3 className="text-h3 font-semibold">{category.name}</h3>
          <p className="text-sm text-muted-foreground">
            {plural(category.total_questions, 'question')}
          </p>
        </div>
      </div>
      <p className="mt-3 flex-1 text-sm leading-relaxed text-muted-foreground">
        {category.description}
      </p>
      <div className="mt-4">
        <div className="mb-1.5 flex justify-between text-xs font-medium">
          <span>Progress</span>
          <span>{percent(completion)}</span>
        </div>
        <Progress
          value={completion * 100}
          aria-label={`${category.name} progress`}
          indicatorClassName="bg-[var(--cat)]"
          style={{ ['--cat' as string]: category.color }}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <ClockIcon className="size-3.5" aria-hidden /> {category.estimated_time} min
        </span>
        <span className="inline-flex items-center gap-1">
          <AwardIcon className="size-3.5" aria-hidden />
          <span>
            Badge: <span className="font-semibold text-foreground">{category.badge_reward}</span>
            {badgeEarned ? ' (earned)' : ''}
          </span>
        </span>
      </div>
      <Button asChild variant="outline" className="mt-5 w-full">
        <Link
          to={paths.quizCategory.href('category', category.id)}
          aria-label={`Start ${category.name}`}
        >
          Start <ArrowRightIcon aria-hidden />
        </Link>
      </Button>
    </Card>
  );
}

export function CategoryGridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-72 rounded-2xl" />
      ))}
    </div>
  );
}

/** Gold, silver and bronze discs for the top three ranks (text stays readable in both themes). */
const PODIUM = [
  'bg-[#f6d365] text-[#5c3d00]',
  'bg-[#d9dde3] text-[#33383f]',
  'bg-[#e7b48a] text-[#4a2a10]',
];

export function TopLearners({
  entries,
  isLoading,
  isError,
  onRetry,
}: {
  entries: LeaderboardEntry[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-h3 font-semibold">
        <UsersRoundIcon className="size-5 text-primary-text" aria-hidden /> Top Learners
      </h2>
      {isLoading ? (
        <div className="mt-4 space-y-3" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : isError ? (
        <div className="mt-4 text-sm text-muted-foreground">
          The leaderboard did not load.{' '}
          <Button variant="link" className="h-auto p-0" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : !entries || entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">
          Nobody has points yet. Finish a quiz and you will top the board.
        </p>
      ) : (
        <ol className="mt-4 space-y-1.5">
          {entries.map((entry) => (
            <li
              key={entry.user_id}
              className={cn(
                'flex items-center gap-3 rounded-xl px-2.5 py-2',
                entry.is_current_user && 'bg-primary-soft text-primary-soft-foreground',
              )}
            >
              <span
                className={cn(
                  'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
                  PODIUM[entry.rank - 1] ?? 'bg-muted text-muted-foreground',
                )}
              >
                <span className="sr-only">Rank </span>
                {entry.rank}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium wrap-anywhere">
                  {entry.username}
                  {entry.is_current_user ? ' (you)' : ''}
                </span>
                <span className="block text-xs opacity-75">
                  Level {entry.level} · {entry.badges_count}{' '}
                  {entry.badges_count === 1 ? 'badge' : 'badges'}
                </span>
              </span>
              <span className="text-sm font-semibold tabular-nums">
                {formatNumber(entry.points)} pts
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Share text via the Web Share API, else the clipboard (the fallback message of docs/product-rules.md#errors-and-messages). */
export async function shareText(text: string, successMessage = 'Results copied to clipboard!') {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Lumiskin', text });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success(successMessage);
  } catch {
    toast.error('Sharing is not available in this browser.');
  }
}

export function ShareProgressCard({ stats }: { stats: QuizStats | undefined }) {
  const text = stats
    ? `I'm level ${stats.level} on Lumiskin with ${plural(stats.total_points, 'point')} and a ${stats.current_streak}-day streak. Learn your skin with me! #Lumiskin #SkincareQuiz`
    : '';
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-h3 font-semibold">
        <Share2Icon className="size-5 text-primary-text" aria-hidden /> Share Your Progress
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Invite a friend to learn along — streaks are easier together.
      </p>
      <Button
        variant="soft"
        className="mt-4 w-full"
        disabled={!stats}
        onClick={() => void shareText(text, 'Link copied to clipboard')}
      >
        <Share2Icon aria-hidden /> Share progress
      </Button>
    </Card>
  );
}

export function JoinChallengesCard() {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-h3 font-semibold">
        <SwordsIcon className="size-5 text-primary-text" aria-hidden /> Join Challenges
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Three goals every week and a shelf of badges to collect.
      </p>
      <Button asChild variant="outline" className="mt-4 w-full">
        <Link to={paths.quizChallenges.href}>
          This week's challenges <ArrowRightIcon aria-hidden />
        </Link>
      </Button>
    </Card>
  );
}

const TIPS = [
  'Read every option before choosing — the close ones teach the most.',
  'The daily challenge turns over at your midnight. One a day keeps the streak alive.',
  'Replay a category to master it: new questions come first, and each answer earns once.',
  'Check the explanations on the results screen; they are the real prize.',
];

export function ProTips() {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-h3 font-semibold">
        <LightbulbIcon className="size-5 text-primary-text" aria-hidden /> Pro tips
      </h2>
      <ul className="mt-3 space-y-2.5 text-sm text-muted-foreground">
        {TIPS.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
            {tip}
          </li>
        ))}
      </ul>
    </Card>
  );
}
