import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { trend } from '@/features/dashboard/components/scores';

/**
 * Spec §4 "Trend indicator": current minus previous; under 2 points either way is 'No change',
 * above is a green '+N.N%', below a red 'N.N%'. Nothing shows when there is no older scan.
 */
export function TrendIndicator({
  current,
  previous,
  label,
  className,
}: {
  current: number;
  previous: number | null | undefined;
  /** The metric, for screen readers ("Hydration: +4.0%"). */
  label?: string;
  className?: string;
}) {
  const t = trend(current, previous);
  if (t.kind === 'none') return null;
  const text = t.kind === 'same' ? 'No change' : `${t.diff > 0 ? '+' : ''}${t.diff.toFixed(1)}%`;
  const Icon =
    t.kind === 'up' ? ArrowUpRightIcon : t.kind === 'down' ? ArrowDownRightIcon : MinusIcon;
  return (
    <span
      data-trend={t.kind}
      className={cn(
        'inline-flex items-center gap-0.5 text-xs font-semibold whitespace-nowrap',
        t.kind === 'up' && 'text-success',
        t.kind === 'down' && 'text-destructive dark:text-[#f87171]',
        t.kind === 'same' && 'text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label ? <span className="sr-only">{label}: </span> : null}
      {text}
    </span>
  );
}
