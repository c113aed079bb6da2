import type { Booster, FormulationBase } from '@lumiskin/contract/formulations';

/**
 * The canonical Lumiskin catalogue (docs/product-rules.md#mix / "Booster"): 3 bases and 6 boosters.
 * They live beside the rules that name them (the base rules know these ids). The server's products
 * seeder writes them into the `products` table (with the shop-only extras of
 * apps/server/src/content/products.ts); the scan's interpreter reads them back from there, and
 * this package's tests read them here, so a name, price, time of use or ingredient flag is
 * written exactly once.
 *
 * Prices (docs/product-rules.md#mix): bases £52/£54/£56 and boosters £38/£42/£48 "in spec order". The spec lists
 * six boosters but only three booster prices, so the three prices repeat over the six boosters in
 * the spec's order (ClearComplex 38, BrightRadiance 42, CalmBarrier 48, RenewLift 38, EvenTone 42,
 * TextureRefine 48).
 */
export const BASES: readonly FormulationBase[] = [
  {
    id: 'aquahydra',
    type: 'base',
    name: 'AquaHydra',
    description:
      'A light, water-rich hydrating base that draws moisture into the skin and helps hold it there, ' +
      'for skin that feels tight, dry or dehydrated.',
    keyIngredients: [
      'Hyaluronic acid (multi-weight sodium hyaluronate)',
      'Glycerin',
      'Panthenol (pro-vitamin B5)',
      'Squalane',
      'Allantoin',
    ],
    suitableFor: ['dry', 'dehydrated', 'sensitive'],
    category: 'hydration',
    timeOfUse: 'AM/PM',
    price_pence: 5200,
    targets: ['hydration', 'radiance', 'fine_lines'],
    howToUse: 'Morning and evening on clean skin, before any booster.',
    flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: false,
      containsVitaminC: false,
      gentle: true,
    },
  },
  {
    id: 'sebobalance',
    type: 'base',
    name: 'SeboBalance',
    description:
      'A lightweight, non-greasy balancing base that helps regulate shine and keep pores looking clear ' +
      'while still hydrating, for oily, combination and breakout-prone skin.',
    keyIngredients: [
      'Niacinamide (4%)',
      'Zinc PCA',
      'Low-weight hyaluronic acid',
      'Green tea extract',
      'Glycerin',
    ],
    suitableFor: ['oily', 'combination', 'acne-prone'],
    category: 'balance',
    timeOfUse: 'AM/PM',
    price_pence: 5400,
    targets: ['oiliness', 'pores', 'acne', 'blackheads'],
    howToUse: 'Morning and evening on clean skin, before any booster.',
    flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: false,
      containsVitaminC: false,
      gentle: true,
    },
  },
  {
    id: 'barrierrepair',
    type: 'base',
    name: 'BarrierRepair',
    description:
      "A comforting base with the skin's own barrier lipids that helps calm and rebuild a stressed, " +
      'sensitive or over-treated skin barrier.',
    keyIngredients: [
      'Ceramides NP, AP and EOP',
      'Cholesterol',
      'Free fatty acids (linoleic acid)',
      'Phytosphingosine',
      'Colloidal oatmeal',
    ],
    suitableFor: ['sensitive', 'damaged', 'irritated'],
    category: 'barrier',
    timeOfUse: 'AM/PM',
    price_pence: 5600,
    targets: ['sensitivity', 'redness', 'hydration'],
    howToUse: 'Morning and evening on clean skin, before any booster.',
    flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: false,
      containsVitaminC: false,
      gentle: true,
    },
  },
];

export const BOOSTERS: readonly Booster[] = [
  {
    id: 'clearcomplex',
    type: 'booster',
    name: 'ClearComplex',
    description:
      'An oil-soluble exfoliating booster that works inside the pore to help keep it clear of excess oil ' +
      'and dead cells, for blemishes, blackheads and shine.',
    keyIngredients: ['Salicylic acid (BHA, 2%)', 'Niacinamide', 'Zinc PCA', 'Willow bark extract'],
    suitableFor: ['acne', 'oiliness', 'blackheads', 'large pores'],
    category: 'acne/oil',
    timeOfUse: 'PM',
    price_pence: 3800,
    targets: ['acne', 'blackheads', 'oiliness', 'pores'],
    howToUse: 'Evenings, a few drops after your base; start 3 evenings a week.',
    flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: true,
      containsVitaminC: false,
      gentle: false,
    },
  },
  {
    id: 'brightradiance',
    type: 'booster',
    name: 'BrightRadiance',
    description:
      'An antioxidant morning booster with a stable vitamin C that helps brighten a dull look and fade ' +
      'the look of dark spots, and supports your sunscreen against daily environmental stress.',
    keyIngredients: [
      '3-O-ethyl ascorbic acid (stable vitamin C)',
      'Ferulic acid',
      'Vitamin E (tocopherol)',
      'Licorice root extract',
    ],
    suitableFor: ['dark spots', 'dullness', 'uneven tone'],
    category: 'pigmentation',
    timeOfUse: 'AM',
    price_pence: 4200,
    targets: ['dark_spots', 'radiance', 'uneven_tone'],
    howToUse: 'Mornings, a few drops after your base and before sunscreen.',
    flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: false,
      containsVitaminC: true,
      gentle: false,
    },
  },
  {
    id: 'calmbarrier',
    type: 'booster',
    name: 'CalmBarrier',
    description:
      'A soothing booster that helps calm the look of redness and supports a comfortable, resilient ' +
      'barrier; gentle enough for every day, morning and evening.',
    keyIngredients: [
      'Centella asiatica (madecassoside)',
      'Panthenol',
      'Allantoin',
      'Beta-glucan',
      'Bisabolol',
    ],
    suitableFor: ['sensitivity', 'redness', 'irritation'],
    category: 'sensitivity',
    timeOfUse: 'AM/PM',
    price_pence: 4800,
    targets: ['sensitivity', 'redness'],
    howToUse: 'Morning and evening, a few drops after your base.',
    flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: false,
      containsVitaminC: false,
      gentle: true,
    },
  },
  {
    id: 'renewlift',
    type: 'booster',
    name: 'RenewLift',
    description:
      'A night-time renewal booster with a gentle retinoid and a plant alternative that helps smooth the ' +
      'look of fine lines and improve firmness over time.',
    keyIngredients: [
      'Retinal (retinaldehyde, 0.05%)',
      'Bakuchiol',
      'Palmitoyl pentapeptide-4',
      'Squalane',
    ],
    suitableFor: ['fine lines', 'firmness', 'texture'],
    category: 'anti-aging',
    timeOfUse: 'PM',
    price_pence: 3800,
    targets: ['fine_lines', 'firmness', 'texture'],
    howToUse:
      'Evenings only, a pea-sized amount after your base; start 2 evenings a week and build up.',
    flags: {
      containsRetinoid: true,
      containsExfoliatingAcid: false,
      containsVitaminC: false,
      gentle: false,
    },
  },
  {
    id: 'eventone',
    type: 'booster',
    name: 'EvenTone',
    description:
      'An evening booster for a more even tone that targets the look of stubborn dark spots and patchy ' +
      'tone without exfoliating acids.',
    keyIngredients: [
      'Tranexamic acid (3%)',
      'Alpha-arbutin',
      'Niacinamide',
      'Licorice root extract',
    ],
    suitableFor: ['dark spots', 'uneven tone'],
    category: 'pigmentation',
    timeOfUse: 'PM',
    price_pence: 4200,
    targets: ['dark_spots', 'uneven_tone'],
    howToUse: 'Evenings, a few drops after your base.',
    flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: false,
      containsVitaminC: false,
      gentle: false,
    },
  },
  {
    id: 'texturerefine',
    type: 'booster',
    name: 'TextureRefine',
    description:
      'A gentle resurfacing booster that loosens dead surface cells for smoother-feeling, more even ' +
      'texture and a fresher glow.',
    keyIngredients: ['Lactic acid (AHA, 5%)', 'Gluconolactone (PHA)', 'Panthenol', 'Glycerin'],
    suitableFor: ['texture', 'dullness', 'large pores'],
    category: 'texture',
    timeOfUse: 'PM',
    price_pence: 4800,
    targets: ['texture', 'radiance', 'pores'],
    howToUse: 'Evenings, after your base; start 2 to 3 evenings a week.',
    flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: true,
      containsVitaminC: false,
      gentle: false,
    },
  },
];
