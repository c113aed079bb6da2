import { ScanFaceIcon } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { tappableBeneath, useIsQuickScanHiddenByPage } from '@/lib/scan/quick-scan';
import { cn } from '@/lib/utils';

/** Height of the button plus its margin; the layout reserves this much space below the content. */
export const QUICK_SCAN_CLEARANCE = 'pb-24';

/** Scrolled distance (px) before the direction counts; stops jitter on small moves. */
const SCROLL_SLACK = 8;
/** Scrolling has stopped when no scroll event came for this long. */
const SETTLE_MS = 150;
/** How often a settled page is looked at again (content that loads, a tab or panel that opens). */
const RECHECK_MS = 400;

/**
 * Whether the button steps aside (decision 035):
 * - while the reader scrolls down past the first screen, so it never sits on the text being read;
 * - whenever something tappable lies under it. While scrolling it only ever hides for that; it
 *   comes back once scrolling stops on a free spot (no blinking as a list passes under it); a
 *   settled page is looked at again when content arrives and every RECHECK_MS (a tab or panel
 *   that opens, an animation that ends). At the end of a page the layout's clearance
 *   under the footer is always free, so the button is there.
 */
function useStepAside(button: RefObject<HTMLElement | null>): boolean {
  const [readingDown, setReadingDown] = useState(false);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let isScrolling = false;
    const covers = () => (button.current ? tappableBeneath(button.current) : false);
    const check = () => setBlocked(covers());
    const onScroll = () => {
      isScrolling = true;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - 4;
        if (y < window.innerHeight / 2 || atEnd) setReadingDown(false);
        else if (y > last + SCROLL_SLACK) setReadingDown(true);
        else if (y < last - SCROLL_SLACK) setReadingDown(false);
        if (Math.abs(y - last) > SCROLL_SLACK) last = y;
        if (covers()) setBlocked(true);
      });
      clearTimeout(settle);
      settle = setTimeout(() => {
        isScrolling = false;
        check();
      }, SETTLE_MS);
    };
    // Looking costs a layout: done when the browser is idle (within a moment), so it never slows
    // a page's start; at most one look waits at a time.
    let isPending = false;
    const checkSoon = () => {
      if (isPending) return;
      isPending = true;
      const run = () => {
        isPending = false;
        if (!isScrolling && document.visibilityState === 'visible') check();
      };
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 200 });
      else setTimeout(run, 0);
    };
    const recheck = setInterval(checkSoon, RECHECK_MS);
    // Content that arrives (a chart, a list) may land under the button without any scrolling.
    const arrivals = new MutationObserver(checkSoon);
    arrivals.observe(document.body, { childList: true, subtree: true });
    checkSoon();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      clearInterval(recheck);
      arrivals.disconnect();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', check);
    };
  }, [button]);
  return readingDown || blocked;
}

/** Floating shortcut to /scan for signed-in people (docs/product-rules.md#navigation). */
export function QuickScanButton() {
  const ref = useRef<HTMLAnchorElement>(null);
  const stepsAside = useStepAside(ref);
  const hiddenByPage = useIsQuickScanHiddenByPage();
  if (hiddenByPage) return null;
  // In a landmark of its own, so a screen reader's list of landmarks finds it (the link is fixed
  // to the corner; the nav around it takes no space).
  return (
    <nav aria-label="Quick scan">
      <Link
        ref={ref}
        to={paths.scan.href}
        aria-label="Quick Scan"
        // Keyboard users always get it back: focusing it shows it.
        tabIndex={0}
        data-hidden={stepsAside || undefined}
        className={cn(
          'fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 print:hidden inline-flex h-14 items-center gap-2 rounded-full bg-primary px-5 forced-colors:border text-sm font-semibold text-primary-foreground shadow-[0_12px_30px_-8px_rgb(124_58_237/0.7)] transition-[translate,opacity,background-color] duration-200 hover:-translate-y-0.5 hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none sm:right-6 sm:bottom-6',
          stepsAside &&
            'pointer-events-none translate-y-24 opacity-0 focus-visible:pointer-events-auto focus-visible:translate-y-0 focus-visible:opacity-100',
        )}
      >
        <ScanFaceIcon className="size-5" aria-hidden />
        <span className="hidden sm:inline">Quick Scan</span>
      </Link>
    </nav>
  );
}
