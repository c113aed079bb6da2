import { Booster, FormulationBase } from '@lumiskin/contract/formulations';
import { createCatalogue, type Catalogue } from '@lumiskin/skin-advice';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, type ProductRow } from './schema';

function toFormulation(row: ProductRow): FormulationBase | Booster {
  const fields = {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    keyIngredients: row.keyIngredients,
    suitableFor: row.suitableFor,
    category: row.formulationCategory,
    timeOfUse: row.timeOfUse,
    price_pence: row.pricePence,
    targets: row.targets,
    howToUse: row.howToUse,
    flags: row.formulationFlags,
  };
  // Parsed, not cast: a row an admin or a bad seed left half-filled fails here, loudly, not
  // halfway through someone's routine.
  return row.type === 'base' ? FormulationBase.parse(fields) : Booster.parse(fields);
}

/** The bases and boosters, in catalogue order, as the routine interpreter reads them. */
export async function loadFormulationCatalogue(db: Db): Promise<Catalogue> {
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.type, ['base', 'booster']), eq(products.hidden, false)))
    .orderBy(asc(products.position));
  const items = rows.map(toFormulation);
  return createCatalogue(
    items.filter((f): f is FormulationBase => f.type === 'base'),
    items.filter((f): f is Booster => f.type === 'booster'),
  );
}
