import { CheckCircle2Icon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';

/** Navigation state that confirms, on the next page, what the last one did. */
export interface FlashState {
  notice?: string;
}

/**
 * A confirmation carried by the navigation (`navigate(to, { state: { notice } })`), shown at the
 * top of the next page until dismissed: e.g. "Your account has been deleted" on the home page
 * after Delete Account. Only client navigations carry it, so server HTML never has one.
 */
export function FlashNotice() {
  const location = useLocation();
  const notice = (location.state as FlashState | null)?.notice;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!notice || dismissed === location.key) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-brand/40 bg-primary-soft p-4 text-sm"
      >
        <CheckCircle2Icon className="size-5 shrink-0 text-primary-text" aria-hidden />
        <p className="flex-1 font-medium">{notice}</p>
        <button
          type="button"
          onClick={() => setDismissed(location.key)}
          className="inline-flex size-8 items-center justify-center rounded-full hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
          aria-label="Dismiss"
        >
          <XIcon className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
