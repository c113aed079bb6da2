import { METHOD_CHANGED_NOTE, METRIC_LABELS, type MetricKey } from '@lumiskin/contract/analysis';
import { RefreshCwIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * "Measured with an updated method — not comparable with earlier scans" where a change is not
 * shown because the engine measures the metric differently now (decision 037). With `metrics`,
 * it names them ("Even tone, Radiance: measured with …").
 */
export function MethodNote({
  metrics,
  className,
}: {
  metrics?: readonly MetricKey[];
  className?: string;
}) {
  if (metrics && metrics.length === 0) return null;
  const names = metrics ? metrics.map((m) => METRIC_LABELS[m]).join(', ') : '';
  return (
    <p
      data-testid="method-note"
      className={cn('flex items-start gap-1 text-xs text-muted-foreground', className)}
    >
      <RefreshCwIcon className="mt-0.5 size-3 shrink-0" aria-hidden />
      <span>
        {names
          ? `${names}: ${METHOD_CHANGED_NOTE.charAt(0).toLowerCase()}${METHOD_CHANGED_NOTE.slice(1)}`
          : METHOD_CHANGED_NOTE}
      </span>
    </p>
  );
}
