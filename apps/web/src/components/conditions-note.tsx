import { InfoIcon } from 'lucide-react';
import { TapTooltip } from '@/components/ui/tap-tooltip';
import { cn } from '@/lib/utils';
import {
  conditionsExplanation,
  conditionsLabel,
  type CaptureDifference,
} from '@/lib/scan/baseline';

/**
 * "possibly the lighting" beside a change measured against a scan taken in different conditions,
 * with the reason in a tooltip. A tap opens it too: touch screens have no hover, and Radix opens
 * tooltips only on hover and keyboard focus.
 */
export function ConditionsNote({
  reasons,
  prefix,
  className,
}: {
  reasons: readonly CaptureDifference[];
  /** Words before the label, e.g. "Changes since your last scan:". */
  prefix?: string;
  className?: string;
}) {
  const label = conditionsLabel(reasons);
  return (
    <TapTooltip
      data-testid="conditions-note"
      className={cn(
        'inline-flex items-center gap-1 rounded-sm text-xs font-medium text-muted-foreground underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      content={conditionsExplanation(reasons)}
      contentClassName="max-w-64 text-pretty"
    >
      <InfoIcon className="size-3.5 shrink-0" aria-hidden />
      <span>
        {prefix ? `${prefix} ` : ''}
        {label}
      </span>
    </TapTooltip>
  );
}
