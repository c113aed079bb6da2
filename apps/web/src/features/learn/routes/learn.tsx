import { BlogMessages } from '@lumiskin/contract/messages';
import { BookmarkIcon, BookOpenIcon, RotateCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { FilterBar } from '@/components/filter-bar';
import { sliced } from '@/components/hydration-slice';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { postFiltersFrom } from '@/features/learn/api/posts-loader';
import { isOfflineFailure } from '@/lib/api/api-client';
import { usePosts } from '@/lib/api/get-posts';
import { PostCard, PostCardSkeleton } from '@/features/learn/components/post-card';
import { useSession } from '@/lib/api/auth';
import { useSearchParam } from '@/lib/search-params';

const FEATURED_COUNT = 2; // docs/product-rules.md#constants
const SKELETON_CARDS = 6; // docs/product-rules.md#constants
/** Images loaded at once, featured ones included; the rest load as they near the screen. */
const EAGER_CARDS = 3;
/** Cards hydrated together (components/hydration-slice). */
const CARDS_PER_SLICE = 3;

export default function LearnRoute() {
  const { params, setParams, setParam } = useSearchParam();
  const isSignedIn = useSession() !== null;
  const filters = postFiltersFrom(params, isSignedIn);
  const { q, category, saved } = filters;
  // Same query options as the route's loader, which started this request with the navigation.
  const posts = usePosts(filters, isSignedIn);

  useEffect(() => {
    // Offline, the offline bar already says so: no toast over the articles kept from last time.
    if (posts.isError && !isOfflineFailure(posts.error)) toast.error(BlogMessages.loadFailed);
  }, [posts.isError, posts.error]);

  const data = posts.data;
  const all = data?.posts ?? [];
  const isFiltered = q !== '' || category !== '' || saved;
  // docs/product-rules.md#learn: at most two featured posts, only with no search and all topics.
  const featured = isFiltered ? [] : all.filter((p) => p.featured).slice(0, FEATURED_COUNT);
  const rest = isFiltered ? all : all.filter((p) => !featured.includes(p));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <title>Learn &amp; Glow — Lumiskin</title>
      <meta
        name="description"
        content="Learn & Glow: clear, evidence-based articles on sunscreen, retinoids, acne, the skin barrier and building a simple routine."
      />
      <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
        Learn &amp; Glow
      </p>
      <h1 className="mt-2 text-h1 font-semibold">Skin science, in plain English</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Short, kind, evidence-based reads from the Lumiskin team. Nothing here is medical advice.
      </p>

      <FilterBar
        query={q}
        onQueryChange={(v) => setParam('q', v)}
        searchLabel="Search articles"
        searchPlaceholder="Search articles"
        category={category}
        categories={posts.data?.categories ?? []}
        onCategoryChange={(v) => setParam('category', v)}
        categoryLabel="Topic"
        allLabel="All Topics"
      >
        {isSignedIn ? (
          <Button
            variant="outline"
            className="shrink-0 aria-pressed:bg-primary-soft aria-pressed:text-primary-soft-foreground"
            aria-pressed={saved}
            onClick={() => setParam('saved', saved ? '' : 'true')}
          >
            <BookmarkIcon aria-hidden /> Reading list
          </Button>
        ) : null}
      </FilterBar>

      {posts.isError && !posts.data ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center">
          <p className="font-semibold">{BlogMessages.loadFailed}</p>
          <Button className="mt-4" variant="outline" onClick={() => void posts.refetch()}>
            <RotateCwIcon aria-hidden /> Try again
          </Button>
        </div>
      ) : !data ? (
        <ul
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="Loading articles"
        >
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </ul>
      ) : (
        <>
          {featured.length > 0 ? (
            <section aria-labelledby="featured-title" className="mt-10">
              <h2 id="featured-title" className="text-h2 font-semibold">
                Featured
              </h2>
              <ul className="mt-5 grid gap-6 lg:grid-cols-2">
                {featured.map((post, index) => (
                  <PostCard key={post.id} post={post} eager priority={index === 0} />
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="list-title" className="mt-12">
            <div className="flex items-baseline justify-between gap-3">
              <h2 id="list-title" className="text-h2 font-semibold">
                {isFiltered ? 'Search Results' : 'Latest Articles'}
              </h2>
              <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
                {all.length} {all.length === 1 ? 'article' : 'articles'}
              </p>
            </div>
            {all.length === 0 ? (
              <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-16 text-center">
                <BookOpenIcon className="size-10 text-muted-foreground" aria-hidden />
                <h3 className="mt-4 text-h3 font-semibold">{BlogMessages.noArticles}</h3>
                <p className="mt-1 text-sm text-muted-foreground">
                  {saved ? 'Save an article to find it here later.' : 'Try another word or topic.'}
                </p>
                <Button
                  className="mt-6"
                  variant="outline"
                  onClick={() => setParams(new URLSearchParams(), { replace: true })}
                >
                  Show all articles
                </Button>
              </div>
            ) : (
              <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {sliced(rest, CARDS_PER_SLICE, (post, index) => (
                  <PostCard
                    key={post.id}
                    post={post}
                    eager={featured.length + index < EAGER_CARDS}
                    priority={featured.length === 0 && index === 0}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
