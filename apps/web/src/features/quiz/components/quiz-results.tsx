import type { QuizResult } from '@lumiskin/contract/quiz';
import {
  CheckCircle2Icon,
  ClockIcon,
  FlameIcon,
  LayoutDashboardIcon,
  LayoutGridIcon,
  PartyPopperIcon,
  RotateCcwIcon,
  Share2Icon,
  StarIcon,
  TargetIcon,
  TrophyIcon,
  XCircleIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { formatClock, scoreTone } from './format';
import { shareText } from './hub-cards';
import { Ring } from '@/components/ui/ring';
import { QuizIcon } from '@/components/quiz-icon';
import { plural } from '@/lib/format';

const TONE = {
  success: { color: 'var(--color-success)', word: 'Brilliant' },
  warning: { color: 'var(--color-warning)', word: 'Good going' },
  destructive: { color: 'var(--color-destructive)', word: 'Keep learning' },
} as const;

function Figure({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-xl bg-muted/70 p-3 text-center">
      <span className="mx-auto mb-1 inline-flex text-primary-text">{icon}</span>
      <p className="text-lg font-semibold tabular-nums">{value}</p>
      <p className="text-xs text-muted-foreground">{label}</p>
    </div>
  );
}

/** An achievement's picture: the same round chip for a level, a streak and a badge. */
function AchievementIcon({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-card text-primary-text">
      {children}
    </span>
  );
}

/** What this quiz earned: a level, a streak milestone, badges. */
function Achievements({ result }: { result: QuizResult }) {
  return (
    <section
      aria-labelledby="achievements-heading"
      className="mt-6 rounded-2xl border border-transparent bg-accent-soft p-5 text-accent-soft-foreground sm:p-6"
    >
      <h2 id="achievements-heading" className="flex items-center gap-2 text-h3 font-semibold">
        <PartyPopperIcon className="size-5" aria-hidden /> Achievements
      </h2>
      <ul className="mt-3 space-y-2.5">
        {result.level_up ? (
          <li className="flex items-center gap-3">
            <AchievementIcon>
              <TrophyIcon className="size-4" aria-hidden />
            </AchievementIcon>
            <span className="min-w-0">
              <strong>Level up!</strong> You reached level {result.level}.
            </span>
          </li>
        ) : null}
        {result.streak_milestone ? (
          <li className="flex items-center gap-3">
            {/* An icon, not an emoji: an emoji is an empty box where no emoji font is installed. */}
            <AchievementIcon>
              <FlameIcon className="size-4" aria-hidden />
            </AchievementIcon>
            <span className="min-w-0">
              <strong>{result.streak_milestone}-day streak!</strong> You have played the daily
              challenge {result.streak_milestone} days in a row.
            </span>
          </li>
        ) : null}
        {result.badges_earned.map((badge) => (
          <li key={badge.badge_id} className="flex items-center gap-3">
            <AchievementIcon>
              <QuizIcon name={badge.icon} className="size-4" />
            </AchievementIcon>
            <span className="min-w-0 wrap-anywhere">
              <strong>Badge earned: {badge.badge_name}</strong> — {badge.description}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One question of the review: right or not, the answer given and the right one, the explanation. */
function ReviewItem({ item, index }: { item: QuizResult['review'][number]; index: number }) {
  return (
    <Card className="p-5 wrap-anywhere">
      <div className="flex items-start gap-3">
        {item.is_correct ? (
          <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        ) : (
          <XCircleIcon
            className="mt-0.5 size-5 shrink-0 text-destructive dark:text-[#f87171]"
            aria-hidden
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xs font-medium text-muted-foreground">Question {index + 1}</p>
            <Badge variant={item.is_correct ? 'success' : 'destructive'}>
              {item.is_correct ? 'Right' : 'Not quite'}
            </Badge>
            {item.points_earned > 0 ? (
              <Badge variant="accent">+{plural(item.points_earned, 'point')}</Badge>
            ) : null}
          </div>
          <h3 className="mt-1.5 font-semibold">{item.question_text}</h3>
          <dl className="mt-3 space-y-1.5 text-sm">
            <div
              className={cn('flex gap-2', !item.is_correct && 'text-destructive-soft-foreground')}
            >
              <dt className="shrink-0 font-medium">Your answer:</dt>
              <dd>{item.chosen ?? 'Not answered'}</dd>
            </div>
            {item.is_correct ? null : (
              <div className="flex gap-2 text-success-soft-foreground">
                <dt className="shrink-0 font-medium">Right answer:</dt>
                <dd>{item.correct_answer}</dd>
              </div>
            )}
          </dl>
          <p className="mt-3 rounded-xl bg-muted/70 p-3 text-sm leading-relaxed text-muted-foreground">
            {item.explanation}
          </p>
        </div>
      </div>
    </Card>
  );
}

/**
 * Quiz results (docs/product-rules.md#quiz): accuracy, correct/total, points, time, achievements,
 * actions, then the review. A category quiz can be retaken; the daily challenge is played once a
 * day, so its results offer the categories instead (`onRetake` absent; decision 215).
 */
export function QuizResults({
  result,
  title,
  onRetake,
}: {
  result: QuizResult;
  title: string;
  onRetake?: () => void;
}) {
  const tone = scoreTone(result.score);
  const hasAchievements =
    result.level_up || result.badges_earned.length > 0 || result.streak_milestone !== null;
  const share = `${result.share_data.text} ${result.share_data.hashtags.map((h) => `#${h}`).join(' ')}`;
  // The results replace the last question on the same page: keyboard and screen-reader users
  // land on their heading (the Submit button they pressed is gone), as on a new page.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Card className="relative overflow-hidden p-6 text-center sm:p-10">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 [background:var(--hero-glow)]"
        />
        <div className="relative">
          <p className="text-xs font-semibold tracking-[0.14em] wrap-anywhere text-primary-text uppercase">
            {title}
          </p>
          <h1 ref={heading} tabIndex={-1} className="mt-2 text-h1 font-semibold outline-none">
            Quiz complete!
          </h1>
          <Ring
            value={result.score / 100}
            size={148}
            stroke={12}
            color={TONE[tone].color}
            label={`Accuracy ${result.score}%`}
            className="mx-auto mt-6"
          >
            <span className="text-4xl leading-none font-semibold">{result.score}%</span>
            <span className="mt-1 text-xs font-medium text-muted-foreground">
              {TONE[tone].word}
            </span>
          </Ring>
          <p className="mt-4 text-lg">
            You got <strong>{result.correct_answers}</strong> of{' '}
            <strong>{result.total_questions}</strong> right
          </p>
          <div className="mx-auto mt-6 grid max-w-md grid-cols-3 gap-3">
            <Figure
              icon={<TargetIcon className="size-5" aria-hidden />}
              label="Accuracy"
              value={`${result.score}%`}
            />
            <Figure
              icon={<StarIcon className="size-5" aria-hidden />}
              label="Points earned"
              value={`+${result.points_earned}`}
            />
            <Figure
              icon={<ClockIcon className="size-5" aria-hidden />}
              label="Time taken"
              value={formatClock(result.time_taken)}
            />
          </div>
          {result.streak_bonus > 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">
              Includes a streak bonus of {plural(result.streak_bonus, 'point')} for your{' '}
              {result.current_streak}-day streak.
            </p>
          ) : null}
        </div>
      </Card>

      {hasAchievements ? <Achievements result={result} /> : null}

      {/* As many to a row as fit whole: “Back to Quiz Hub” alone is wider than half a 390 px phone. */}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="soft" className="flex-auto" onClick={() => void shareText(share)}>
          <Share2Icon aria-hidden /> Share Results
        </Button>
        {onRetake ? (
          <Button variant="outline" className="flex-auto" onClick={onRetake}>
            <RotateCcwIcon aria-hidden /> Retake Quiz
          </Button>
        ) : (
          <Button asChild variant="outline" className="flex-auto">
            <Link to={`${paths.quiz.href}#categories`}>
              <LayoutGridIcon aria-hidden /> Play a category
            </Link>
          </Button>
        )}
        <Button asChild className="flex-auto">
          <Link to={paths.quiz.href}>
            <TrophyIcon aria-hidden /> Back to Quiz Hub
          </Link>
        </Button>
        <Button asChild variant="outline" className="flex-auto">
          <Link to={paths.dashboard.href}>
            <LayoutDashboardIcon aria-hidden /> View Dashboard
          </Link>
        </Button>
      </div>

      <section aria-labelledby="review-heading" className="mt-10">
        <h2 id="review-heading" className="text-h2 font-semibold">
          Your answers
        </h2>
        <ol className="mt-4 space-y-4">
          {result.review.map((item, i) => (
            <li key={item.question_id}>
              <ReviewItem item={item} index={i} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
