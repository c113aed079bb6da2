import { z } from 'zod';
import './plain-errors';

/**
 * Learn & Glow on the wire (docs/product-rules.md#entities, docs/product-rules.md#api). `content` is the Markdown as
 * written; `content_html` is the server's sanitised rendering of it, the only HTML the web shows.
 */

/** A post id in a URL: its uuid or its slug ('retinoids-a-beginners-guide'). */
export const PostRef = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9-]+$/, 'Unknown article');

export const PostParams = z.object({ id: PostRef });

/**
 * An article as the lists carry it (`GET /api/blog/posts`): what the cards and the landing
 * page's teasers show. The article's own answer adds what only its page shows (decision 141):
 * the edit date, the reader's like and the text.
 */
export const BlogPostSummary = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  category: z.string(),
  author: z.string(),
  /** Minutes. */
  read_time: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  featured: z.boolean(),
  /** Same-origin path of the cover, e.g. /images/blog/acne-basics.svg. */
  image: z.string(),
  /** The spec's name for the cover (docs/product-rules.md#entities): the same path as `image` (a URL, not inline base64). */
  image_data: z.string(),
  /** When it was published: the date Learn shows and sorts by. */
  created_at: z.string(),
  /** Whether the signed-in user saved it (the card says so); false for visitors. */
  saved: z.boolean(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

export const BlogPost = BlogPostSummary.extend({
  /** When staff last edited it after publication; null when never (decision 076). */
  updated_at: z.string().nullable(),
  /** Whether the signed-in user liked it; false for visitors. */
  liked: z.boolean(),
  content: z.string(),
  content_html: z.string(),
});
export type BlogPost = z.infer<typeof BlogPost>;

export const PostListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(50).optional(),
  featured: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Only the signed-in user's reading list. */
  saved: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type PostListQuery = z.input<typeof PostListQuery>;

export const PostListResponse = z.object({
  posts: z.array(BlogPostSummary),
  total: z.number().int(),
  /** Every category that has posts, for the 'All Topics' dropdown. */
  categories: z.array(z.string()),
});
export type PostListResponse = z.infer<typeof PostListResponse>;

export const LikeResponse = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeResponse = z.infer<typeof LikeResponse>;

export const SaveResponse = z.object({ saved: z.boolean() });
export type SaveResponse = z.infer<typeof SaveResponse>;
