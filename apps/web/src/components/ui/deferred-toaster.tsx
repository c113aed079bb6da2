import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/components/ui/use-toast';

const Toaster = lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * Radix's toast code loads with the first toast, not with the first page: until something is
 * said there is nothing to show. Toasts raised while it loads wait in the store and appear with it;
 * Radix announces each toast through its own live region, so nothing is lost to screen readers.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  const [isNeeded, setIsNeeded] = useState(false);
  if (toasts.length > 0 && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
