import { SEARCH_LIMIT_PER_KIND, type SearchResponse } from '@lumiskin/contract/search';
import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts } from '../blog/schema';
import { quizCategories } from '../quiz/schema';
import { fullTextSearch, productSearch } from '../shop/repository';
import { products } from '../shop/schema';
import { searchVariants } from '../shop/synonyms';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One search over the public content: products (with their ingredient synonyms), published
 * articles and quiz categories, the best few of each. Three bounded queries, run together.
 */
export async function searchEverything(db: Db, q: string): Promise<SearchResponse> {
  const product = productSearch(q);
  const article = fullTextSearch(blogPosts.search, q, [blogPosts.title, blogPosts.excerpt]);
  const likes = searchVariants(q).map((variant) => `%${escapeLike(variant)}%`);
  const [productRows, articleRows, categoryRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        short_description: products.shortDescription,
        type: products.type,
        image: products.image,
      })
      .from(products)
      .where(product.where)
      .orderBy(desc(product.rank), asc(products.position))
      .limit(SEARCH_LIMIT_PER_KIND),
    db
      .select({
        slug: blogPosts.slug,
        title: blogPosts.title,
        excerpt: blogPosts.excerpt,
        category: blogPosts.category,
      })
      .from(blogPosts)
      .where(article.where)
      .orderBy(desc(article.rank), desc(blogPosts.publishedAt))
      .limit(SEARCH_LIMIT_PER_KIND),
    db
      .select({
        id: quizCategories.id,
        name: quizCategories.name,
        description: quizCategories.description,
      })
      .from(quizCategories)
      .where(
        and(
          eq(quizCategories.hidden, false),
          or(
            ...likes.flatMap((like) => [
              ilike(quizCategories.name, like),
              ilike(quizCategories.description, like),
            ]),
          ),
        ),
      )
      .orderBy(asc(quizCategories.position))
      .limit(SEARCH_LIMIT_PER_KIND),
  ]);
  return { q, products: productRows, articles: articleRows, quiz_categories: categoryRows };
}
