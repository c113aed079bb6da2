import { BlogPost, LikeResponse, PostListResponse } from '@lumiskin/contract/blog';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../content/blog-posts';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { renderMarkdown } from './markdown';
import { blogPosts } from './schema';
import { blogPostsSeeder } from './seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await blogPostsSeeder.run(app.db, () => {});
});
afterAll(() => app.close());

async function list(query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/api/blog/posts', query, headers });
  expect(res.statusCode, res.body).toBe(200);
  return PostListResponse.parse(res.json());
}

async function open(ref: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `/api/blog/posts/${ref}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return BlogPost.parse(res.json());
}

async function freshPost(slug: string, content = 'Plain **text**.') {
  const [row] = await app.db
    .insert(blogPosts)
    .values({
      slug,
      title: slug,
      excerpt: 'x',
      content,
      tags: ['t'],
      category: 'Test',
      author: 'A',
      readTime: 1,
      image: '/images/blog/acne-basics.svg',
    })
    .returning({ id: blogPosts.id });
  return row!.id;
}

describe('GET /api/blog/posts', () => {
  it('lists the ten seeded articles, newest first, without their bodies', async () => {
    const body = await list();
    expect(body.total).toBe(BLOG_POSTS.length);
    expect(body.total).toBeGreaterThanOrEqual(10);
    const dates = body.posts.map((p) => p.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.posts[0]).not.toHaveProperty('content');
    expect(body.categories).toContain('Sun Care');
    for (const post of body.posts) expect(post.image).toBe(`/images/blog/${post.slug}.svg`);
  });

  it('filters by category and featured and searches in full text, partial words included', async () => {
    const acne = await list({ category: 'Acne' });
    expect(acne.posts.every((p) => p.category === 'Acne')).toBe(true);
    expect(acne.total).toBeGreaterThan(0);
    expect((await list({ featured: 'true' })).posts.every((p) => p.featured)).toBe(true);

    const retinoid = await list({ q: 'retinoid' });
    expect(retinoid.posts[0]?.slug).toBe('retinoids-a-beginners-guide');
    const partial = await list({ q: 'sunscr' });
    expect(partial.posts.map((p) => p.slug)).toContain('sunscreen-and-the-uv-index');
    expect((await list({ q: 'qqqzzzxxx' })).total).toBe(0);
  });

  it('answers injection strings and odd characters normally', async () => {
    for (const q of [
      "' or 1=1; --",
      '<script>alert(1)</script>',
      '%_\\',
      '!:*&|()',
      '"unclosed',
      'ünïcødé ☀️',
    ]) {
      const body = await list({ q });
      expect(Array.isArray(body.posts)).toBe(true);
    }
    expect((await list({ q: '%' })).total).toBe(0);
  });
});

describe('GET /api/blog/posts/{id}', () => {
  it('opens by slug or id with sanitised HTML', async () => {
    const post = await open('vitamin-c-explained');
    expect(post.title).toMatch(/vitamin c/i);
    expect(post.content_html).toContain('<h2>');
    expect((await open(post.id)).slug).toBe('vitamin-c-explained');
    const missing = await app.inject({ method: 'GET', url: '/api/blog/posts/no-such-article' });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'GET',
      url: `/api/blog/posts/${encodeURIComponent("x' or '1'='1")}`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('never lets script from the database through', async () => {
    const payload = [
      '# Title',
      '<script>alert("xss")</script>',
      '<img src=x onerror="alert(1)">',
      '[click](javascript:alert(1))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![pixel](https://tracker.example/p.gif)',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="https://example.org" onclick="steal()">ok</a>',
      '[safe](https://www.nhs.uk/conditions/acne/)',
      '<svg onload=alert(1)>',
    ].join('\n\n');
    await freshPost('xss-test', payload);
    const html = (await open('xss-test')).content_html;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<svg/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="\s*(javascript|data):/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain(
      '<a href="https://www.nhs.uk/conditions/acne/" rel="noopener noreferrer nofollow" target="_blank">safe</a>',
    );
    expect(html).toMatch(/<h2>Title<\/h2>/);
    expect(renderMarkdown('<b onmouseover="x()">hi</b>')).not.toMatch(/<b /);
  });
});

describe('views', () => {
  it('count once per visitor per day', async () => {
    const id = await freshPost('views-once');
    const user = await createUser(app);
    await open(id, user.headers);
    await open(id, user.headers);
    await open(id, { 'user-agent': 'browser-a' });
    await open(id, { 'user-agent': 'browser-a' });
    await open(id, { 'user-agent': 'browser-b' });
    expect((await open(id, user.headers)).views).toBe(3);
  });

  it('count a reader once when the same browser opened the article as a visitor first', async () => {
    // A server-rendered article is fetched for the visitor (the browser's IP and user agent), then
    // the signed-in reader's own request follows: one person, one view.
    const id = await freshPost('views-same-browser');
    const user = await createUser(app);
    await open(id, { 'user-agent': 'phone' });
    await open(id, { ...user.headers, 'user-agent': 'phone' });
    expect((await open(id, { ...user.headers, 'user-agent': 'laptop' })).views).toBe(1);
    // Another browser, as a visitor: another view.
    expect((await open(id, { 'user-agent': 'tablet' })).views).toBe(2);
  });

  it('stay exact under 20 parallel requests from 20 visitors, and from one', async () => {
    const id = await freshPost('views-parallel');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'GET',
          url: `/api/blog/posts/${id}`,
          headers: { 'user-agent': `visitor-${i}` },
        }),
      ),
    );
    await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'GET',
          url: `/api/blog/posts/${id}`,
          headers: { 'user-agent': 'visitor-0' },
        }),
      ),
    );
    const [row] = await app.db
      .select({ views: blogPosts.views })
      .from(blogPosts)
      .where(eq(blogPosts.id, id));
    expect(row?.views).toBe(20);
  });
});

describe('likes and the reading list', () => {
  it('need a session', async () => {
    for (const [method, action] of [
      ['POST', 'like'],
      ['DELETE', 'like'],
      ['POST', 'save'],
      ['DELETE', 'save'],
    ] as const) {
      const res = await app.inject({ method, url: `/api/blog/posts/acne-basics/${action}` });
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/blog/posts?saved=true' })).statusCode,
    ).toBe(401);
  });

  it('toggle per user, idempotently, and show in the lists', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const like = await app.inject({
      method: 'POST',
      url: '/api/blog/posts/acne-basics/like',
      headers: alice.headers,
    });
    expect(LikeResponse.parse(like.json())).toEqual({ liked: true, likes: 1 });
    const again = await app.inject({
      method: 'POST',
      url: '/api/blog/posts/acne-basics/like',
      headers: alice.headers,
    });
    expect(again.json()).toEqual({ liked: true, likes: 1 });

    // Bob cannot take Alice's like back: his DELETE only removes his own (absent) like.
    const bobUnlike = await app.inject({
      method: 'DELETE',
      url: '/api/blog/posts/acne-basics/like',
      headers: bob.headers,
    });
    expect(bobUnlike.json()).toEqual({ liked: false, likes: 1 });

    await app.inject({
      method: 'POST',
      url: '/api/blog/posts/climate-and-your-skin/save',
      headers: alice.headers,
    });
    await app.inject({
      method: 'DELETE',
      url: '/api/blog/posts/climate-and-your-skin/save',
      headers: bob.headers,
    });

    const alicesList = await list({}, alice.headers);
    const acne = alicesList.posts.find((p) => p.slug === 'acne-basics');
    expect(acne).toMatchObject({ liked: true, likes: 1 });
    expect(alicesList.posts.find((p) => p.slug === 'climate-and-your-skin')?.saved).toBe(true);
    const saved = await list({ saved: 'true' }, alice.headers);
    expect(saved.posts.map((p) => p.slug)).toEqual(['climate-and-your-skin']);

    const bobsList = await list({}, bob.headers);
    expect(bobsList.posts.some((p) => p.liked || p.saved)).toBe(false);
    expect((await list({ saved: 'true' }, bob.headers)).total).toBe(0);
    expect((await list()).posts.find((p) => p.slug === 'acne-basics')).toMatchObject({
      liked: false,
      likes: 1,
    });

    const unlike = await app.inject({
      method: 'DELETE',
      url: '/api/blog/posts/acne-basics/like',
      headers: alice.headers,
    });
    expect(unlike.json()).toEqual({ liked: false, likes: 0 });
    const unsave = await app.inject({
      method: 'DELETE',
      url: '/api/blog/posts/climate-and-your-skin/save',
      headers: alice.headers,
    });
    expect(unsave.json()).toEqual({ saved: false });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/blog/posts/nope/like',
          headers: alice.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('like counts stay exact under 20 parallel requests', async () => {
    const id = await freshPost('likes-parallel');
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(app)));
    await Promise.all(
      users.map((u) =>
        app.inject({ method: 'POST', url: `/api/blog/posts/${id}/like`, headers: u.headers }),
      ),
    );
    // The same 20 again, plus 20 repeats of one user: nothing changes.
    await Promise.all([
      ...users.map((u) =>
        app.inject({ method: 'POST', url: `/api/blog/posts/${id}/like`, headers: u.headers }),
      ),
      ...users.map(() =>
        app.inject({
          method: 'POST',
          url: `/api/blog/posts/${id}/like`,
          headers: users[0]!.headers,
        }),
      ),
    ]);
    const count = async () =>
      (
        await app.db.select({ likes: blogPosts.likes }).from(blogPosts).where(eq(blogPosts.id, id))
      )[0]?.likes;
    expect(await count()).toBe(20);
    await Promise.all(
      users
        .slice(0, 7)
        .map((u) =>
          app.inject({ method: 'DELETE', url: `/api/blog/posts/${id}/like`, headers: u.headers }),
        ),
    );
    expect(await count()).toBe(13);
  });
});
