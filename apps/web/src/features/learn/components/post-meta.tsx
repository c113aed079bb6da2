import { ClockIcon, EyeIcon, HeartIcon } from 'lucide-react';

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    // The same day on the server and in every reader's browser (the page is server-rendered).
    timeZone: 'UTC',
  });
}

export function PostStats({ views, likes }: { views: number; likes: number }) {
  return (
    <span className="flex items-center gap-3 text-xs text-muted-foreground">
      <span className="flex items-center gap-1">
        <EyeIcon className="size-3.5" aria-hidden />
        <span>
          {views.toLocaleString('en-GB')} <span className="sr-only">views</span>
        </span>
      </span>
      <span className="flex items-center gap-1">
        <HeartIcon className="size-3.5" aria-hidden />
        <span>
          {likes.toLocaleString('en-GB')} <span className="sr-only">likes</span>
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
