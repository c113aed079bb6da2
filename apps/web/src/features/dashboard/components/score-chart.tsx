import type { MetricKey } from '@lumiskin/contract/analysis';
import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { useMemo, useState } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDateWith, formatDayMonth } from '@/lib/format';
import { cn } from '@/lib/utils';
import { metricLabel, scoreEntries } from '@/features/dashboard/components/scores';

/** Mid-tone hues that read on both the light cream and the dark plum card. */
const METRIC_COLOURS = [
  '#0ea5e9',
  '#f97316',
  '#14b8a6',
  '#ec4899',
  '#eab308',
  '#6366f1',
  '#84cc16',
];

interface Point {
  t: number;
  overall: number;
  [metric: string]: number;
}

/**
 * Overall score over time (violet, always on) with up to all measured metrics toggled on as thin
 * lines; the spec's score bands (≥80 good, ≥60 fair) are tinted behind, and named on the axis.
 */
export function ScoreChart({ scans }: { scans: HistoryItem[] }) {
  const { data, metrics, floor } = useMemo(() => {
    const ordered = [...scans].reverse();
    const seen = new Set<MetricKey>();
    const points: Point[] = ordered.map((scan) => {
      const point: Point = { t: new Date(scan.created_at).getTime(), overall: scan.overall_score };
      for (const [key, value] of scoreEntries(scan.scores)) {
        point[key] = value;
        seen.add(key);
      }
      return point;
    });
    // Start the axis a little under the lowest value, so small changes are visible.
    let lowest = 100;
    for (const p of points) {
      for (const [k, v] of Object.entries(p)) if (k !== 't' && v < lowest) lowest = v;
    }
    const floor = Math.max(0, Math.floor((lowest - 10) / 10) * 10);
    return { data: points, metrics: [...seen], floor };
  }, [scans]);
  const [shown, setShown] = useState<MetricKey[]>(['hydration', 'redness']);
  const visible = metrics.filter((m) => shown.includes(m));

  const toggle = (metric: MetricKey) =>
    setShown((current) =>
      current.includes(metric) ? current.filter((m) => m !== metric) : [...current, metric],
    );

  const colourOf = (metric: MetricKey) =>
    METRIC_COLOURS[metrics.indexOf(metric) % METRIC_COLOURS.length] ?? METRIC_COLOURS[0];

  return (
    <figure className="grid gap-4" data-testid="score-chart">
      <div
        className="h-64 w-full sm:h-72"
        role="img"
        aria-label={`Line chart of your overall skin score over ${data.length} scans${
          data.length ? `, latest ${data[data.length - 1]?.overall ?? ''}` : ''
        }`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
            <ReferenceArea
              y1={80}
              y2={100}
              fill="var(--success)"
              fillOpacity={0.08}
              ifOverflow="hidden"
            />
            <ReferenceArea
              y1={60}
              y2={80}
              fill="var(--warning)"
              fillOpacity={0.08}
              ifOverflow="hidden"
            />
            <ReferenceArea
              y1={0}
              y2={60}
              fill="var(--destructive)"
              fillOpacity={0.04}
              ifOverflow="hidden"
            />
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 4" vertical={false} />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              tickFormatter={(t: number) => formatDayMonth(t)}
              stroke="var(--muted-foreground)"
              tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              minTickGap={24}
              padding={{ left: 12, right: 12 }}
            />
            <YAxis
              domain={[floor, 100]}
              ticks={[0, 20, 40, 60, 80, 100].filter((t) => t >= floor)}
              tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={false}
              width={44}
            />
            <Tooltip
              labelFormatter={(t) =>
                formatDateWith(Number(t), {
                  weekday: 'short',
                  day: 'numeric',
                  month: 'short',
                  hour: '2-digit',
                  minute: '2-digit',
                })
              }
              formatter={(value, name) => [`${String(value)}%`, name]}
              contentStyle={{
                background: 'var(--popover)',
                border: '1px solid var(--border)',
                borderRadius: 12,
                color: 'var(--popover-foreground)',
                boxShadow: '0 10px 30px -12px rgb(0 0 0 / 0.25)',
                fontSize: 13,
              }}
              labelStyle={{ color: 'var(--muted-foreground)', marginBottom: 4 }}
              cursor={{ stroke: 'var(--brand)', strokeOpacity: 0.35 }}
            />
            {visible.map((metric) => (
              <Line
                key={metric}
                type="monotone"
                dataKey={metric}
                name={metricLabel(metric)}
                stroke={colourOf(metric)}
                strokeWidth={1.75}
                dot={{ r: 2.5, strokeWidth: 0, fill: colourOf(metric) }}
                connectNulls
                isAnimationActive={false}
              />
            ))}
            <Line
              type="monotone"
              dataKey="overall"
              name="Overall"
              stroke="var(--brand)"
              strokeWidth={3}
              dot={{ r: 4, strokeWidth: 2, stroke: 'var(--card)', fill: 'var(--brand)' }}
              activeDot={{ r: 6 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="flex flex-wrap items-center gap-2 text-xs">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-2.5 py-1 font-semibold text-primary-soft-foreground">
          <span className="h-0.5 w-4 rounded bg-brand" aria-hidden /> Overall
        </span>
        {metrics.map((metric) => {
          const on = shown.includes(metric);
          return (
            <button
              key={metric}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(metric)}
              className={cn(
                'inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 font-medium transition-colors duration-150',
                on ? 'border-transparent bg-muted text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                className="size-2 rounded-full"
                style={{ background: on ? colourOf(metric) : 'var(--border)' }}
                aria-hidden
              />
              {metricLabel(metric)}
            </button>
          );
        })}
        <span className="ml-auto hidden text-muted-foreground sm:inline">
          Bands: 80+ good · 60–79 fair · under 60 needs care
        </span>
      </figcaption>
    </figure>
  );
}
