import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { MixRefusalShown } from '@/components/mix-refusal-alert';

const MixRefusalAlert = lazy(() => import('@/components/mix-refusal-alert'));

/**
 * The mix rule's refusal as an accessible alert dialog (see `mix-refusal-alert.tsx`). Radix's
 * dialog code loads with the first refusal, so the landing page's first chunk carries none of it;
 * once loaded the dialog stays mounted so it can animate out. The dialog has no Radix trigger, so
 * the element that had focus when the refusal came (the refused 'Add' button) is remembered here,
 * before the dialog's focus scope moves focus (its effect runs after this layout effect), and gets
 * focus back when the dialog closes.
 */
export function MixRefusalDialog({
  refusal,
  onClose,
  onReplace,
}: {
  refusal: MixRefusalShown | null;
  onClose: () => void;
  /** Offers to put the refused product in the place of one the mix holds (decision 198). */
  onReplace?: (id: string) => void;
}) {
  const [isNeeded, setIsNeeded] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  if (refusal !== null && !isNeeded) setIsNeeded(true);
  const isOpen = refusal !== null;
  useLayoutEffect(() => {
    if (isOpen && document.activeElement instanceof HTMLElement)
      returnFocusTo.current = document.activeElement;
  }, [isOpen]);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <MixRefusalAlert
        refusal={refusal}
        onClose={onClose}
        onReplace={onReplace}
        returnFocusTo={returnFocusTo}
      />
    </Suspense>
  );
}
