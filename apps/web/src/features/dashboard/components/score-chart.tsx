import { methodChanges, sameMethod, type MetricKey } from '@lumiskin/contract/analysis';
import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { useMemo, useState } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDateWith, formatDayMonth, plural } from '@/lib/format';
import { cn } from '@/lib/utils';
import { metricLabel, scoreEntries } from '@/components/score/score-bands';

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
  [series: string]: number;
}

/** Where a line breaks: from this scan on, the metric (or the overall) was measured differently. */
export interface MethodBreak {
  t: number;
  series: MetricKey | 'overall';
}

/** The data key of a line's segment: each method change starts a new segment. */
export const seriesKey = (series: MetricKey | 'overall', segment: number) => `${series}~${segment}`;

/**
 * The chart's points, oldest first. A metric's line is cut where its method changed between two
 * scans that scored it (decision 037): the points on either side are in separate segments (keys
 * `metric~0`, `metric~1`, …), so no line joins two scores that do not measure the same thing.
 * The overall line is cut where any scored metric's method changed, since it blends them all.
 */
export function chartSeries(scansNewestFirst: readonly HistoryItem[]) {
  const ordered = [...scansNewestFirst].reverse();
  const seen = new Set<MetricKey>();
  const segments: Record<string, number> = { overall: 0 };
  const lastWith: Partial<Record<MetricKey, HistoryItem>> = {};
  const segmentCount: Record<string, number> = { overall: 1 };
  const breaks: MethodBreak[] = [];
  let previous: HistoryItem | undefined;
  const points: Point[] = ordered.map((scan) => {
    const t = new Date(scan.created_at).getTime();
    if (previous && methodChanges(scan, previous).length > 0) {
      segments.overall = (segments.overall ?? 0) + 1;
      breaks.push({ t, series: 'overall' });
    }
    const point: Point = { t, [seriesKey('overall', segments.overall ?? 0)]: scan.overall_score };
    for (const [key, value] of scoreEntries(scan.scores)) {
      const before = lastWith[key];
      if (before && !sameMethod(scan, before, key)) {
        segments[key] = (segments[key] ?? 0) + 1;
        breaks.push({ t, series: key });
      }
      const segment = segments[key] ?? 0;
      point[seriesKey(key, segment)] = value;
      segmentCount[key] = Math.max(segmentCount[key] ?? 0, segment + 1);
      lastWith[key] = scan;
      seen.add(key);
    }
    segmentCount.overall = (segments.overall ?? 0) + 1;
    previous = scan;
    return point;
  });
  return { points, metrics: [...seen], breaks, segmentCount };
}

/**
 * Overall score over time (violet, always on) with up to all measured metrics toggled on as thin
 * lines; the spec's score bands (≥80 good, ≥60 fair) are tinted behind, and named on the axis.
 */
export function ScoreChart({ scans }: { scans: HistoryItem[] }) {
  const { data, metrics, floor, breaks, segmentCount } = useMemo(() => {
    const { points, metrics, breaks, segmentCount } = chartSeries(scans);
    return { data: points, metrics, floor: axisFloor(points), breaks, segmentCount };
  }, [scans]);
  const [shown, setShown] = useState<MetricKey[]>(['hydration', 'redness']);
  const visible = metrics.filter((m) => shown.includes(m));
  // Marked where the overall line or a shown metric's line breaks for a method change.
  const marked = [
    ...new Set(
      breaks.filter((b) => b.series === 'overall' || visible.includes(b.series)).map((b) => b.t),
    ),
  ];
  const segmentsOf = (series: MetricKey | 'overall') =>
    Array.from({ length: segmentCount[series] ?? 1 }, (_, i) => seriesKey(series, i));
  const latestOverall = scans[0]?.overall_score;

  const toggle = (metric: MetricKey) =>
    setShown((current) =>
      current.includes(metric) ? current.filter((m) => m !== metric) : [...current, metric],
    );

  const colourOf = (metric: MetricKey) =>
    METRIC_COLOURS[metrics.indexOf(metric) % METRIC_COLOURS.length] ?? METRIC_COLOURS[0];

  return (
    <div className="grid gap-3">
      <figure className="grid gap-4" data-testid="score-chart">
        <div
          className="h-64 w-full sm:h-72"
          role="img"
          aria-label={`Line chart of your overall skin score over ${plural(data.length, 'scan')}${
            latestOverall !== undefined ? `, latest ${latestOverall}` : ''
          }${marked.length ? `; the method changed ${marked.length === 1 ? 'once' : `${marked.length} times`}` : ''}`}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart
              data={data}
              margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
              // The figure says what it shows (its name above, its table of scans): no tab stop
              // and no assertive tooltip inside a picture.
              accessibilityLayer={false}
            >
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
                labelFormatter={tooltipLabel}
                formatter={(value, name) => [String(value), name]}
                contentStyle={TOOLTIP_STYLE}
                labelStyle={{ color: 'var(--muted-foreground)', marginBottom: 4 }}
                cursor={{ stroke: 'var(--brand)', strokeOpacity: 0.35 }}
              />
              {marked.map((t) => (
                <ReferenceLine
                  key={t}
                  x={t}
                  stroke="var(--muted-foreground)"
                  strokeDasharray="2 3"
                  label={{
                    value: 'New method',
                    position: 'insideTopLeft',
                    fontSize: 11,
                    fill: 'var(--muted-foreground)',
                  }}
                />
              ))}
              {visible.flatMap((metric) =>
                segmentsOf(metric).map((key) => (
                  <Line
                    key={key}
                    type="monotone"
                    dataKey={key}
                    name={metricLabel(metric)}
                    stroke={colourOf(metric)}
                    strokeWidth={1.75}
                    dot={{ r: 2.5, strokeWidth: 0, fill: colourOf(metric) }}
                    connectNulls
                    isAnimationActive={false}
                  />
                )),
              )}
              {segmentsOf('overall').map((key) => (
                <Line
                  key={key}
                  type="monotone"
                  dataKey={key}
                  name="Overall"
                  stroke="var(--brand)"
                  strokeWidth={3}
                  dot={{ r: 4, strokeWidth: 2, stroke: 'var(--card)', fill: 'var(--brand)' }}
                  activeDot={{ r: 6 }}
                  connectNulls
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
        <ChartLegend
          metrics={metrics}
          shown={shown}
          onToggle={toggle}
          colourOf={colourOf}
          hasBreak={marked.length > 0}
        />
      </figure>
      <ScoreTable scans={scans} metrics={visible} />
    </div>
  );
}

/**
 * The chart's numbers as a table, folded away under the chart: every scan it draws (newest
 * first) with the overall score and the metrics shown on it. A screen reader reads the chart only
 * as its summary; the table is how anyone reads the exact scores, by ear or by eye.
 */
function ScoreTable({ scans, metrics }: { scans: HistoryItem[]; metrics: MetricKey[] }) {
  return (
    <details className="text-sm">
      <summary className="w-fit cursor-pointer rounded-md text-muted-foreground hover:text-foreground">
        Show the scores as a table
      </summary>
      <div className="mt-3 overflow-x-auto">
        <table className="text-left tabular-nums">
          <caption className="sr-only">Your scores by scan, newest first</caption>
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-6 font-medium">
                Scan
              </th>
              <th scope="col" className="py-2 pr-6 font-medium">
                Overall
              </th>
              {metrics.map((metric) => (
                <th key={metric} scope="col" className="py-2 pr-6 font-medium">
                  {metricLabel(metric)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {scans.map((scan) => (
              <tr key={scan.id} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-6 font-normal whitespace-nowrap">
                  {formatDateWith(scan.created_at, TABLE_DATE)}
                </th>
                <td className="py-2 pr-6 font-semibold">{scan.overall_score}</td>
                {metrics.map((metric) => (
                  <td key={metric} className="py-2 pr-6">
                    {scan.scores[metric] ?? (
                      <>
                        <span aria-hidden>—</span>
                        <span className="sr-only">not measured</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const TABLE_DATE: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** Start the axis a little under the lowest value, so small changes are visible. */
function axisFloor(points: readonly Point[]): number {
  let lowest = 100;
  for (const p of points) {
    for (const [k, v] of Object.entries(p)) if (k !== 't' && v < lowest) lowest = v;
  }
  return Math.max(0, Math.floor((lowest - 10) / 10) * 10);
}

const tooltipLabel = (t: unknown) =>
  formatDateWith(Number(t), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

const TOOLTIP_STYLE = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 12,
  color: 'var(--popover-foreground)',
  boxShadow: '0 10px 30px -12px rgb(0 0 0 / 0.25)',
  fontSize: 13,
};

/** The overall line's key, a toggle per metric, the bands, and the method-change note. */
function ChartLegend({
  metrics,
  shown,
  onToggle,
  colourOf,
  hasBreak,
}: {
  metrics: MetricKey[];
  shown: MetricKey[];
  onToggle: (metric: MetricKey) => void;
  colourOf: (metric: MetricKey) => string | undefined;
  hasBreak: boolean;
}) {
  return (
    <figcaption className="flex flex-wrap items-center gap-2 text-xs">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-2.5 py-1 font-semibold text-primary-soft-foreground">
        <span className="h-0.5 w-4 rounded bg-brand forced-color-adjust-none" aria-hidden /> Overall
      </span>
      {metrics.map((metric) => {
        const on = shown.includes(metric);
        return (
          <button
            key={metric}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(metric)}
            className={cn(
              'inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 font-medium transition-colors duration-150',
              on ? 'border-transparent bg-muted text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              className="size-2 rounded-full forced-color-adjust-none"
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
      {hasBreak ? (
        <span className="basis-full text-muted-foreground" data-testid="chart-method-break">
          A dashed line marks where we started measuring a score with an updated method: the line
          breaks there, because the scores on either side are not comparable.
        </span>
      ) : null}
    </figcaption>
  );
}
