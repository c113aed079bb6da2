import { AlertCircleIcon, RotateCwIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A failed load says so and offers a retry, instead of leaving the card empty (docs/product-rules.md#errors-and-messages, docs/design.md#states). */
export function LoadError({
  what,
  onRetry,
  className,
}: {
  what: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert variant="destructive" role="alert" className={cn('items-center', className)}>
      <AlertCircleIcon aria-hidden />
      <p className="flex-1">We could not load {what}.</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RotateCwIcon aria-hidden /> Retry
      </Button>
    </Alert>
  );
}
