import { ArrowRightIcon, ClockIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { landingPostsQueryOptions } from '@/lib/api/get-posts';

export function ArticleTeasers() {
  const articles = useQuery(landingPostsQueryOptions());
  // Rendered in a deferred (interruptible) pass when the answer arrives, like the mix demo.
  const loaded = useDeferredValue(articles.data?.posts);
  const posts = (loaded ?? []).slice(0, 4);

  return (
    <section
      aria-labelledby="articles-title"
      className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:pb-24"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
            Learn &amp; Glow
          </p>
          <h2 id="articles-title" className="mt-3 text-h1 font-semibold">
            Skin science, in plain English
          </h2>
        </div>
        <Link
          to={paths.learn.href}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-primary-text hover:underline"
        >
          All articles <ArrowRightIcon className="size-4" aria-hidden />
        </Link>
      </div>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {loaded === undefined || articles.isError
          ? [0, 1, 2, 3].map((i) => (
              <li key={i} className="overflow-hidden rounded-2xl border bg-card">
                <Skeleton className="aspect-[40/21] w-full rounded-none" />
                <div className="p-5">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="mt-3 h-5 w-full" />
                  <Skeleton className="mt-2 h-5 w-2/3" />
                </div>
              </li>
            ))
          : posts.map((post) => (
              <li
                key={post.id}
                className="group relative overflow-hidden rounded-2xl border bg-card shadow-soft transition-shadow hover:shadow-lift has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
              >
                <img
                  src={post.image}
                  alt=""
                  width={1200}
                  height={630}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[40/21] w-full object-cover"
                />
                <div className="p-5">
                  <p className="text-xs font-semibold text-primary-text">{post.category}</p>
                  <h3 className="mt-2 font-semibold leading-snug text-balance">
                    <Link
                      to={paths.article.href(post.slug)}
                      className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
                    >
                      {post.title}
                    </Link>
                  </h3>
                  <p className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground">
                    <ClockIcon className="size-3.5" aria-hidden /> {post.read_time} min read
                  </p>
                </div>
              </li>
            ))}
      </ul>
    </section>
  );
}
