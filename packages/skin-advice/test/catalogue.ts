import { BASES, BOOSTERS } from '../src/builtin-catalogue';
import { createCatalogue } from '../src/catalogue';

/** The built-in catalogue, as the server seeds it: the rules tests name these products and flags. */
export const BASES_AND_BOOSTERS = { bases: BASES, boosters: BOOSTERS };
export const catalogue = createCatalogue(BASES, BOOSTERS);
