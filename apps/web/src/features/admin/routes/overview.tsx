import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useOverview } from '@/features/admin/api/get-overview';
import { formatDate, formatDayMonth, formatNumber, plural } from '@/lib/format';
import { NativeSelect } from '@/components/ui/native-select';

const PERIODS = [7, 30, 90] as const;

/** The overview's days are calendar days (`YYYY-MM-DD`), the same in every time zone. */
const DAY = { timeZone: 'UTC' } as const;

/**
 * "12 Nov: 5" style names for a day chart's summary: the total over the period and the busiest
 * day, which a screen reader hears instead of the bars (and everyone sees beside the title).
 */
function daySummary(title: string, data: { day: string; count: number }[], total: number): string {
  const busiest = data.reduce<{ day: string; count: number } | null>(
    (best, d) => (d.count > (best?.count ?? 0) ? d : best),
    null,
  );
  return `${title}: ${total} in all${busiest ? `, most on ${formatDayMonth(busiest.day, DAY)} (${busiest.count})` : ''}`;
}

function DayChart({ title, data }: { title: string; data: { day: string; count: number }[] }) {
  const total = data.reduce((sum, d) => sum + d.count, 0);
  return (
    <Card className="p-4">
      <h2 className="mb-2 flex items-baseline justify-between gap-2 text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">{total} in all</span>
      </h2>
      <div className="h-40" role="img" aria-label={daySummary(title, data, total)}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={(d: string) => formatDayMonth(d, DAY)}
              fontSize={11}
            />
            <YAxis allowDecimals={false} fontSize={11} width={28} />
            <Tooltip
              labelFormatter={(d) => formatDate(String(d), DAY)}
              formatter={(value) => [value, title]}
            />
            <Bar dataKey="count" fill="var(--color-brand)" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

export default function AdminOverviewRoute() {
  const [days, setDays] = useState<number>(30);
  const overview = useOverview(days);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <title>Overview — Admin — Lumiskin</title>
        <h1 className="text-2xl font-bold">Overview</h1>
        <label className="text-sm">
          Period{' '}
          <NativeSelect compact value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                Last {p} days
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      {overview.isPending ? (
        <Spinner />
      ) : overview.isError ? (
        <LoadError what="the overview" onRetry={() => void overview.refetch()} />
      ) : (
        <>
          {/* The totals count everything there is; only the charts below follow the period. */}
          <section aria-labelledby="totals-heading">
            <h2 id="totals-heading" className="mb-2 text-sm font-semibold text-muted-foreground">
              All time
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {Object.entries(overview.data.totals).map(([key, value]) => (
                <Card key={key} className="p-3">
                  <dt className="text-xs text-muted-foreground capitalize">
                    {key.replace('_', ' ')}
                  </dt>
                  <dd className="text-xl font-bold">{formatNumber(value)}</dd>
                </Card>
              ))}
            </dl>
          </section>
          <section aria-labelledby="period-heading">
            <h2 id="period-heading" className="mb-2 text-sm font-semibold text-muted-foreground">
              In the last {days} days
            </h2>
            <div className="grid gap-3 lg:grid-cols-3">
              <DayChart title="Sign-ups per day" data={overview.data.signups} />
              <DayChart title="Scans per day" data={overview.data.scans} />
              <DayChart title="Quiz plays per day" data={overview.data.quiz_plays} />
            </div>
          </section>
          <Card className="p-4">
            <h2 className="mb-2 text-sm font-semibold">
              Most-mixed bases and boosters, in mixes now
            </h2>
            <div
              className="h-56"
              role="img"
              aria-label={`Most-mixed bases and boosters: ${
                overview.data.most_mixed.map((m) => `${m.name} ${m.mixes}`).join(', ') || 'none yet'
              }`}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={overview.data.most_mixed}
                  layout="vertical"
                  accessibilityLayer={false}
                >
                  <XAxis type="number" allowDecimals={false} fontSize={11} />
                  <YAxis type="category" dataKey="name" width={110} fontSize={11} />
                  <Tooltip />
                  <Bar dataKey="mixes" fill="var(--color-accent)" radius={[0, 3, 3, 0]} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
          <Card className="p-4">
            <h2 className="mb-2 text-sm font-semibold">Articles by views, all time</h2>
            <ol className="space-y-1 text-sm">
              {overview.data.top_articles.map((a) => (
                <li key={a.title} className="flex justify-between gap-2">
                  <span className="min-w-0 wrap-anywhere">{a.title}</span>
                  <span className="shrink-0 text-right text-muted-foreground">
                    {plural(a.views, 'view')} · {plural(a.likes, 'like')}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
        </>
      )}
    </div>
  );
}
