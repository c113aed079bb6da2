import { SEARCH_LIMIT_PER_KIND, SearchResponse } from '@lumiskin/contract/search';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { blogPostsSeeder } from '../blog/seed';
import { quizBankSeeder } from '../quiz/seed';
import { productsSeeder } from '../shop/seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  for (const seeder of [productsSeeder, blogPostsSeeder, quizBankSeeder])
    await seeder.run(app.db, () => {});
});
afterAll(() => app.close());

async function search(q: string) {
  const res = await app.inject({ method: 'GET', url: '/api/search', query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponse.parse(res.json());
}

describe('GET /api/search', () => {
  it('finds products, articles and quiz categories at once, for a visitor', async () => {
    const sun = await search('sun');
    expect(sun.products.some((p) => /spf|sunscreen/i.test(p.name + p.short_description))).toBe(
      true,
    );
    expect(sun.articles.map((a) => a.title)).toContain(
      'Sunscreen and the UV Index: A Practical Guide',
    );
    expect(sun.quiz_categories.map((c) => c.name)).toContain('Sun Protection');
  });

  it('uses the ingredient synonyms: retinol finds RenewLift and the retinoid guide', async () => {
    const body = await search('retinol');
    expect(body.products.map((p) => p.id)).toContain('renewlift');
    expect(body.articles.map((a) => a.title)).toContain(
      "Retinoids: A Beginner's Guide to Vitamin A",
    );
  });

  it('answers a few of each kind, and nothing for nonsense', async () => {
    const broad = await search('skin');
    for (const list of [broad.products, broad.articles, broad.quiz_categories])
      expect(list.length).toBeLessThanOrEqual(SEARCH_LIMIT_PER_KIND);
    expect(broad.articles.length).toBeGreaterThan(0);
    const none = await search('qqqzzzxx');
    expect(none).toEqual({ q: 'qqqzzzxx', products: [], articles: [], quiz_categories: [] });
    // Characters with a meaning in SQL or in a LIKE pattern are only text.
    expect((await search("%_' or 1=1 --")).products).toEqual([]);
  });

  it('refuses an empty or overlong query with a 400 and a code', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const res = await app.inject({ method: 'GET', url: '/api/search', query: { q } });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
    }
    expect((await app.inject({ method: 'GET', url: '/api/search' })).statusCode).toBe(400);
  });
});
