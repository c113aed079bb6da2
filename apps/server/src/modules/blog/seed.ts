import { sql } from 'drizzle-orm';
import { BLOG_POSTS } from '../../content/blog-posts';
import type { Seeder } from '../../seed';
import { blogPosts } from './schema';

/** Upserts the articles of src/content/blog-posts.ts by slug; views and likes are left alone. */
export const blogPostsSeeder: Seeder = {
  name: 'blog-posts',
  async run(db, log) {
    const written = await db
      .insert(blogPosts)
      .values(
        BLOG_POSTS.map((post) => ({
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          content: post.content,
          tags: post.tags,
          category: post.category,
          author: post.author,
          readTime: post.read_time,
          featured: post.featured,
          image: post.image,
          publishedAt: new Date(post.published_at),
          createdAt: new Date(post.published_at),
        })),
      )
      .onConflictDoUpdate({
        target: blogPosts.slug,
        set: {
          title: sql`excluded.title`,
          excerpt: sql`excluded.excerpt`,
          content: sql`excluded.content`,
          tags: sql`excluded.tags`,
          category: sql`excluded.category`,
          author: sql`excluded.author`,
          readTime: sql`excluded.read_time`,
          featured: sql`excluded.featured`,
          image: sql`excluded.image`,
          publishedAt: sql`excluded.published_at`,
        },
      })
      .returning({ id: blogPosts.id });
    log(`${written.length} articles up to date`);
  },
};
