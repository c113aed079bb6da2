import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_IDS, BOOSTER_IDS } from '@lumiskin/contract/analysis';
import { BASES, BOOSTERS } from '@lumiskin/skin-advice';
import { POINTS_BY_DIFFICULTY, QUIZ_CATEGORIES, QUIZ_QUESTIONS } from './quiz-bank';
import { BLOG_POSTS } from './blog-posts';
import { EVERYDAY_PRODUCTS, FORMULATION_PRODUCTS, SHOP_PRODUCTS } from './products';

const PUBLIC_DIR = fileURLToPath(new URL('../../../web/public', import.meta.url));

function publicFile(urlPath: string): string {
  return join(PUBLIC_DIR, urlPath);
}

function duplicates(values: readonly string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

/** Words as a reader sees them, counted independently of the content module. */
function words(markdown: string): number {
  return markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

describe('quiz bank', () => {
  it('has at least 5 categories with unique ids and the fields the hub shows', () => {
    expect(QUIZ_CATEGORIES.length).toBeGreaterThanOrEqual(5);
    expect(duplicates(QUIZ_CATEGORIES.map((c) => c.id))).toEqual([]);
    for (const c of QUIZ_CATEGORIES) {
      expect(c.id).toMatch(/^[a-z0-9-]+$/);
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(c.icon).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.estimated_time).toBeGreaterThan(0);
      expect(c.badge_reward.length).toBeGreaterThan(0);
    }
  });

  it('has at least 12 questions in every category and none in an unknown one', () => {
    const categoryIds = new Set(QUIZ_CATEGORIES.map((c) => c.id));
    for (const c of QUIZ_CATEGORIES) {
      expect(QUIZ_QUESTIONS.filter((q) => q.category_id === c.id).length).toBeGreaterThanOrEqual(
        12,
      );
    }
    for (const q of QUIZ_QUESTIONS) expect(categoryIds.has(q.category_id)).toBe(true);
  });

  it('has unique question ids', () => {
    expect(duplicates(QUIZ_QUESTIONS.map((q) => q.id))).toEqual([]);
  });

  it.each(QUIZ_QUESTIONS.map((q) => [q.id, q] as const))(
    '%s: four distinct options, the right answer among them, points by difficulty',
    (_id, q) => {
      expect(q.options).toHaveLength(4);
      const normalised = q.options.map((o) => o.trim().toLowerCase());
      expect(new Set(normalised).size).toBe(4);
      expect(q.options.filter((o) => o === q.correct_answer)).toHaveLength(1);
      expect(q.points).toBe(POINTS_BY_DIFFICULTY[q.difficulty]);
      expect(q.question_text.trim().length).toBeGreaterThan(10);
      expect(q.tags.length).toBeGreaterThan(0);
      const sentences = q.explanation.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length;
      expect(sentences).toBeGreaterThanOrEqual(1);
      expect(sentences).toBeLessThanOrEqual(3);
    },
  );

  it('points every question image at a file that ships under /images/quiz/', () => {
    const withImages = QUIZ_QUESTIONS.filter((q) => q.image_url !== undefined);
    expect(withImages.length).toBeGreaterThan(0);
    for (const q of withImages) {
      expect(q.image_url).toMatch(/^\/images\/quiz\/[a-z0-9-]+\.svg$/);
      expect(existsSync(publicFile(q.image_url!)), q.image_url).toBe(true);
    }
  });
});

describe('blog posts', () => {
  it('has at least 10 posts with unique slugs and 2-3 featured', () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(10);
    expect(duplicates(BLOG_POSTS.map((p) => p.slug))).toEqual([]);
    const featured = BLOG_POSTS.filter((p) => p.featured).length;
    expect(featured).toBeGreaterThanOrEqual(2);
    expect(featured).toBeLessThanOrEqual(3);
  });

  it.each(BLOG_POSTS.map((p) => [p.slug, p] as const))(
    '%s: 600-1000 words, read time from the word count, Markdown without HTML',
    (_slug, p) => {
      const count = words(p.content);
      expect(count).toBeGreaterThanOrEqual(600);
      expect(count).toBeLessThanOrEqual(1000);
      expect(p.read_time).toBe(Math.max(1, Math.round(count / 200)));
      expect(p.content).toMatch(/^## /m);
      expect(p.content).not.toMatch(/<\/?[a-z!][^>]*>/i);
      expect(p.tags.length).toBeGreaterThanOrEqual(3);
      expect(p.tags.length).toBeLessThanOrEqual(5);
      expect(p.slug).toMatch(/^[a-z0-9-]+$/);
      expect(p.author).toMatch(/^[^,]+, [^,]+$/);
      expect(p.excerpt.length).toBeGreaterThan(40);
      const published = new Date(p.published_at);
      expect(published.toISOString()).toBe(p.published_at);
      expect(published.getUTCFullYear()).toBe(2026);
      expect(p.image).toBe(`/images/blog/${p.slug}.svg`);
      expect(existsSync(publicFile(p.image)), p.image).toBe(true);
    },
  );
});

describe('shop products', () => {
  it('sells every base and booster of the contract at the contract price', () => {
    expect(FORMULATION_PRODUCTS.length).toBeGreaterThanOrEqual(9);
    expect(FORMULATION_PRODUCTS.filter((p) => p.type === 'base').map((p) => p.id)).toEqual([
      ...BASE_IDS,
    ]);
    expect(FORMULATION_PRODUCTS.filter((p) => p.type === 'booster').map((p) => p.id)).toEqual([
      ...BOOSTER_IDS,
    ]);
    for (const f of [...BASES, ...BOOSTERS]) {
      const product = SHOP_PRODUCTS.find((p) => p.id === f.id);
      expect(product?.price_pence).toBe(f.price_pence);
      expect(product?.name).toBe(f.name);
      expect(product?.time_of_use).toBe(f.timeOfUse);
    }
    // docs/product-rules.md#mix: bases £52/£54/£56, boosters from £38/£42/£48.
    expect(FORMULATION_PRODUCTS.filter((p) => p.type === 'base').map((p) => p.price_pence)).toEqual(
      [5200, 5400, 5600],
    );
    for (const p of FORMULATION_PRODUCTS.filter((x) => x.type === 'booster')) {
      expect([3800, 4200, 4800]).toContain(p.price_pence);
    }
  });

  it('has at least 14 everyday products across cleansers, moisturisers, sunscreens and tools', () => {
    expect(EVERYDAY_PRODUCTS.length).toBeGreaterThanOrEqual(14);
    const types = new Set(EVERYDAY_PRODUCTS.map((p) => p.type));
    for (const t of ['cleanser', 'moisturizer', 'sunscreen', 'toner', 'mask', 'tool'] as const) {
      expect(types.has(t), t).toBe(true);
    }
    for (const p of EVERYDAY_PRODUCTS) expect(['base', 'booster']).not.toContain(p.type);
  });

  it('has unique ids', () => {
    expect(duplicates(SHOP_PRODUCTS.map((p) => p.id))).toEqual([]);
  });

  it.each(SHOP_PRODUCTS.map((p) => [p.id, p] as const))(
    '%s: positive integer price, sane rating and reviews, a shipped image',
    (_id, p) => {
      expect(Number.isInteger(p.price_pence)).toBe(true);
      expect(p.price_pence).toBeGreaterThan(0);
      expect(p.price_pence).toBeLessThan(10_000);
      expect(p.rating).toBeGreaterThanOrEqual(4);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(p.review_count)).toBe(true);
      expect(p.review_count).toBeGreaterThan(0);
      expect(p.key_ingredients.length).toBeGreaterThan(0);
      expect(p.suitable_for.length).toBeGreaterThan(0);
      expect(p.short_description.length).toBeLessThan(p.description.length);
      expect(p.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(p.image).toBe(`/images/products/${p.id}.svg`);
      expect(existsSync(publicFile(p.image)), p.image).toBe(true);
    },
  );
});

describe('shipped images', () => {
  const referenced = new Set<string>([
    ...SHOP_PRODUCTS.map((p) => p.image),
    ...BLOG_POSTS.map((p) => p.image),
    ...QUIZ_QUESTIONS.flatMap((q) => (q.image_url ? [q.image_url] : [])),
  ]);
  const files = ['products', 'blog', 'quiz'].flatMap((dir) =>
    readdirSync(join(PUBLIC_DIR, 'images', dir)).map((f) => `/images/${dir}/${f}`),
  );

  it('ships no image that nothing refers to', () => {
    expect(files.filter((f) => !referenced.has(f))).toEqual([]);
  });

  it.each(files)('%s is a small SVG with width, height, viewBox and a title', (file) => {
    const path = publicFile(file);
    expect(statSync(path).size).toBeLessThan(4 * 1024);
    const svg = readFileSync(path, 'utf8');
    const open = svg.match(/<svg\b[^>]*>/)?.[0] ?? '';
    expect(open).toMatch(/\swidth="\d+"/);
    expect(open).toMatch(/\sheight="\d+"/);
    expect(open).toMatch(/\sviewBox="0 0 \d+ \d+"/);
    expect(svg).toMatch(/<title>[^<]{5,}<\/title>/);
    expect(svg).not.toMatch(/<script|\son[a-z]+=|href="http/i);
    if (file.startsWith('/images/blog/')) expect(open).toContain('viewBox="0 0 1200 630"');
  });
});
