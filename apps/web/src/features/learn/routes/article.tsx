import type { BlogPost } from '@lumiskin/contract/blog';
import { BlogMessages } from '@lumiskin/contract/messages';
import { ArrowLeftIcon, BookmarkIcon, BookOpenIcon, HeartIcon, Share2Icon } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { usePost } from '@/features/learn/api/get-post';
import { useViewBeacon } from '@/features/learn/api/record-view';
import { useIsReactionPending, useReaction } from '@/features/learn/api/reactions';
import {
  formatPublished,
  PostStats,
  ReadTime,
  updatedLabel,
} from '@/features/learn/components/post-meta';
import { ApiRequestError } from '@/lib/api/api-client';
import { useSession } from '@/lib/api/auth';
import { cn } from '@/lib/utils';
import { formatNumber } from '@/lib/format';

/** The article view (docs/product-rules.md#learn), at its own URL so it can be shared and indexed. */
export default function ArticleRoute() {
  const { slug = '' } = useParams();
  const isSignedIn = useSession() !== null;
  const post = usePost(slug, isSignedIn);
  const isGone = post.error instanceof ApiRequestError && post.error.status === 404;

  return (
    // A long word in a title, excerpt or tag breaks rather than widening a phone's page.
    <article className="mx-auto max-w-3xl px-4 py-8 wrap-break-word sm:px-6 lg:py-12">
      <BackButton />
      {post.isPending ? (
        <ArticleSkeleton />
      ) : post.data && !isGone ? (
        // Offline, a refetch fails but the copy saved on the device is still the article.
        <ArticleBody post={post.data} isSignedIn={isSignedIn} />
      ) : (
        <div className="mt-10 flex flex-col items-center rounded-2xl border bg-card px-6 py-16 text-center">
          <title>Article not found — Lumiskin</title>
          <BookOpenIcon className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="mt-4 text-h2 font-semibold">
            {isGone ? BlogMessages.notFound : BlogMessages.loadFailed}
          </h1>
          <Button asChild className="mt-6" variant="outline">
            <Link to={paths.learn.href}>Browse all articles</Link>
          </Button>
        </div>
      )}
    </article>
  );
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Came from the list inside the app: go back to it (search and scroll kept); else to /learn.
  const cameFromApp = location.key !== 'default';
  return (
    <Button
      variant="ghost"
      className="-ml-3"
      onClick={() => (cameFromApp ? void navigate(-1) : void navigate(paths.learn.href))}
    >
      <ArrowLeftIcon aria-hidden /> Back to articles
    </Button>
  );
}

/** On a button whose change was made offline and is not sent yet. */
function PendingMark() {
  return (
    <span className="ml-1 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-soft-foreground">
      Pending
      <span className="sr-only"> — will be sent when you are back online</span>
    </span>
  );
}

function ArticleBody({ post, isSignedIn }: { post: BlogPost; isSignedIn: boolean }) {
  useViewBeacon(post.id);
  const like = useReaction(post, 'like');
  const save = useReaction(post, 'save');
  const isLikePending = useIsReactionPending(post, 'like');
  const isSavePending = useIsReactionPending(post, 'save');

  function requireSignIn(): boolean {
    if (isSignedIn) return true;
    toast.info(BlogMessages.signInToLike);
    return false;
  }

  async function share() {
    const url = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title: post.title, text: post.excerpt, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.success(BlogMessages.linkCopied);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') toast.error('The link could not be shared.');
    }
  }

  const updated = updatedLabel(post.created_at, post.updated_at);
  return (
    <>
      <title>{`${post.title} — Learn & Glow — Lumiskin`}</title>
      <meta name="description" content={post.excerpt} />
      {/* Link previews where the article is shared (the page is rendered on the server). */}
      <meta property="og:type" content="article" />
      <meta property="og:title" content={post.title} />
      <meta property="og:description" content={post.excerpt} />
      <meta property="og:site_name" content="Lumiskin" />
      {/* Staff's category, title and author may hold a long word: it wraps on a phone. */}
      <header className="mt-6 wrap-anywhere">
        <div className="flex flex-wrap items-center gap-3">
          <Badge className="whitespace-normal">{post.category}</Badge>
          <PostStats views={post.views} likes={post.likes} />
        </div>
        <h1 className="mt-4 text-h1 font-semibold text-balance">{post.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{post.excerpt}</p>
        <p className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{post.author}</span>
          <ReadTime minutes={post.read_time} />
          <time dateTime={post.created_at}>{formatPublished(post.created_at)}</time>
          {updated ? <time dateTime={post.updated_at ?? undefined}>{updated}</time> : null}
        </p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button
            variant="outline"
            aria-pressed={post.liked}
            disabled={like.isPending}
            onClick={() => requireSignIn() && like.mutate()}
            className={cn(post.liked && 'border-[#e11d48]/40 text-[#be123c] dark:text-[#fda4af]')}
          >
            <HeartIcon className={cn(post.liked && 'fill-current')} aria-hidden />
            {post.liked ? 'Liked' : 'Like'}
            <span className="tabular-nums" data-testid="like-count">
              {formatNumber(post.likes)}
            </span>
            {isLikePending ? <PendingMark /> : null}
          </Button>
          <Button
            variant="outline"
            aria-pressed={post.saved}
            disabled={save.isPending}
            onClick={() => requireSignIn() && save.mutate()}
          >
            <BookmarkIcon
              className={cn(post.saved && 'fill-current text-primary-text')}
              aria-hidden
            />
            {post.saved ? 'Saved' : 'Save'}
            {isSavePending ? <PendingMark /> : null}
          </Button>
          <Button variant="outline" onClick={() => void share()}>
            <Share2Icon aria-hidden /> Share
          </Button>
        </div>
      </header>
      <img
        src={post.image}
        alt=""
        width={1200}
        height={630}
        className="mt-8 aspect-[40/21] w-full rounded-2xl object-cover"
      />
      {/* Sanitised on the server from Markdown (modules/blog/markdown.ts); the CSP forbids inline script. */}
      <div
        className={cn(
          // Long words break as the whole article's do; code and table cells wrap too (a region
          // that scrolls would need the keyboard to reach it).
          'mt-8 text-[1.0625rem] leading-[1.75] text-foreground/90',
          '[&_h2]:mt-10 [&_h2]:text-h2 [&_h2]:font-semibold [&_h2]:text-foreground',
          '[&_h3]:mt-8 [&_h3]:text-h3 [&_h3]:font-semibold [&_h3]:text-foreground',
          '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5 [&_li]:pl-1',
          '[&_strong]:font-semibold [&_strong]:text-foreground [&_a]:font-medium [&_a]:text-primary-text [&_a]:underline [&_a]:underline-offset-2',
          '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand/50 [&_blockquote]:pl-4 [&_blockquote]:italic',
          '[&_table]:mt-6 [&_table]:w-full [&_table]:text-sm [&_td]:border-b [&_td]:py-2 [&_td]:pr-4 [&_td]:wrap-anywhere [&_th]:border-b [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left',
          '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_hr]:my-10',
          '[&_pre]:mt-4 [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_pre]:text-sm [&_pre]:whitespace-pre-wrap [&_pre]:wrap-anywhere [&_pre_code]:px-0',
        )}
        data-testid="article-content"
        dangerouslySetInnerHTML={{ __html: post.content_html }}
      />
      <footer className="mt-12 border-t pt-6">
        <h2 className="sr-only">Tags</h2>
        <ul className="flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag} className="max-w-full">
              <Link
                to={`${paths.learn.href}?q=${encodeURIComponent(tag)}`}
                className="inline-flex min-h-9 max-w-full items-center rounded-full border px-3 text-sm text-muted-foreground wrap-anywhere hover:border-brand/60 hover:text-foreground"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-xs text-muted-foreground">
          Lumiskin articles are general information, not medical advice. For a skin condition, see a
          pharmacist, your GP or a dermatologist.
        </p>
      </footer>
    </>
  );
}

function ArticleSkeleton() {
  return (
    <div className="mt-6" aria-label="Loading article">
      <Skeleton className="h-5 w-24" />
      <Skeleton className="mt-4 h-10 w-5/6" />
      <Skeleton className="mt-3 h-5 w-full" />
      <Skeleton className="mt-8 aspect-[40/21] w-full rounded-2xl" />
      <Skeleton className="mt-8 h-4 w-full" />
      <Skeleton className="mt-3 h-4 w-11/12" />
      <Skeleton className="mt-3 h-4 w-4/5" />
    </div>
  );
}
