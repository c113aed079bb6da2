import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import {
  COMPREHENSIVE_METRICS,
  COMPRESSION_NOTE_FROM,
  METHOD_CHANGED_NOTE,
  METRIC_LABELS,
  REGION_LABELS,
  compressionNote,
  methodOf,
  type CaptureConditions,
  type Finding,
  type MetricKey,
  type MetricMethods,
  type UnmeasuredMetric,
} from '@lumiskin/contract/analysis';
import {
  ArrowDownRightIcon,
  ArrowRightIcon,
  ArrowUpRightIcon,
  InfoIcon,
  RefreshCwIcon,
  SignalHighIcon,
  SignalLowIcon,
  SignalMediumIcon,
} from 'lucide-react';
import { MethodNote } from '@/components/method-note';
import { Badge } from '@/components/ui/badge';
import { TapTooltip } from '@/components/ui/tap-tooltip';
import { conditionsLabel, metricUnlike, type CaptureDifference } from '@/lib/scan/baseline';
import {
  BAND_BADGE,
  BAND_BAR,
  BAND_LABEL,
  scoreBand,
  TREND_TEXT,
  trendLabel,
  trendTone,
} from '@/components/score/score-bands';
import { cn } from '@/lib/utils';

/**
 * How far a score can be trusted for this photo, in words. The engine's confidence tops out near
 * 0.85 for a clear, well-lit face and halves with little visible skin; estimates start near 0.4.
 */
const CONFIDENCE_LEVELS = [
  {
    min: 0.7,
    label: 'High confidence',
    icon: SignalHighIcon,
    hint: 'The photo showed this clearly.',
  },
  {
    min: 0.45,
    label: 'Medium confidence',
    icon: SignalMediumIcon,
    hint: 'Part of the skin was hidden or harder to judge; take it as a good guide.',
  },
  {
    min: 0,
    label: 'Low confidence',
    icon: SignalLowIcon,
    hint: 'Hard to judge from this photo (little skin showed, or it is an estimate); take it as a rough guide.',
  },
] as const;

function confidenceLevel(confidence: number) {
  return CONFIDENCE_LEVELS.find((level) => confidence >= level.min) ?? CONFIDENCE_LEVELS[2];
}

/** The measurement's confidence in words, with its figure in a tooltip. */
function Confidence({ confidence }: { confidence: number }) {
  const level = confidenceLevel(confidence);
  const Icon = level.icon;
  return (
    <TapTooltip
      className="inline-flex min-h-6 items-center gap-1 rounded-md text-xs text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      content={`${level.hint} (${Math.round(confidence * 100)}%)`}
      contentClassName="max-w-64"
    >
      <Icon className="size-3.5" aria-hidden /> {level.label}
    </TapTooltip>
  );
}

const byMetric = (a: { metric: MetricKey }, b: { metric: MetricKey }) =>
  COMPREHENSIVE_METRICS.indexOf(a.metric) - COMPREHENSIVE_METRICS.indexOf(b.metric);

/**
 * One bar per measure: score in its band colour, what it means, where it was seen, the trend, how
 * sure it is. A measure the photo did not show enough skin for says so in place of a score.
 */
export function MetricList({
  findings,
  unmeasured = [],
  previous,
  unlike: scanUnlike,
  capture,
  methods,
}: {
  findings: Finding[];
  unmeasured?: UnmeasuredMetric[];
  previous: HistoryItem | null;
  /** How `previous` was taken differently; its changes are then muted, neither good nor bad. */
  unlike?: readonly CaptureDifference[] | undefined;
  /**
   * This scan's capture conditions: a metric whose change the exposure difference alone could
   * have made is muted too (`metricUnlike`, decision 055).
   */
  capture?: CaptureConditions | null | undefined;
  /** Which method measured each of these scores (decision 037); older scans: all 1. */
  methods?: MetricMethods | undefined;
}) {
  const rows = [...findings, ...unmeasured].sort(byMetric);
  return (
    <ul className="divide-y">
      {rows.map((row) => {
        if (!('score' in row)) return <UnmeasuredRow key={row.metric} {...row} />;
        const finding = row;
        const band = scoreBand(finding.score);
        const before = previous?.scores[finding.metric];
        // Measured with another method before: the value shows, with a note, never a change.
        const isNewMethod =
          previous !== null &&
          before !== undefined &&
          methodOf(methods, finding.metric) !== methodOf(previous.methods, finding.metric);
        const t = isNewMethod ? null : trendLabel(finding.score, before, finding.metric);
        const unlike = metricUnlike(
          finding.metric,
          { score: finding.score, capture },
          previous ? { score: before, capture: previous.capture } : undefined,
          scanUnlike,
        );
        return (
          <li
            key={finding.metric}
            className="py-4 first:pt-0 last:pb-0"
            data-testid={`metric-${finding.metric}`}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 className="font-semibold">{METRIC_LABELS[finding.metric]}</h3>
              <Badge variant={BAND_BADGE[band]}>{BAND_LABEL[band]}</Badge>
              {finding.estimated ? (
                <Badge
                  variant="outline"
                  title="A photo cannot show this directly; it is estimated from related signs."
                >
                  <InfoIcon aria-hidden /> Estimate
                </Badge>
              ) : null}
              <span className="ml-auto flex items-center gap-3">
                {isNewMethod ? (
                  <span
                    data-trend="method"
                    title={METHOD_CHANGED_NOTE}
                    className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground"
                  >
                    <RefreshCwIcon className="size-3.5" aria-hidden />
                    <span aria-hidden>New method</span>
                  </span>
                ) : null}
                {t ? (
                  <span
                    data-tone={trendTone(t.kind, unlike !== undefined)}
                    data-conditions={unlike ? 'unlike' : undefined}
                    className={cn(
                      'inline-flex items-center gap-1 text-xs font-semibold',
                      TREND_TEXT[trendTone(t.kind, unlike !== undefined)],
                    )}
                    title={`Earlier scan: ${before}. ${t.title}${unlike ? ` (${conditionsLabel(unlike)})` : ''}`}
                  >
                    {t.kind === 'up' ? (
                      <ArrowUpRightIcon className="size-3.5" aria-hidden />
                    ) : t.kind === 'down' ? (
                      <ArrowDownRightIcon className="size-3.5" aria-hidden />
                    ) : (
                      <ArrowRightIcon className="size-3.5" aria-hidden />
                    )}
                    <span aria-hidden>{t.text}</span>
                    <span className="sr-only">{t.spoken}</span>
                    {unlike ? <span className="sr-only"> ({conditionsLabel(unlike)})</span> : null}
                  </span>
                ) : null}
                <span className="text-lg font-semibold tabular-nums">{finding.score}</span>
              </span>
            </div>
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
              role="meter"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={finding.score}
              aria-label={`${METRIC_LABELS[finding.metric]} score`}
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
                  BAND_BAR[band],
                )}
                style={{ width: `${finding.score}%` }}
              />
            </div>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{finding.summary}</p>
            {isNewMethod ? <MethodNote className="mt-1" /> : null}
            {finding.metric === 'acne' &&
            (capture?.compression?.lesion_factor ?? 1) >= COMPRESSION_NOTE_FROM ? (
              <p className="mt-1 text-xs text-muted-foreground" data-testid="compression-note">
                {compressionNote(capture?.compression?.lesion_factor ?? 1)}
              </p>
            ) : null}
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <Confidence confidence={finding.confidence} />
              {finding.regions.length > 0 ? (
                <span>Seen most on: {finding.regions.map((r) => REGION_LABELS[r]).join(', ')}</span>
              ) : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function UnmeasuredRow({ metric, reason }: UnmeasuredMetric) {
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid={`metric-${metric}`}>
      <h3 className="font-semibold">{METRIC_LABELS[metric]}</h3>
      <div className="mt-2 h-2 rounded-full border border-dashed border-border" aria-hidden />
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
        <span className="font-medium text-foreground">Not measured</span> — {reason}
      </p>
    </li>
  );
}
