import type { AdminArticle, ArticleBody } from '@lumiskin/contract/admin';
import { useEffect, useState } from 'react';
import { LeaveGuard } from '@/components/leave-guard';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, errorId, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { previewMarkdown, useAdminArticles, useSaveArticle } from '@/features/admin/api/articles';
import {
  CHECK_THE_MARKED_FIELDS,
  useServerFieldErrors,
} from '@/features/admin/components/server-field-errors';
import { errorMessage } from '@/lib/api/api-client';
import { formatDate, plural } from '@/lib/format';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';

type Draft = Omit<ArticleBody, 'tags' | 'status'> & {
  tags: string;
  status: 'draft' | 'published' | 'scheduled';
  published_at: string;
};

const EMPTY: Draft = {
  slug: '',
  title: '',
  excerpt: '',
  content: '',
  category: '',
  tags: '',
  author: '',
  featured: false,
  image: '',
  status: 'draft',
  published_at: '',
};

/** The fields the form edits, picked one by one: the loaded article's id, views and likes are
 * not the route's to receive (unknown body fields are refused, decision 074). */
function draftOf(article: AdminArticle): Draft {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    category: article.category,
    author: article.author,
    featured: article.featured,
    image: article.image,
    status: article.status,
    tags: article.tags.join(', '),
    // <input type="datetime-local"> takes local time without a zone.
    published_at: new Date(
      new Date(article.published_at).getTime() - new Date().getTimezoneOffset() * 60_000,
    )
      .toISOString()
      .slice(0, 16),
  };
}

/** The preview comes from the server: the same sanitiser as the public article page. */
function Preview({ content }: { content: string }) {
  const [html, setHtml] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewMarkdown(content, controller.signal)
        .then((r) => setHtml(r.html))
        .catch(() => {});
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content]);
  return (
    <div
      data-testid="article-preview"
      className="prose prose-sm dark:prose-invert max-w-none rounded-lg border p-3"
      // Sanitised on the server by the public page's own sanitiser.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function Editor({ article, onDone }: { article: AdminArticle | null; onDone: () => void }) {
  const [initial] = useState<Draft>(() => (article ? draftOf(article) : EMPTY));
  const [draft, setDraft] = useState<Draft>(initial);
  const save = useSaveArticle();
  const isDirty = (Object.keys(draft) as (keyof Draft)[]).some(
    (key) => draft[key] !== initial[key],
  );
  const { errorFor, take, clear } = useServerFieldErrors();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };
  /** A refused field's message, below its control (outside the label: not part of its name). */
  const errorOf = (key: string) => {
    const error = errorFor(key);
    return error ? <FieldError id={errorId(`article-${key}`)}>{error}</FieldError> : null;
  };
  const field = (
    key: 'slug' | 'title' | 'excerpt' | 'category' | 'author' | 'image' | 'tags',
    label: string,
  ) => (
    <div className="grid gap-1">
      <label className="block text-sm">
        {label}
        <Input
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          {...fieldAria(`article-${key}`, errorFor(key))}
        />
      </label>
      {errorOf(key)}
    </div>
  );
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const { status, published_at, tags, ...rest } = draft;
        const body: ArticleBody = {
          ...rest,
          tags: tags
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
          status: status === 'draft' ? 'draft' : 'published',
          ...(status === 'scheduled' && published_at
            ? { published_at: new Date(published_at).toISOString() }
            : {}),
        };
        save.mutate(
          { id: article?.id ?? null, body },
          {
            onSuccess: () => {
              toast.success('Article saved');
              onDone();
            },
            onError: (error) =>
              toast.error(
                take(error)
                  ? `The article was not saved. ${CHECK_THE_MARKED_FIELDS}.`
                  : errorMessage(error, 'The article was not saved'),
              ),
          },
        );
      }}
    >
      <LeaveGuard when={isDirty && !save.isPending} what="The article’s changes" />
      <div className="grid gap-3 sm:grid-cols-2">
        {field('title', 'Title')}
        {field('slug', 'Slug')}
        {field('category', 'Category')}
        {field('author', 'Author')}
        {field('image', 'Cover image path')}
        {field('tags', 'Tags (comma-separated)')}
      </div>
      {field('excerpt', 'Excerpt')}
      <div className="grid gap-3 lg:grid-cols-2">
        <div className="grid content-start gap-1">
          <label className="block text-sm">
            Markdown
            <Textarea
              className="mt-1 h-64 font-mono"
              value={draft.content}
              onChange={(e) => set('content', e.target.value)}
              {...fieldAria('article-content', errorFor('content'))}
            />
          </label>
          {errorOf('content')}
        </div>
        <div className="text-sm">
          Preview
          <Preview content={draft.content} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="text-sm">
          Status{' '}
          <NativeSelect
            compact
            value={draft.status}
            onChange={(e) => set('status', e.target.value as Draft['status'])}
          >
            <option value="draft">Draft</option>
            <option value="published">Published</option>
            <option value="scheduled">Scheduled</option>
          </NativeSelect>
        </label>
        {draft.status === 'scheduled' ? (
          <label className="text-sm">
            Publish at{' '}
            <input
              type="datetime-local"
              className="h-9 rounded-md border bg-card px-2"
              value={draft.published_at}
              onChange={(e) => set('published_at', e.target.value)}
              {...fieldAria('article-published_at', errorFor('published_at'))}
            />
          </label>
        ) : null}
        {draft.status === 'scheduled' ? errorOf('published_at') : null}
        <label className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={draft.featured}
            onChange={(e) => set('featured', e.target.checked)}
          />
          Featured
        </label>
        <Button type="submit" disabled={save.isPending}>
          Save article
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export default function AdminArticlesRoute() {
  const articles = useAdminArticles();
  const [editing, setEditing] = useState<AdminArticle | 'new' | null>(null);
  if (editing) {
    return (
      <div className="space-y-4">
        <title>{`${editing === 'new' ? 'New article' : `Edit ${editing.title}`} — Admin — Lumiskin`}</title>
        <h1 className="text-2xl font-bold">{editing === 'new' ? 'New article' : 'Edit article'}</h1>
        <Editor article={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <title>Articles — Admin — Lumiskin</title>
        <h1 className="text-2xl font-bold">Articles</h1>
        <Button onClick={() => setEditing('new')}>New article</Button>
      </div>
      <Card className="px-4">
        {articles.isPending ? (
          <Spinner />
        ) : articles.isError ? (
          <LoadError what="the articles" onRetry={() => void articles.refetch()} />
        ) : (
          <ul>
            {articles.data.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-2 border-b py-3">
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{a.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {a.status === 'published' ? 'Published' : 'Draft'} ·{' '}
                    {formatDate(a.published_at)}
                    {a.updated_at ? ` · updated ${formatDate(a.updated_at)}` : ''} ·{' '}
                    {plural(a.views, 'view')}
                  </p>
                </div>
                <Button size="sm" variant="outline" onClick={() => setEditing(a)}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
