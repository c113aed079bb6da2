import { formatPounds } from '@lumiskin/contract/mix';
import { cn } from '@/lib/utils';

/** The mix's total in pounds, as the landing summary and the shop's drawer show it. */
export function MixTotal({
  totalPence,
  testId,
  className,
}: {
  totalPence: number;
  testId: string;
  className?: string;
}) {
  return (
    <div className={cn('flex items-baseline justify-between', className)}>
      <span className="text-sm text-muted-foreground">Total</span>
      <span className="text-h3 font-semibold tabular-nums" data-testid={testId}>
        {formatPounds(totalPence)}
      </span>
    </div>
  );
}
