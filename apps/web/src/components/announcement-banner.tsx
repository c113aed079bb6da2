import { MegaphoneIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useSiteSettings } from '@/lib/api/get-settings';
import { getItem, setItem } from '@/lib/platform/storage';

const DISMISSED_KEY = 'lumiskin_dismissed_announcement';

/**
 * The admin's announcement over every page (admin settings). Plain text, never HTML. Closing it
 * hides that text on this device; a new announcement shows again.
 */
export function AnnouncementBanner() {
  const settings = useSiteSettings();
  const [dismissed, setDismissed] = useState(() => getItem(DISMISSED_KEY));
  const text = settings.data?.announcement ?? '';
  if (!text || text === dismissed) return null;
  return (
    <div
      role="region"
      aria-label="Announcement"
      className="flex items-center justify-center gap-2 bg-primary-soft print:hidden px-4 py-2 text-center text-sm font-medium text-primary-soft-foreground"
    >
      <MegaphoneIcon className="size-4 shrink-0" aria-hidden />
      {/* A pasted link or long word breaks rather than widening every page past a phone. */}
      <p className="min-w-0 wrap-anywhere">{text}</p>
      <button
        type="button"
        aria-label="Close the announcement"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-primary/10"
        onClick={() => {
          setItem(DISMISSED_KEY, text);
          setDismissed(text);
        }}
      >
        <XIcon className="size-4" aria-hidden />
      </button>
    </div>
  );
}
