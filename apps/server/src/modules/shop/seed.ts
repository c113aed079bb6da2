import { sql } from 'drizzle-orm';
import { SHOP_PRODUCTS } from '../../content/products';
import type { Seeder } from '../../seed';
import { products, type NewProductRow } from './schema';

/** Upserts the catalogue from src/content/products.ts: copy and prices follow the file. */
export const productsSeeder: Seeder = {
  name: 'products',
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
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    const written = await db
      .insert(products)
      .values(rows)
      .onConflictDoUpdate({
        target: products.id,
        set: Object.fromEntries(
          [
            ['name', 'name'],
            ['shortDescription', 'short_description'],
            ['description', 'description'],
            ['keyIngredients', 'key_ingredients'],
            ['category', 'category'],
            ['type', 'type'],
            ['formulationCategory', 'formulation_category'],
            ['timeOfUse', 'time_of_use'],
            ['howToUse', 'how_to_use'],
            ['suitableFor', 'suitable_for'],
            ['size', 'size'],
            ['featured', 'featured'],
            ['rating', 'rating'],
            ['reviewCount', 'review_count'],
            ['pricePence', 'price_pence'],
            ['image', 'image'],
            ['color', 'color'],
            ['targets', 'targets'],
            ['formulationFlags', 'formulation_flags'],
            ['position', 'position'],
          ].map(([key, column]) => [key, excluded(column!)]),
        ),
      })
      .returning({ id: products.id });
    log(`${written.length} products up to date`);
  },
};
