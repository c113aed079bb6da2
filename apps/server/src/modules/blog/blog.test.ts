import { BlogPost, BlogPostSummary, LikeResponse, PostListResponse } from '@lumiskin/contract/blog';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../content/blog-posts';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { okSchemas } from '../../../test/openapi';
import { renderMarkdown } from './markdown';
import { blogPosts } from './schema';
import { blogPostsSeeder } from './seed';

let app: FastifyInstance;
/** The server's clock for view days; undefined: the real time. */
let clock: Date | undefined;
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock ?? new Date() });
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
  it('adds to the list item only what the article’s page shows: edit date, like, text (decision 141)', async () => {
    // Edited by staff after publication (decision 076): now, after every seeded date.
    const edited = new Date();
    await app.db
      .update(blogPosts)
      .set({ updatedAt: edited })
      .where(eq(blogPosts.slug, 'acne-basics'));
    const listed = (
      (await app.inject({ method: 'GET', url: '/api/blog/posts' })).json() as {
        posts: Array<Record<string, unknown>>;
      }
    ).posts;
    expect(listed).toHaveLength(BLOG_POSTS.length);
    const listFields = Object.keys(BlogPostSummary.shape).sort();
    for (const field of ['updated_at', 'liked', 'content', 'content_html'])
      expect(listFields).not.toContain(field);
    for (const item of listed) {
      expect(Object.keys(item).sort()).toEqual(listFields);
      const { updated_at, liked, content, content_html, ...rest } = await open(String(item.slug));
      expect(rest).toEqual(item);
      expect(liked).toBe(false);
      expect(content.length).toBeGreaterThan(0);
      expect(content_html).toContain('<');
      expect(updated_at).toBe(item.slug === 'acne-basics' ? edited.toISOString() : null);
    }
    // The OpenAPI says the same.
    type Props = { properties: Record<string, unknown> };
    const schemaOf = await okSchemas(app);
    const listItem = (schemaOf('/api/blog/posts') as { properties: { posts: { items: Props } } })
      .properties.posts.items;
    expect(Object.keys(listItem.properties).sort()).toEqual(listFields);
    expect(Object.keys((schemaOf('/api/blog/posts/{id}') as Props).properties).sort()).toEqual(
      [...listFields, 'updated_at', 'liked', 'content', 'content_html'].sort(),
    );
  });

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

const beacon = (ref: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: `/api/blog/posts/${ref}/view`, headers, remoteAddress });

async function viewsOf(id: string) {
  const [row] = await app.db
    .select({ views: blogPosts.views })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  return row?.views;
}

describe('views', () => {
  it('are not counted by GET, whoever asks and however often', async () => {
    const id = await freshPost('views-get');
    const user = await createUser(app);
    for (let i = 0; i < 3; i++) {
      await open(id);
      await open(id, user.headers);
      await open(id, { 'user-agent': `crawler-${i}` });
    }
    expect(await viewsOf(id)).toBe(0);
    // So a visitor's copy may be cached; a reader's (with their like and save) never.
    const asVisitor = await app.inject({ method: 'GET', url: `/api/blog/posts/${id}` });
    expect(asVisitor.headers['cache-control']).toBe('public, max-age=60');
    expect(asVisitor.headers.vary).toMatch(/authorization/i);
    const asReader = await app.inject({
      method: 'GET',
      url: `/api/blog/posts/${id}`,
      headers: user.headers,
    });
    expect(asReader.headers['cache-control']).toBe('private, no-store');
  });

  it('count a signed-in reader once, whatever the day, device or address', async () => {
    const id = await freshPost('views-reader');
    const user = await createUser(app);
    const first = await beacon(id, user.headers);
    expect(first.statusCode, first.body).toBe(204);
    expect(first.body).toBe('');
    await beacon(id, { ...user.headers, 'user-agent': 'laptop' }, '198.51.100.1');
    await beacon('views-reader', user.headers, '2001:db8::1');
    expect(await viewsOf(id)).toBe(1);
    clock = new Date(Date.now() + 3 * 86_400_000);
    try {
      await beacon(id, user.headers);
    } finally {
      clock = undefined;
    }
    expect(await viewsOf(id)).toBe(1);
    // Another reader is another view.
    const other = await createUser(app);
    await beacon(id, other.headers);
    expect(await viewsOf(id)).toBe(2);
  });

  it('count a visitor once per IP and day, however the user agent rotates', async () => {
    const id = await freshPost('views-visitor');
    for (let i = 0; i < 5; i++) {
      expect((await beacon(id, { 'user-agent': `agent-${i}` })).statusCode).toBe(204);
    }
    expect(await viewsOf(id)).toBe(1);
    // Another address counts; another address inside the same IPv6 /64 does not.
    await beacon(id, {}, '198.51.100.20');
    await beacon(id, {}, '2001:db8:1:2::1');
    await beacon(id, {}, '2001:db8:1:2:aaaa::99');
    await beacon(id, {}, '::ffff:198.51.100.20');
    expect(await viewsOf(id)).toBe(3);
    // The next day the same address counts again, under a new salt; the old day's salt is gone.
    const today = new Date().toISOString().slice(0, 10);
    clock = new Date(Date.now() + 86_400_000);
    try {
      await beacon(id, { 'user-agent': 'agent-0' });
    } finally {
      clock = undefined;
    }
    expect(await viewsOf(id)).toBe(4);
    const salts = await app.db.execute<{ day: string }>(sql`select day::text from view_salts`);
    expect(salts.map((r) => r.day)).not.toContain(today);
    // What is stored says nothing readable about the address.
    const rows = await app.db.execute<{ visitor: string }>(
      sql`select visitor from post_views where post_id = ${id}`,
    );
    expect(rows).toHaveLength(4);
    for (const { visitor } of rows) {
      expect(visitor).toMatch(/^a:[0-9a-f]{32}$/);
      expect(visitor).not.toContain('198.51');
      expect(visitor).not.toContain('203.0');
    }
  });

  it('refuse an unknown article or a bad id with 4xx and count nothing', async () => {
    expect((await beacon('no-such-article')).statusCode).toBe(404);
    expect((await beacon('bad%20id')).statusCode).toBe(400);
  });

  it('stay exact under 20 parallel beacons from 20 visitors, and 20 from one', async () => {
    const id = await freshPost('views-parallel');
    await Promise.all(Array.from({ length: 20 }, (_, i) => beacon(id, {}, `192.0.2.${i + 1}`)));
    await Promise.all(Array.from({ length: 20 }, () => beacon(id, {}, '192.0.2.1')));
    expect(await viewsOf(id)).toBe(20);
    expect((await open(id)).views).toBe(20);
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
    expect(acne).toMatchObject({ likes: 1 });
    // The reader's like is on the article's own answer, not in the lists (decision 141).
    expect(acne).not.toHaveProperty('liked');
    expect(await open('acne-basics', alice.headers)).toMatchObject({ liked: true, likes: 1 });
    expect((await open('acne-basics', bob.headers)).liked).toBe(false);
    expect(alicesList.posts.find((p) => p.slug === 'climate-and-your-skin')?.saved).toBe(true);
    const saved = await list({ saved: 'true' }, alice.headers);
    expect(saved.posts.map((p) => p.slug)).toEqual(['climate-and-your-skin']);

    const bobsList = await list({}, bob.headers);
    expect(bobsList.posts.some((p) => p.saved)).toBe(false);
    expect((await list({ saved: 'true' }, bob.headers)).total).toBe(0);
    expect((await list()).posts.find((p) => p.slug === 'acne-basics')).toMatchObject({
      likes: 1,
    });
    expect((await open('acne-basics')).liked).toBe(false);

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

  it("a deleted account's likes leave the count with it (create, like, delete, repeat)", async () => {
    const likesOf = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/blog/posts/know-your-skin-type' });
      return (res.json() as { likes: number }).likes;
    };
    const start = await likesOf();
    for (let round = 0; round < 3; round++) {
      const user = await createUser(app);
      const like = await app.inject({
        method: 'POST',
        url: '/api/blog/posts/know-your-skin-type/like',
        headers: user.headers,
      });
      expect(like.json()).toMatchObject({ liked: true, likes: start + 1 });
      const gone = await app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: user.headers,
        payload: { password: user.password },
      });
      expect(gone.statusCode).toBe(204);
      expect(await likesOf()).toBe(start);
    }
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
