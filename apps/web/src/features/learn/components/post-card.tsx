import type { BlogPostSummary } from '@lumiskin/contract/blog';
import { BookmarkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { formatPublished, PostStats, ReadTime } from '@/features/learn/components/post-meta';
import { cn } from '@/lib/utils';

const TAGS_PER_CARD = 3; // docs/product-rules.md#constants

export function PostCard({
  post,
  featured = false,
  eager = false,
  priority = false,
}: {
  post: BlogPostSummary;
  featured?: boolean;
  /** Load the image at once (it is on the first screen) instead of as it nears the screen. */
  eager?: boolean;
  /** fetchpriority="high": the image that is likely the page's largest paint. */
  priority?: boolean;
}) {
  return (
    <li
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-soft transition-shadow duration-200 focus-within:shadow-lift hover:shadow-lift has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring',
        featured && 'md:flex-row',
        // Cards further down are laid out and painted only as they near the screen; the size
        // holds their place until then (and is remembered once they have been seen).
        !eager && !featured && '[contain-intrinsic-size:auto_28rem] [content-visibility:auto]',
      )}
      data-testid="post-card"
    >
      <img
        src={post.image}
        alt=""
        width={1200}
        height={630}
        loading={featured || eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={cn('aspect-[40/21] w-full object-cover', featured && 'md:aspect-auto md:w-1/2')}
      />
      <div className="flex min-w-0 flex-1 flex-col p-5 wrap-anywhere sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <Badge className="whitespace-normal">{post.category}</Badge>
          <PostStats views={post.views} likes={post.likes} />
        </div>
        <h3
          className={cn(
            'mt-3 font-semibold leading-snug text-balance',
            featured ? 'text-h2' : 'text-h3',
          )}
        >
          <Link
            to={paths.article.href(post.slug)}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
          >
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted-foreground">
          {post.excerpt}
        </p>
        <div className="mt-auto pt-4">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{post.author.split(',')[0]}</span>
            <ReadTime minutes={post.read_time} />
            <time dateTime={post.created_at}>{formatPublished(post.created_at)}</time>
            {post.saved ? (
              <span className="flex items-center gap-1 text-primary-text">
                <BookmarkIcon className="size-3.5 fill-current" aria-hidden /> Saved
              </span>
            ) : null}
          </p>
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
            {post.tags.slice(0, TAGS_PER_CARD).map((tag) => (
              <li key={tag}>
                <Badge variant="outline" className="font-medium">
                  #{tag}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </li>
  );
}

export function PostCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-2xl border bg-card" data-testid="post-skeleton">
      <div className="aspect-[40/21] w-full animate-pulse bg-muted motion-reduce:animate-none" />
      <div className="p-6">
        <div className="h-4 w-1/4 animate-pulse rounded bg-muted" />
        <div className="mt-4 h-5 w-5/6 animate-pulse rounded bg-muted" />
        <div className="mt-2 h-4 w-full animate-pulse rounded bg-muted" />
        <div className="mt-2 h-4 w-2/3 animate-pulse rounded bg-muted" />
      </div>
    </li>
  );
}
