import type { BlogPost, BlogPostSummary } from '@lumiskin/contract/blog';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullTextSearch } from '../shop/repository';
import { blogPosts, postLikes, postSaves, postViews } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const { search: _search, content: _content, ...summaryColumns } = getTableColumns(blogPosts);

/** Whether `userId` saved the row's post; false for visitors (no subquery at all). */
function savedFlag(userId: string | null) {
  if (!userId) return { saved: sql<boolean>`false` };
  return {
    saved: sql<boolean>`exists (select 1 from ${postSaves} where ${postSaves.postId} = ${blogPosts.id} and ${postSaves.userId} = ${userId})`,
  };
}

/** Whether `userId` liked the row's post: on the article's own answer only (decision 141). */
function likedFlag(userId: string | null) {
  if (!userId) return { liked: sql<boolean>`false` };
  return {
    liked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${blogPosts.id} and ${postLikes.userId} = ${userId})`,
  };
}

type SummaryRow = Omit<typeof blogPosts.$inferSelect, 'search' | 'content'> & { saved: boolean };

function toSummary(row: SummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    tags: row.tags,
    category: row.category,
    author: row.author,
    read_time: row.readTime,
    views: row.views,
    likes: row.likes,
    featured: row.featured,
    image: row.image,
    image_data: row.image,
    created_at: row.publishedAt.toISOString(),
    saved: row.saved,
  };
}

/** Drafts and scheduled posts (published_at still ahead) are not public anywhere. */
const isPublic = sql`(${blogPosts.status} = 'published' and ${blogPosts.publishedAt} <= now())`;

export async function listPosts(
  db: Db,
  query: {
    q?: string | undefined;
    category?: string | undefined;
    featured?: boolean | undefined;
    savedOnly?: boolean | undefined;
  },
  userId: string | null,
): Promise<BlogPostSummary[]> {
  const conditions: SQL[] = [isPublic];
  const q = query.q?.trim();
  const search = q
    ? fullTextSearch(blogPosts.search, q, [blogPosts.title, blogPosts.excerpt])
    : null;
  if (search) conditions.push(search.where);
  if (query.category) conditions.push(sql`lower(${blogPosts.category}) = lower(${query.category})`);
  if (query.featured !== undefined) conditions.push(eq(blogPosts.featured, query.featured));
  if (query.savedOnly && userId) {
    conditions.push(
      sql`exists (select 1 from ${postSaves} where ${postSaves.postId} = ${blogPosts.id} and ${postSaves.userId} = ${userId})`,
    );
  }
  const rows = await db
    .select({ ...summaryColumns, ...savedFlag(userId) })
    .from(blogPosts)
    .where(and(...conditions))
    .orderBy(
      ...(search ? [desc(search.rank)] : []),
      desc(blogPosts.publishedAt),
      asc(blogPosts.slug),
    );
  return rows.map(toSummary);
}

export async function listPostCategories(db: Db): Promise<string[]> {
  const rows = await db
    .select({ category: blogPosts.category })
    .from(blogPosts)
    .where(isPublic)
    .groupBy(blogPosts.category)
    .orderBy(asc(blogPosts.category));
  return rows.map((row) => row.category);
}

/** The post's uuid for a uuid or a slug, or undefined. */
export async function resolvePostId(db: Db, ref: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(isPublic, UUID.test(ref) ? eq(blogPosts.id, ref) : eq(blogPosts.slug, ref)))
    .limit(1);
  return row?.id;
}

export async function findPost(
  db: Db,
  id: string,
  userId: string | null,
  toHtml: (markdown: string) => Promise<string>,
): Promise<BlogPost | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      content: blogPosts.content,
      ...savedFlag(userId),
      ...likedFlag(userId),
    })
    .from(blogPosts)
    .where(and(isPublic, eq(blogPosts.id, id)))
    .limit(1);
  if (!row) return undefined;
  return {
    ...toSummary(row),
    updated_at:
      row.updatedAt && row.updatedAt > row.publishedAt ? row.updatedAt.toISOString() : null,
    liked: row.liked,
    content: row.content,
    content_html: await toHtml(row.content),
  };
}

async function counter(db: Db, postId: string): Promise<number> {
  const [row] = await db
    .select({ likes: blogPosts.likes })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId));
  return row?.likes ?? 0;
}

/** Like (idempotent): the like row and the counter change together, in one statement. */
export async function likePost(db: Db, postId: string, userId: string): Promise<number> {
  const rows = await db.execute<{ likes: number }>(sql`
    with inserted as (
      insert into ${postLikes} (user_id, post_id) values (${userId}, ${postId})
      on conflict do nothing
      returning 1
    )
    update ${blogPosts} set likes = likes + (select count(*) from inserted)
    where id = ${postId} and exists (select 1 from inserted)
    returning likes`);
  return rows[0]?.likes ?? counter(db, postId);
}

export async function unlikePost(db: Db, postId: string, userId: string): Promise<number> {
  const rows = await db.execute<{ likes: number }>(sql`
    with deleted as (
      delete from ${postLikes} where user_id = ${userId} and post_id = ${postId}
      returning 1
    )
    update ${blogPosts} set likes = greatest(likes - (select count(*) from deleted), 0)
    where id = ${postId} and exists (select 1 from deleted)
    returning likes`);
  return rows[0]?.likes ?? counter(db, postId);
}

export async function savePost(db: Db, postId: string, userId: string): Promise<void> {
  await db.insert(postSaves).values({ userId, postId }).onConflictDoNothing();
}

export async function unsavePost(db: Db, postId: string, userId: string): Promise<void> {
  await db.delete(postSaves).where(and(eq(postSaves.userId, userId), eq(postSaves.postId, postId)));
}

/**
 * Liked, saved and read posts for the account export, with each post's title; explicit columns.
 * A signed-in reader's views are kept as visitor 'u:<user id>' (one row per post and day).
 */
export async function exportForUser(db: Db, userId: string) {
  const marks = (table: typeof postLikes | typeof postSaves) =>
    db
      .select({
        user_id: table.userId,
        post_id: table.postId,
        created_at: table.createdAt,
        post_title: blogPosts.title,
      })
      .from(table)
      .innerJoin(blogPosts, eq(blogPosts.id, table.postId))
      .where(eq(table.userId, userId))
      .orderBy(asc(table.createdAt), asc(table.postId));
  const views = db
    .select({ post_id: postViews.postId, post_title: blogPosts.title, day: postViews.day })
    .from(postViews)
    .innerJoin(blogPosts, eq(blogPosts.id, postViews.postId))
    .where(eq(postViews.visitor, `u:${userId}`))
    .orderBy(asc(postViews.day), asc(postViews.postId));
  const [liked, saved, viewed] = await Promise.all([marks(postLikes), marks(postSaves), views]);
  return { liked_posts: liked, saved_posts: saved, viewed_posts: viewed };
}
