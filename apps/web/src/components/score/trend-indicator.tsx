import { METHOD_CHANGED_NOTE } from '@lumiskin/contract/analysis';
import { type NoiseKey } from '@lumiskin/contract/trends';
import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon, RefreshCwIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import {
  conditionsExplanation,
  conditionsLabel,
  type CaptureDifference,
} from '@/lib/scan/baseline';
import { TREND_TEXT, trendLabel, trendTone } from '@/components/score/score-bands';

/**
 * The trend indicator (docs/product-rules.md#trends): current minus previous; within the score's
 * noise band (decision 089) 'No change', above it a green '+N pts', below a red '−N pts'. Nothing
 * shows when there is no older scan.
 * Against a scan taken in different conditions (`unlike`) the change is muted, neither good nor
 * bad news; the card or row beside it says why with a `ConditionsNote`. When the metric was
 * measured with a different method in the two scans (`methodChanged`, decision 037) there is no
 * change to show: only "New method", with the full note for screen readers and on hover.
 */
export function TrendIndicator({
  metric,
  current,
  previous,
  unlike,
  methodChanged = false,
  label,
  className,
}: {
  /** Which score this is: its noise band decides what reads as a change. */
  metric: NoiseKey;
  current: number;
  previous: number | null | undefined;
  /** What differed between the two scans' capture conditions, when they are not comparable. */
  unlike?: readonly CaptureDifference[] | undefined;
  /** The two scores were measured with different methods: they are not differenced. */
  methodChanged?: boolean;
  /** The metric, for screen readers ("Hydration: +4.0%"). */
  label?: string;
  className?: string;
}) {
  if (methodChanged) {
    return (
      <span
        data-trend="method"
        title={METHOD_CHANGED_NOTE}
        className={cn(
          'inline-flex items-center gap-0.5 text-xs font-medium whitespace-nowrap text-muted-foreground',
          className,
        )}
      >
        <RefreshCwIcon className="size-3" aria-hidden />
        {label ? <span className="sr-only">{label}: </span> : null}
        <span aria-hidden>New method</span>
        <span className="sr-only">{METHOD_CHANGED_NOTE}</span>
      </span>
    );
  }
  const t = trendLabel(current, previous, metric);
  if (t === null) return null;
  const isUnlike = unlike !== undefined && t.kind !== 'same';
  const tone = trendTone(t.kind, isUnlike);
  const Icon =
    t.kind === 'up' ? ArrowUpRightIcon : t.kind === 'down' ? ArrowDownRightIcon : MinusIcon;
  return (
    <span
      data-trend={t.kind}
      data-tone={tone}
      data-conditions={isUnlike ? 'unlike' : undefined}
      title={isUnlike ? conditionsExplanation(unlike) : t.title}
      className={cn(
        'inline-flex items-center gap-0.5 text-xs font-semibold whitespace-nowrap',
        TREND_TEXT[tone],
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label ? <span className="sr-only">{label}: </span> : null}
      <span aria-hidden>{t.text}</span>
      <span className="sr-only">{t.spoken}</span>
      {isUnlike ? <span className="sr-only"> ({conditionsLabel(unlike)})</span> : null}
    </span>
  );
}
