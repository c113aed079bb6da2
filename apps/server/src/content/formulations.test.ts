import { describe, expect, it } from 'vitest';
import { BASE_IDS, BOOSTER_IDS } from '@lumiskin/contract/analysis';
import { Booster, FormulationBase } from '@lumiskin/contract/formulations';
import { createCatalogue, BASES, BOOSTERS } from '@lumiskin/skin-advice';

const catalogue = createCatalogue(BASES, BOOSTERS);
const getBase = catalogue.base;
const getBooster = catalogue.booster;

describe('formulation catalogue', () => {
  it('has the 3 bases and 6 boosters of the product rules (docs/product-rules.md#mix), each valid against its schema', () => {
    expect(BASES.map((b) => b.name)).toEqual(['AquaHydra', 'SeboBalance', 'BarrierRepair']);
    expect(BOOSTERS.map((b) => b.name)).toEqual([
      'ClearComplex',
      'BrightRadiance',
      'CalmBarrier',
      'RenewLift',
      'EvenTone',
      'TextureRefine',
    ]);
    for (const b of BASES) expect(FormulationBase.parse(b)).toEqual(b);
    for (const b of BOOSTERS) expect(Booster.parse(b)).toEqual(b);
  });

  it('uses the spec prices in pence', () => {
    expect(BASES.map((b) => b.price_pence)).toEqual([5200, 5400, 5600]);
    expect(BOOSTERS.map((b) => b.price_pence)).toEqual([3800, 4200, 4800, 3800, 4200, 4800]);
  });

  it('uses the spec times of use', () => {
    const times = Object.fromEntries(BOOSTERS.map((b) => [b.name, b.timeOfUse]));
    expect(times).toEqual({
      ClearComplex: 'PM',
      BrightRadiance: 'AM',
      CalmBarrier: 'AM/PM',
      RenewLift: 'PM',
      EvenTone: 'PM',
      TextureRefine: 'PM',
    });
  });

  it('flags the ingredients the routine rules depend on', () => {
    expect(getBooster('renewlift').flags.containsRetinoid).toBe(true);
    expect(getBooster('clearcomplex').flags.containsExfoliatingAcid).toBe(true);
    expect(getBooster('texturerefine').flags.containsExfoliatingAcid).toBe(true);
    expect(getBooster('brightradiance').flags.containsVitaminC).toBe(true);
    expect(getBooster('calmbarrier').flags.gentle).toBe(true);
    expect(BOOSTERS.filter((b) => b.flags.containsRetinoid).map((b) => b.id)).toEqual([
      'renewlift',
    ]);
  });

  it('covers every id of the contract, so the interpreter accepts it', () => {
    for (const id of BASE_IDS) expect(getBase(id).id).toBe(id);
    for (const id of BOOSTER_IDS) expect(getBooster(id).id).toBe(id);
  });
});
