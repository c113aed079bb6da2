import { z } from 'zod';
import './plain-errors';

/** GET /api/search (issue 13 item 8): the navigation's one search over the public content. */

/** Results per kind: the box shows a short list per group, the pages show the rest. */
export const SEARCH_LIMIT_PER_KIND = 5;

export const SearchQuery = z.object({
  q: z.string().trim().min(1, 'Type something to search for.').max(100),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchProduct = z.object({
  id: z.string(),
  name: z.string(),
  short_description: z.string(),
  type: z.string(),
  image: z.string(),
});
export type SearchProduct = z.infer<typeof SearchProduct>;

export const SearchArticle = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
});
export type SearchArticle = z.infer<typeof SearchArticle>;

export const SearchQuizCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});
export type SearchQuizCategory = z.infer<typeof SearchQuizCategory>;

export const SearchResponse = z.object({
  q: z.string(),
  products: z.array(SearchProduct),
  articles: z.array(SearchArticle),
  quiz_categories: z.array(SearchQuizCategory),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
