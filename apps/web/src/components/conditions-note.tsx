import { InfoIcon } from 'lucide-react';
import { useState } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import {
  conditionsExplanation,
  conditionsLabel,
  type CaptureDifference,
} from '@/lib/scan-baseline';

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
  const [isOpen, setIsOpen] = useState(false);
  const label = conditionsLabel(reasons);
  return (
    <Tooltip open={isOpen} onOpenChange={setIsOpen}>
      <TooltipTrigger asChild>
        <button
          type="button"
          // Radix closes a tooltip on its trigger's click; a tap must open it (touch has no
          // hover), so the default close is prevented.
          onClick={(event) => {
            event.preventDefault();
            setIsOpen(true);
          }}
          data-testid="conditions-note"
          className={cn(
            'inline-flex items-center gap-1 rounded-sm text-xs font-medium text-muted-foreground underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            className,
          )}
        >
          <InfoIcon className="size-3.5 shrink-0" aria-hidden />
          <span>
            {prefix ? `${prefix} ` : ''}
            {label}
          </span>
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-64 text-pretty">
        {conditionsExplanation(reasons)}
      </TooltipContent>
    </Tooltip>
  );
}
