import { ScanFaceIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Height of the button plus its margin; the layout reserves this much space below the content. */
export const QUICK_SCAN_CLEARANCE = 'pb-24';

/** Floating shortcut to /scan for signed-in people (spec §2). */
export function QuickScanButton() {
  return (
    <Link
      to={paths.scan.href}
      aria-label="Quick Scan"
      className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 inline-flex h-14 items-center gap-2 rounded-full bg-primary px-5 text-sm font-semibold text-primary-foreground shadow-[0_12px_30px_-8px_rgb(124_58_237/0.7)] transition-[transform,background-color] duration-200 hover:-translate-y-0.5 hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:right-6 sm:bottom-6"
    >
      <ScanFaceIcon className="size-5" aria-hidden />
      <span className="hidden sm:inline">Quick Scan</span>
    </Link>
  );
}
