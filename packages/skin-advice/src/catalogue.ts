import { BASE_IDS, BOOSTER_IDS, type BaseId, type BoosterId } from '@lumiskin/contract/analysis';
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
  booster(id: BoosterId): Booster;
}

/** Throws when an id of the contract is missing or repeated: a routine must never name a gap. */
export function createCatalogue(
  bases: readonly FormulationBase[],
  boosters: readonly Booster[],
): Catalogue {
  const baseById = new Map<BaseId, FormulationBase>(bases.map((b) => [b.id, b]));
  const boosterById = new Map<BoosterId, Booster>(boosters.map((b) => [b.id, b]));
  const missing = [
    ...BASE_IDS.filter((id) => !baseById.has(id)),
    ...BOOSTER_IDS.filter((id) => !boosterById.has(id)),
  ];
  if (missing.length > 0) throw new Error(`catalogue: missing ${missing.join(', ')}`);
  if (baseById.size !== bases.length || boosterById.size !== boosters.length)
    throw new Error('catalogue: an id appears twice');
  return {
    bases,
    boosters,
    base: (id) => baseById.get(id)!,
    booster: (id) => boosterById.get(id)!,
  };
}
