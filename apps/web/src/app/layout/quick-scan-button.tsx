import { ScanFaceIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** Height of the button plus its margin; the layout reserves this much space below the content. */
export const QUICK_SCAN_CLEARANCE = 'pb-24';

/** Scrolled distance (px) before the direction counts; stops jitter on small moves. */
const SCROLL_SLACK = 8;

/**
 * True while the reader scrolls down past the first screen: the floating button steps aside so it
 * never sits on the text being read, and comes back as soon as they scroll up or reach the end.
 */
function useHiddenWhileReading(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - 4;
        if (y < window.innerHeight / 2 || atEnd) setHidden(false);
        else if (y > last + SCROLL_SLACK) setHidden(true);
        else if (y < last - SCROLL_SLACK) setHidden(false);
        if (Math.abs(y - last) > SCROLL_SLACK) last = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return hidden;
}

/** Floating shortcut to /scan for signed-in people (spec §2). */
export function QuickScanButton() {
  const hidden = useHiddenWhileReading();
  return (
    <Link
      to={paths.scan.href}
      aria-label="Quick Scan"
      // Keyboard users always get it back: focusing it shows it.
      tabIndex={0}
      data-hidden={hidden || undefined}
      className={cn(
        'fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 inline-flex h-14 items-center gap-2 rounded-full bg-primary px-5 text-sm font-semibold text-primary-foreground shadow-[0_12px_30px_-8px_rgb(124_58_237/0.7)] transition-[transform,opacity,background-color] duration-200 hover:-translate-y-0.5 hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none sm:right-6 sm:bottom-6',
        hidden &&
          'pointer-events-none translate-y-24 opacity-0 focus-visible:pointer-events-auto focus-visible:translate-y-0 focus-visible:opacity-100',
      )}
    >
      <ScanFaceIcon className="size-5" aria-hidden />
      <span className="hidden sm:inline">Quick Scan</span>
    </Link>
  );
}
