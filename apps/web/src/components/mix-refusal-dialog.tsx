import type { MixRefusal } from '@lumiskin/contract/mix';
import { lazy, Suspense, useState } from 'react';

const MixRefusalAlert = lazy(() => import('@/components/mix-refusal-alert'));

/**
 * The mix rule's refusal as an accessible alert dialog (see `mix-refusal-alert.tsx`). Radix's
 * dialog code loads with the first refusal, so the landing page's first chunk carries none of it;
 * once loaded the dialog stays mounted so it can animate out.
 */
export function MixRefusalDialog({
  refusal,
  onClose,
}: {
  refusal: MixRefusal | null;
  onClose: () => void;
}) {
  const [isNeeded, setIsNeeded] = useState(false);
  if (refusal !== null && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <MixRefusalAlert refusal={refusal} onClose={onClose} />
    </Suspense>
  );
}
