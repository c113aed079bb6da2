import { SHOP_PRODUCTS } from '../../content/products';
import type { Seeder } from '../../db/seeder';
import { products, type NewProductRow } from './schema';

/** Inserts the built-in catalogue of src/content/products.ts: new ids only. */
export const productsSeeder: Seeder = {
  name: 'products',
  content: SHOP_PRODUCTS,
  async run(db, log) {
    const rows: NewProductRow[] = SHOP_PRODUCTS.map((p, position) => ({
      id: p.id,
      name: p.name,
      shortDescription: p.short_description,
      description: p.description,
      keyIngredients: p.key_ingredients,
      category: p.category,
      type: p.type,
      formulationCategory: p.formulation_category,
      timeOfUse: p.time_of_use,
      howToUse: p.how_to_use,
      suitableFor: p.suitable_for,
      size: p.size,
      featured: p.featured,
      rating: p.rating,
      reviewCount: p.review_count,
      pricePence: p.price_pence,
      image: p.image,
      color: p.color,
      targets: p.targets,
      formulationFlags: p.formulation_flags,
      position,
    }));
    // Fill an empty table and add new built-in products by id; never overwrite a row, so copy,
    // prices and visibility an admin changed survive every restart (decision 025).
    const written = await db
      .insert(products)
      .values(rows)
      .onConflictDoNothing({ target: products.id })
      .returning({ id: products.id });
    log(`${written.length} new products`);
  },
};
