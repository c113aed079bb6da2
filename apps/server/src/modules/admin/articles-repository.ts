import type { AdminArticle, ArticleBody } from '@lumiskin/contract/admin';
import { asc, desc, eq } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { blogPosts, type BlogPostRow } from '../blog/schema';
import type { Executor } from '../../db/client';

export function articleStatus(row: BlogPostRow, now = new Date()): AdminArticle['status'] {
  if (row.status === 'draft') return 'draft';
  return row.publishedAt > now ? 'scheduled' : 'published';
}

export function toAdminArticle(row: BlogPostRow): AdminArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category,
    tags: row.tags,
    author: row.author,
    featured: row.featured,
    image: row.image,
    status: articleStatus(row),
    published_at: row.publishedAt.toISOString(),
    updated_at: row.updatedAt?.toISOString() ?? null,
    views: row.views,
    likes: row.likes,
  };
}

export const articleSnapshot = (row: BlogPostRow) => {
  const { content: _content, views: _v, likes: _l, ...rest } = toAdminArticle(row);
  return { ...rest, content_length: row.content.length };
};

const { search: _articleSearch, ...articleColumns } = getTableColumns(blogPosts);

export async function listArticles(db: Db): Promise<AdminArticle[]> {
  const rows = await db
    .select(articleColumns)
    .from(blogPosts)
    .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug));
  return rows.map((row) => toAdminArticle(row as BlogPostRow));
}

export async function findArticle(db: Db, id: string): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .select(articleColumns)
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row as BlogPostRow | undefined;
}

/**
 * When an article is (or stays) published (decision 076): the date the form sets; else, for an
 * edit, the date it already has — fixing a typo never re-dates it — unless a draft is published
 * for the first time now; else now.
 */
export function publicationDate(
  body: z.infer<typeof ArticleBody>,
  existing: BlogPostRow | null,
  now = new Date(),
): Date {
  if (body.published_at) return new Date(body.published_at);
  if (!existing) return now;
  const firstPublished = existing.status === 'draft' && body.status === 'published';
  return firstPublished ? now : existing.publishedAt;
}

/** The row an article form saves: its reading time counted at 200 words a minute. */
export function articleValues(
  body: z.infer<typeof ArticleBody>,
  existing: BlogPostRow | null,
  now = new Date(),
) {
  const words = body.content.split(/\s+/).filter(Boolean).length;
  return {
    slug: body.slug,
    title: body.title,
    excerpt: body.excerpt,
    content: body.content,
    category: body.category,
    tags: body.tags,
    author: body.author,
    featured: body.featured,
    image: body.image,
    status: body.status,
    publishedAt: publicationDate(body, existing, now),
    updatedAt: existing ? now : null,
    readTime: Math.max(1, Math.round(words / 200)),
  };
}

type ArticleValues = ReturnType<typeof articleValues>;

/** The id of the article that has this slug, if any. */
export async function articleIdBySlug(tx: Executor, slug: string): Promise<string | undefined> {
  const [clash] = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug))
    .limit(1);
  return clash?.id;
}

/** Inserts (no `id`) or replaces one article; undefined when nothing was written. */
export async function writeArticle(
  tx: Executor,
  id: string | null,
  values: ArticleValues,
): Promise<BlogPostRow | undefined> {
  const [saved] = id
    ? await tx.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning()
    : await tx.insert(blogPosts).values(values).returning();
  return saved;
}

export async function deleteArticle(tx: Executor, id: string): Promise<void> {
  await tx.delete(blogPosts).where(eq(blogPosts.id, id));
}
