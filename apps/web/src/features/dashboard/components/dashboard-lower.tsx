import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { DashboardStats } from '@lumiskin/contract/dashboard';
import { GoalsCard } from '@/features/dashboard/components/goals-card';
import { ProgressSection } from '@/features/dashboard/components/progress-section';
import { RoutineCard } from '@/features/dashboard/components/routine-card';
import { TipsCard } from '@/features/dashboard/components/tips-card';

/**
 * The dashboard below its first screen on a phone: a chunk of its own, rendered after the top has
 * painted (decisions 035 and 040).
 */
export default function DashboardLower({
  hasScans,
  totalScans,
  analysis,
  isAnalysisLoading,
  latestScore,
  stats,
}: {
  hasScans: boolean;
  totalScans: number;
  analysis: Analysis | undefined;
  isAnalysisLoading: boolean;
  latestScore: number | null;
  stats: DashboardStats | undefined;
}) {
  return (
    <>
      {hasScans ? <ProgressSection totalScans={totalScans} /> : null}

      <RoutineCard />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TipsCard analysis={analysis} isLoading={isAnalysisLoading} />
        <GoalsCard
          latestScore={latestScore}
          thisWeek={stats?.this_week ?? 0}
          streakDays={stats?.streak_days ?? 0}
        />
      </div>
    </>
  );
}
