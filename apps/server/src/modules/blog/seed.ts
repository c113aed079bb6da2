import { BLOG_POSTS } from '../../content/blog-posts';
import type { Seeder } from '../../db/seeder';
import { blogPosts } from './schema';

/** Inserts the built-in articles of src/content/blog-posts.ts whose slug is new. */
export const blogPostsSeeder: Seeder = {
  name: 'blog-posts',
  content: BLOG_POSTS,
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
      // New slugs only: articles a moderator edited are never overwritten (decision 025).
      .onConflictDoNothing({ target: blogPosts.slug })
      .returning({ id: blogPosts.id });
    log(`${written.length} articles new`);
  },
};
