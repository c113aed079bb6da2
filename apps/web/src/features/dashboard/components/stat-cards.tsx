import type { DashboardStats } from '@lumiskin/contract/dashboard';
import { CalendarDaysIcon, FlameIcon, GaugeIcon, ScanFaceIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatScore, plural } from '@/lib/format';

/**
 * docs/product-rules.md#dashboard: Total Scans, Avg Skin Score (N/A with no scans), This Week, and
 * the day streak, the quiz hub's number under the quiz hub's name (days in a row with the daily challenge).
 */
export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  const cards = [
    { label: 'Total Scans', hint: undefined, icon: ScanFaceIcon, value: stats?.total_analyses },
    {
      label: 'Avg Skin Score',
      hint: undefined,
      icon: GaugeIcon,
      value:
        stats === undefined
          ? undefined
          : stats.average_score === null
            ? 'N/A'
            : formatScore(stats.average_score),
    },
    { label: 'This Week', hint: undefined, icon: CalendarDaysIcon, value: stats?.this_week },
    {
      label: 'Day streak',
      hint: 'Daily challenges in a row',
      icon: FlameIcon,
      value: stats === undefined ? undefined : plural(stats.streak_days, 'day'),
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Your scan statistics">
      {cards.map(({ label, hint, icon: Icon, value }) => (
        <li key={label}>
          <Card className="flex h-full items-center gap-3 p-4 sm:p-5" data-testid={`stat-${label}`}>
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
              <Icon className="size-5" aria-hidden />
            </span>
            {/* A word too long for a phone's column in the reader's large text breaks. */}
            <div className="min-w-0 wrap-break-word hyphens-auto">
              <p className="text-xs font-medium text-muted-foreground">{label}</p>
              {value === undefined ? (
                <Skeleton className="mt-1 h-7 w-14" />
              ) : (
                <p className="text-2xl font-semibold tabular-nums">{value}</p>
              )}
              {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
