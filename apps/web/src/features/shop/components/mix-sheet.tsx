import { ShoppingBagIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { UseMix } from '@/lib/api/mix';
import { pluralWord } from '@/lib/format';

const loadPanel = () => import('@/features/shop/components/mix-sheet-panel');
const MixSheetPanel = lazy(loadPanel);

/**
 * The 'Mix' count button and the drawer it opens. The drawer (Radix Dialog, scroll lock) loads
 * on the first hover, focus or click, so the shop's first load carries none of it.
 */
export function MixSheet({ mix }: { mix: UseMix }) {
  const [open, setOpen] = useState(false);
  const [isNeeded, setIsNeeded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        className="gap-2"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mix-sheet' : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setIsNeeded(true);
          setOpen(true);
        }}
      >
        <ShoppingBagIcon aria-hidden /> Mix
        <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
          {mix.count}
        </span>
        <span className="sr-only">{pluralWord(mix.count, 'item')}</span>
      </Button>
      {isNeeded ? (
        <Suspense fallback={null}>
          <MixSheetPanel mix={mix} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
