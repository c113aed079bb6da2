import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { tsvector } from '../shop/schema';

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Markdown as written; rendered to sanitised HTML on the way out, never stored as HTML. */
    content: text('content').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    category: text('category').notNull(),
    author: text('author').notNull(),
    readTime: integer('read_time').notNull(),
    /** Counters kept by single atomic statements beside their unique-keyed event tables. */
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    image: text('image').notNull(),
    /** 'draft' is never public; 'published' is public once published_at has passed (scheduled before). */
    status: text('status').$type<'draft' | 'published'>().notNull().default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last staff edit; an edit never moves published_at (decision 076). Null: never edited. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "tags"), 'A') || setweight(to_tsvector('english', "excerpt" || ' ' || "category"), 'B') || setweight(to_tsvector('english', "content"), 'C')`,
      ),
  },
  (t) => [
    index('blog_posts_search_idx').using('gin', t.search),
    index('blog_posts_published_idx').on(t.publishedAt),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/** The reading list. */
export const postSaves = pgTable(
  'post_saves',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/**
 * Who has viewed a post (decision 035): a signed-in reader once ever, as 'u:<user id>'; a visitor
 * once per IP and UTC day, as 'a:<HMAC of day and IP under that day's salt>' (no raw IP, no user
 * agent: rotating it must not count again). `day` is the day of the view that counted.
 */
export const postViews = pgTable(
  'post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.visitor] })],
);

/**
 * One random salt per UTC day for visitors' view keys, shared by every server process. Salts of
 * past days are deleted, so a stored key can no longer be matched to an IP by trying them all.
 */
export const viewSalts = pgTable('view_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

export type BlogPostRow = typeof blogPosts.$inferSelect;
