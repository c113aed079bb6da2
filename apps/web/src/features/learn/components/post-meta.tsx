import { ClockIcon, EyeIcon, HeartIcon } from 'lucide-react';
import { formatDate, formatNumber, pluralWord } from '@/lib/format';

/** The same day on the server and in every reader's browser (the page is server-rendered). */
export function formatPublished(iso: string): string {
  return formatDate(iso, { timeZone: 'UTC' });
}

/**
 * "Updated 3 Sep 2026" for an article staff edited on a later day than it was published (an edit
 * keeps the publication date, decision 076); null when there is nothing to add.
 */
export function updatedLabel(publishedIso: string, updatedIso: string | null): string | null {
  if (!updatedIso) return null;
  const updated = formatPublished(updatedIso);
  return updated && updated !== formatPublished(publishedIso) ? `Updated ${updated}` : null;
}

export function PostStats({ views, likes }: { views: number; likes: number }) {
  return (
    <span className="flex items-center gap-3 text-xs text-muted-foreground">
      <span className="flex items-center gap-1">
        <EyeIcon className="size-3.5" aria-hidden />
        <span>
          {formatNumber(views)} <span className="sr-only">{pluralWord(views, 'view')}</span>
        </span>
      </span>
      <span className="flex items-center gap-1">
        <HeartIcon className="size-3.5" aria-hidden />
        <span>
          {formatNumber(likes)} <span className="sr-only">{pluralWord(likes, 'like')}</span>
        </span>
      </span>
    </span>
  );
}

export function ReadTime({ minutes }: { minutes: number }) {
  return (
    <span className="flex items-center gap-1">
      <ClockIcon className="size-3.5" aria-hidden /> {minutes} min read
    </span>
  );
}
