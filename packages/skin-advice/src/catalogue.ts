import { BASE_IDS, type BaseId } from '@lumiskin/contract/analysis';
import type { Booster, FormulationBase } from '@lumiskin/contract/formulations';

/**
 * The bases and boosters the interpreter may recommend, in catalogue order (ties between boosters
 * are broken by it). The server loads them from the database (the shop's products); tests pass a
 * fixture. Built once per catalogue so every id lookup is checked where it is made.
 */
export interface Catalogue {
  readonly bases: readonly FormulationBase[];
  readonly boosters: readonly Booster[];
  base(id: BaseId): FormulationBase;
  booster(id: string): Booster;
}

/**
 * Throws when a built-in base is missing (the recommender names them by skin type) or an id is
 * repeated. Boosters are whatever the catalogue holds: a booster added in the admin area is
 * weighed by its targets, one hidden there is simply not offered.
 */
export function createCatalogue(
  bases: readonly FormulationBase[],
  boosters: readonly Booster[],
): Catalogue {
  const baseById = new Map<string, FormulationBase>(bases.map((b) => [b.id, b]));
  const boosterById = new Map<string, Booster>(boosters.map((b) => [b.id, b]));
  const missing = BASE_IDS.filter((id) => !baseById.has(id));
  if (missing.length > 0) throw new Error(`catalogue: missing ${missing.join(', ')}`);
  if (baseById.size !== bases.length || boosterById.size !== boosters.length)
    throw new Error('catalogue: an id appears twice');
  return {
    bases,
    boosters,
    base: (id) => baseById.get(id)!,
    booster: (id) => {
      const booster = boosterById.get(id);
      if (!booster) throw new Error(`catalogue: no booster ${id}`);
      return booster;
    },
  };
}
