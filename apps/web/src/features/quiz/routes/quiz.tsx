import { RotateCwIcon, TrophyIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCategories } from '@/features/quiz/api/get-categories';
import { useLeaderboard } from '@/features/quiz/api/get-leaderboard';
import { useQuizStats } from '@/features/quiz/api/get-stats';
import {
  CategoryCard,
  CategoryGridSkeleton,
  DailyChallengeCard,
  JoinChallengesCard,
  PointsScale,
  ProTips,
  ShareProgressCard,
  TopLearners,
} from '@/features/quiz/components/hub-cards';
import { LevelProgress, StatCards } from '@/features/quiz/components/hub-stats';

/** /quiz: the quiz hub (docs/product-rules.md#quiz). */
export default function QuizHubRoute() {
  const stats = useQuizStats();
  const categories = useCategories();
  const leaderboard = useLeaderboard();
  const dailyStatus = stats.isPending
    ? 'loading'
    : stats.data?.daily_completed_today
      ? 'completed'
      : 'available';

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Quiz & Games — Lumiskin</title>
      <header className="mb-8">
        <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
          <TrophyIcon className="size-4" aria-hidden /> Quiz & Games
        </p>
        <h1 className="mt-2 text-h1 font-semibold text-balance">
          Learn your skin, one question at a time
        </h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Earn points, keep your streak glowing and collect badges as you go.
        </p>
      </header>

      {stats.isError ? (
        <Alert variant="destructive" role="alert" className="mb-6 items-center">
          <span className="flex-1">Your quiz stats did not load.</span>
          <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
            <RotateCwIcon aria-hidden /> Retry
          </Button>
        </Alert>
      ) : null}

      {/* Failed with nothing kept (offline, never opened): the alert above says so, no skeleton. */}
      {stats.isError && !stats.data ? null : (
        <section
          aria-label="Your progress"
          className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
        >
          <StatCards stats={stats.data} />
          <LevelProgress stats={stats.data} />
        </section>
      )}

      <div className="mt-8">
        <DailyChallengeCard status={dailyStatus} />
      </div>
      <PointsScale className="mt-4" />

      {/* Columns that may shrink below their content: a player's long one-word name, truncated in
          the leaderboard, made the whole hub 841 px wide on a 390 px phone. */}
      <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section id="categories" aria-labelledby="categories-heading">
          <h2 id="categories-heading" className="text-h2 font-semibold">
            Knowledge categories
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Five questions per round. Master every question in a category to earn its badge.
          </p>
          <div className="mt-5">
            {categories.isPending ? (
              <CategoryGridSkeleton />
            ) : categories.isError ? (
              <Alert variant="destructive" role="alert" className="items-center">
                <span className="flex-1">The categories did not load.</span>
                <Button size="sm" variant="outline" onClick={() => void categories.refetch()}>
                  <RotateCwIcon aria-hidden /> Retry
                </Button>
              </Alert>
            ) : categories.data.length === 0 ? (
              <p className="rounded-2xl border border-dashed p-8 text-center text-muted-foreground">
                No categories yet. Try the daily challenge above.
              </p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2">
                {categories.data.map((category) => (
                  <li key={category.id}>
                    <CategoryCard category={category} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <aside className="flex flex-col gap-4" aria-label="Community">
          <TopLearners
            entries={leaderboard.data}
            isLoading={leaderboard.isPending}
            isError={leaderboard.isError}
            onRetry={() => void leaderboard.refetch()}
          />
          <ShareProgressCard stats={stats.data} />
          <JoinChallengesCard />
          <ProTips />
        </aside>
      </div>
    </div>
  );
}
