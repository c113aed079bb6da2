/**
 * The shop catalogue the database is seeded from (docs/product-rules.md#entities).
 *
 * The three bases and six boosters are mapped from ./formulations.ts (names, prices, ingredients,
 * times of use and the routine rules' ingredient flags are written once, there); this file adds what only the shop needs
 * (short copy, ratings, size, image) and the everyday products around them. Money is integer pence.
 */
import type { Formulation, FormulationFlags, SuitableFor } from '@lumiskin/contract/formulations';
import type { BaseId, BoosterId, MetricKey, TimeOfUse } from '@lumiskin/contract/analysis';
import { BASES, BOOSTERS } from '@lumiskin/skin-advice';

export type ProductType =
  'base' | 'booster' | 'cleanser' | 'moisturizer' | 'sunscreen' | 'toner' | 'mask' | 'tool';

/** Shop categories, as shown in the shop's category dropdown. */
export type ShopCategory =
  'Bases' | 'Boosters' | 'Cleansers' | 'Moisturisers' | 'Sunscreens' | 'Toners' | 'Masks' | 'Tools';

export interface ShopProductSeed {
  /** Slug; bases and boosters keep their contract id (e.g. 'aquahydra'). */
  id: string;
  name: string;
  short_description: string;
  description: string;
  key_ingredients: string[];
  category: ShopCategory;
  type: ProductType;
  /** The spec's formulation category for bases and boosters (e.g. 'acne/oil'); null otherwise. */
  formulation_category: string | null;
  time_of_use: TimeOfUse | null;
  how_to_use: string;
  /** Skin types and concerns it suits, in the contract's vocabulary. */
  suitable_for: SuitableFor[];
  size: string;
  featured: boolean;
  /** 0-5, one decimal. */
  rating: number;
  review_count: number;
  /** Integer pence. */
  price_pence: number;
  /** Product render under /images/products/ (ships with the web app). */
  image: string;
  /** The product's colour, used by its render and as a placeholder tint. */
  color: string;
  /** Bases and boosters only: the scan metrics it addresses, for the routine interpreter. */
  targets: MetricKey[] | null;
  /** Bases and boosters only: the ingredient facts the routine's safety rules read. */
  formulation_flags: FormulationFlags | null;
}

interface ShopExtras {
  short_description: string;
  size: string;
  featured: boolean;
  rating: number;
  review_count: number;
  color: string;
}

/** Shop-only facts for each formulation, keyed by contract id. */
const FORMULATION_EXTRAS: Record<BaseId | BoosterId, ShopExtras> = {
  aquahydra: {
    short_description: 'Water-light hydrating base for skin that feels tight or dry.',
    size: '50 ml',
    featured: true,
    rating: 4.8,
    review_count: 642,
    color: '#38bdf8',
  },
  sebobalance: {
    short_description: 'Shine-balancing base with 4% niacinamide for oily and combination skin.',
    size: '50 ml',
    featured: true,
    rating: 4.7,
    review_count: 518,
    color: '#34d399',
  },
  barrierrepair: {
    short_description: 'Ceramide-rich base that helps calm and rebuild a stressed barrier.',
    size: '50 ml',
    featured: false,
    rating: 4.9,
    review_count: 401,
    color: '#f9a8d4',
  },
  clearcomplex: {
    short_description: 'Evening 2% salicylic acid booster for blemishes and blackheads.',
    size: '15 ml',
    featured: false,
    rating: 4.6,
    review_count: 377,
    color: '#2dd4bf',
  },
  brightradiance: {
    short_description: 'Morning vitamin C booster for a brighter, more even look.',
    size: '15 ml',
    featured: true,
    rating: 4.7,
    review_count: 455,
    color: '#fb923c',
  },
  calmbarrier: {
    short_description: 'Soothing centella booster for redness-prone skin, day and night.',
    size: '15 ml',
    featured: false,
    rating: 4.8,
    review_count: 289,
    color: '#a3e635',
  },
  renewlift: {
    short_description: 'Gentle retinal night booster for fine lines and firmness.',
    size: '15 ml',
    featured: false,
    rating: 4.5,
    review_count: 334,
    color: '#a78bfa',
  },
  eventone: {
    short_description: 'Tranexamic acid night booster for stubborn dark spots.',
    size: '15 ml',
    featured: false,
    rating: 4.4,
    review_count: 198,
    color: '#fbbf24',
  },
  texturerefine: {
    short_description: 'Lactic acid and PHA booster for smoother-feeling texture.',
    size: '15 ml',
    featured: false,
    rating: 4.5,
    review_count: 246,
    color: '#f472b6',
  },
};

function fromFormulation(f: Formulation): ShopProductSeed {
  const extras = (FORMULATION_EXTRAS as Partial<Record<string, ShopExtras>>)[f.id];
  if (!extras) throw new Error(`products: no shop copy for formulation ${f.id}`);
  return {
    id: f.id,
    name: f.name,
    short_description: extras.short_description,
    description: f.description,
    key_ingredients: [...f.keyIngredients],
    category: f.type === 'base' ? 'Bases' : 'Boosters',
    type: f.type,
    formulation_category: f.category,
    time_of_use: f.timeOfUse,
    how_to_use: f.howToUse,
    suitable_for: [...f.suitableFor],
    size: extras.size,
    featured: extras.featured,
    rating: extras.rating,
    review_count: extras.review_count,
    price_pence: f.price_pence,
    image: `/images/products/${f.id}.svg`,
    color: extras.color,
    targets: [...f.targets],
    formulation_flags: { ...f.flags },
  };
}

/** The 3 bases and 6 boosters, in catalogue order. */
export const FORMULATION_PRODUCTS: readonly ShopProductSeed[] = [...BASES, ...BOOSTERS].map(
  fromFormulation,
);

type EverydayInput = Omit<
  ShopProductSeed,
  'image' | 'formulation_category' | 'targets' | 'formulation_flags'
>;

function everyday(input: EverydayInput): ShopProductSeed {
  return {
    ...input,
    formulation_category: null,
    targets: null,
    formulation_flags: null,
    image: `/images/products/${input.id}.svg`,
  };
}

/** Everyday products that sit around a mix: cleanse, moisturise, protect, plus a few tools. */
export const EVERYDAY_PRODUCTS: readonly ShopProductSeed[] = [
  everyday({
    id: 'gentle-cream-cleanser',
    name: 'Gentle Cream Cleanser',
    short_description: 'Soft, non-foaming cleanser that leaves skin comfortable, never tight.',
    description:
      'A creamy, fragrance-free cleanser that lifts away sunscreen, makeup and the day without stripping the skin barrier. Rinses clean with lukewarm water and suits dry and sensitive skin morning and evening.',
    key_ingredients: ['Glycerin', 'Ceramide NP', 'Oat kernel extract', 'Panthenol'],
    category: 'Cleansers',
    type: 'cleanser',
    time_of_use: 'AM/PM',
    how_to_use: 'Massage onto damp skin for 30 seconds, then rinse with lukewarm water.',
    suitable_for: ['dry', 'sensitive', 'normal', 'dehydrated'],
    size: '150 ml',
    featured: true,
    rating: 4.7,
    review_count: 812,
    price_pence: 1600,
    color: '#fcd9c5',
  }),
  everyday({
    id: 'balancing-gel-cleanser',
    name: 'Balancing Gel Cleanser',
    short_description: 'Low-foam gel cleanser that lifts excess oil without the squeak.',
    description:
      'A clear gel cleanser with a gentle, skin-friendly pH that removes excess oil, sweat and sunscreen while leaving the barrier intact. A good evening partner for oily, combination and breakout-prone skin.',
    key_ingredients: ['Coco-glucoside', 'Zinc PCA', 'Glycerin', 'Allantoin'],
    category: 'Cleansers',
    type: 'cleanser',
    time_of_use: 'AM/PM',
    how_to_use: 'Lather a small amount with water, massage over damp skin and rinse.',
    suitable_for: ['oily', 'combination', 'acne-prone'],
    size: '150 ml',
    featured: false,
    rating: 4.5,
    review_count: 604,
    price_pence: 1600,
    color: '#99f6e4',
  }),
  everyday({
    id: 'melting-cleansing-balm',
    name: 'Melting Cleansing Balm',
    short_description: 'Balm-to-oil first cleanse that dissolves sunscreen and makeup.',
    description:
      'A fragrance-free balm that melts into a silky oil on contact, dissolving long-wear sunscreen and makeup, then emulsifies with water to rinse away. Follow with your usual cleanser on heavier days.',
    key_ingredients: [
      'Caprylic/capric triglyceride',
      'Squalane',
      'Sunflower seed oil',
      'Vitamin E',
    ],
    category: 'Cleansers',
    type: 'cleanser',
    time_of_use: 'PM',
    how_to_use: 'Massage a scoop onto dry skin, add a little water to emulsify, then rinse.',
    suitable_for: ['normal', 'dry', 'combination', 'sensitive'],
    size: '100 ml',
    featured: false,
    rating: 4.6,
    review_count: 377,
    price_pence: 2200,
    color: '#fde68a',
  }),
  everyday({
    id: 'daily-barrier-moisturiser',
    name: 'Daily Barrier Moisturiser',
    short_description: 'Everyday cream with ceramides to keep skin soft and comfortable.',
    description:
      'A medium-weight cream with the skin barrier lipids ceramides, cholesterol and fatty acids, plus glycerin to hold water in. Absorbs quickly under sunscreen and suits most skin types, including sensitive.',
    key_ingredients: ['Ceramides NP, AP and EOP', 'Cholesterol', 'Glycerin', 'Niacinamide'],
    category: 'Moisturisers',
    type: 'moisturizer',
    time_of_use: 'AM/PM',
    how_to_use: 'Smooth over face and neck after your base and boosters.',
    suitable_for: ['normal', 'dry', 'sensitive', 'combination'],
    size: '50 ml',
    featured: false,
    rating: 4.8,
    review_count: 921,
    price_pence: 2400,
    color: '#c4b5fd',
  }),
  everyday({
    id: 'oil-free-gel-moisturiser',
    name: 'Oil-Free Gel Moisturiser',
    short_description: 'Weightless, non-comedogenic gel hydration for oily skin.',
    description:
      'A bouncy gel-cream that hydrates without shine or heaviness. Formulated to be non-comedogenic, it keeps oily and breakout-prone skin comfortable alongside drying treatments.',
    key_ingredients: ['Sodium hyaluronate', 'Glycerin', 'Niacinamide', 'Green tea extract'],
    category: 'Moisturisers',
    type: 'moisturizer',
    time_of_use: 'AM/PM',
    how_to_use: 'Apply a thin layer after your base and boosters.',
    suitable_for: ['oily', 'combination', 'acne-prone', 'dehydrated'],
    size: '50 ml',
    featured: false,
    rating: 4.6,
    review_count: 566,
    price_pence: 2200,
    color: '#6ee7b7',
  }),
  everyday({
    id: 'rich-recovery-night-cream',
    name: 'Rich Recovery Night Cream',
    short_description: 'Cocooning night cream for dry, tight or weather-worn skin.',
    description:
      'A rich cream with shea butter and squalane to slow overnight water loss and soften rough, dry patches. Especially welcome in cold, dry weather or after a long flight.',
    key_ingredients: ['Shea butter', 'Squalane', 'Ceramide NP', 'Panthenol'],
    category: 'Moisturisers',
    type: 'moisturizer',
    time_of_use: 'PM',
    how_to_use: 'Warm a small amount between your fingertips and press onto skin as the last step.',
    suitable_for: ['dry', 'dehydrated', 'damaged'],
    size: '50 ml',
    featured: false,
    rating: 4.7,
    review_count: 348,
    price_pence: 2800,
    color: '#e9d5ff',
  }),
  everyday({
    id: 'daily-fluid-spf50',
    name: 'Daily Fluid SPF 50',
    short_description: 'Invisible, lightweight broad-spectrum SPF 50 with a 5-star UVA rating.',
    description:
      'A fast-absorbing fluid sunscreen with very high UVB protection and a 5-star UVA rating. No white cast, no greasy feel, and it sits well under makeup. The last step of every morning routine.',
    key_ingredients: [
      'Bis-ethylhexyloxyphenol methoxyphenyl triazine',
      'Diethylamino hydroxybenzoyl hexyl benzoate',
      'Glycerin',
      'Vitamin E',
    ],
    category: 'Sunscreens',
    type: 'sunscreen',
    time_of_use: 'AM',
    how_to_use:
      'Apply about half a teaspoon to face and neck as the last step; reapply every 2 hours outdoors.',
    suitable_for: ['normal', 'oily', 'combination', 'dry'],
    size: '50 ml',
    featured: true,
    rating: 4.9,
    review_count: 1284,
    price_pence: 2400,
    color: '#fbbf24',
  }),
  everyday({
    id: 'mineral-sunscreen-spf30',
    name: 'Mineral Sunscreen SPF 30',
    short_description: 'Zinc oxide sunscreen, fragrance-free and gentle on sensitive skin.',
    description:
      'A broad-spectrum mineral sunscreen with non-nano zinc oxide, made for sensitive and reactive skin. A sheer, lightly hydrating finish with a 4-star UVA rating.',
    key_ingredients: ['Zinc oxide', 'Squalane', 'Glycerin', 'Bisabolol'],
    category: 'Sunscreens',
    type: 'sunscreen',
    time_of_use: 'AM',
    how_to_use:
      'Apply about half a teaspoon to face and neck as the last step; reapply every 2 hours outdoors.',
    suitable_for: ['sensitive', 'dry', 'normal', 'irritated'],
    size: '50 ml',
    featured: false,
    rating: 4.4,
    review_count: 537,
    price_pence: 2200,
    color: '#fed7aa',
  }),
  everyday({
    id: 'tinted-sunscreen-spf50',
    name: 'Tinted Sunscreen SPF 50',
    short_description: 'Sheer-tint broad-spectrum SPF 50 that evens the look of skin.',
    description:
      'A sheer, buildable tint with very high, broad-spectrum protection. Iron oxides in the tint add protection from visible light, which can help people prone to dark spots.',
    key_ingredients: ['Zinc oxide', 'Iron oxides', 'Niacinamide', 'Glycerin'],
    category: 'Sunscreens',
    type: 'sunscreen',
    time_of_use: 'AM',
    how_to_use:
      'Apply about half a teaspoon to face and neck as the last step; reapply every 2 hours outdoors.',
    suitable_for: ['normal', 'combination', 'dark spots', 'uneven tone'],
    size: '40 ml',
    featured: false,
    rating: 4.3,
    review_count: 412,
    price_pence: 2600,
    color: '#d6a384',
  }),
  everyday({
    id: 'hydrating-essence-toner',
    name: 'Hydrating Essence Toner',
    short_description: 'Alcohol-free watery toner that adds a first layer of hydration.',
    description:
      'A fragrance-free, alcohol-free essence that gives thirsty skin a quick drink of hydration after cleansing, so the rest of the routine spreads easily.',
    key_ingredients: ['Glycerin', 'Sodium PCA', 'Betaine', 'Panthenol'],
    category: 'Toners',
    type: 'toner',
    time_of_use: 'AM/PM',
    how_to_use: 'Press a few drops into clean skin with your palms before your base.',
    suitable_for: ['dehydrated', 'dry', 'normal', 'sensitive'],
    size: '150 ml',
    featured: false,
    rating: 4.5,
    review_count: 389,
    price_pence: 1800,
    color: '#bae6fd',
  }),
  everyday({
    id: 'pha-gentle-exfoliating-toner',
    name: 'PHA Gentle Exfoliating Toner',
    short_description: 'Mild polyhydroxy acid toner for smoother, brighter-looking skin.',
    description:
      'A gentle leave-on exfoliant with gluconolactone, a larger acid molecule that works at the surface with less sting. Use on evenings when you are not using a retinoid or another acid.',
    key_ingredients: ['Gluconolactone (PHA)', 'Lactobionic acid', 'Glycerin', 'Allantoin'],
    category: 'Toners',
    type: 'toner',
    time_of_use: 'PM',
    how_to_use: 'Sweep over clean skin 2 to 3 evenings a week; wear sunscreen the next day.',
    suitable_for: ['texture', 'dullness', 'normal', 'combination'],
    size: '120 ml',
    featured: false,
    rating: 4.4,
    review_count: 276,
    price_pence: 2000,
    color: '#fda4af',
  }),
  everyday({
    id: 'overnight-recovery-mask',
    name: 'Overnight Recovery Mask',
    short_description: 'Leave-on sleeping mask that wraps skin in moisture overnight.',
    description:
      'A soft, cushiony overnight mask with humectants and a light occlusive film to reduce water loss while you sleep. Skin wakes up softer and more comfortable.',
    key_ingredients: ['Glycerin', 'Sodium hyaluronate', 'Squalane', 'Centella asiatica extract'],
    category: 'Masks',
    type: 'mask',
    time_of_use: 'PM',
    how_to_use: 'Once or twice a week, apply a thin layer as the last evening step.',
    suitable_for: ['dry', 'dehydrated', 'sensitive', 'normal'],
    size: '75 ml',
    featured: false,
    rating: 4.6,
    review_count: 318,
    price_pence: 2600,
    color: '#818cf8',
  }),
  everyday({
    id: 'kaolin-clay-mask',
    name: 'Kaolin Clay Mask',
    short_description: 'Purifying clay mask that soaks up excess oil from the T-zone.',
    description:
      'A creamy kaolin clay mask that absorbs excess oil and leaves skin feeling fresh, without drying it out. Ideal on an oily T-zone once or twice a week.',
    key_ingredients: ['Kaolin', 'Bentonite', 'Niacinamide', 'Glycerin'],
    category: 'Masks',
    type: 'mask',
    time_of_use: 'PM',
    how_to_use: 'Apply to clean skin for 10 minutes, rinse before it fully dries, then moisturise.',
    suitable_for: ['oily', 'combination', 'large pores', 'blackheads'],
    size: '75 ml',
    featured: false,
    rating: 4.3,
    review_count: 254,
    price_pence: 2000,
    color: '#a8a29e',
  }),
  everyday({
    id: 'jade-facial-roller',
    name: 'Jade Facial Roller',
    short_description: 'Cool stone roller for a relaxing facial massage.',
    description:
      'A dual-ended jade roller for a soothing, cooling massage over your moisturiser. It feels lovely and can help skin look a little less puffy in the morning; keep it in the fridge for extra cool.',
    key_ingredients: ['Jade stone', 'Zinc alloy frame'],
    category: 'Tools',
    type: 'tool',
    time_of_use: null,
    how_to_use: 'Roll gently outwards and upwards over moisturised skin; wipe clean after use.',
    suitable_for: ['normal', 'dry', 'oily', 'combination', 'sensitive'],
    size: '1 roller',
    featured: false,
    rating: 4.2,
    review_count: 463,
    price_pence: 2200,
    color: '#6ee7b7',
  }),
  everyday({
    id: 'silicone-cleansing-brush',
    name: 'Silicone Cleansing Brush',
    short_description: 'Soft, hygienic silicone brush for a gentle, thorough cleanse.',
    description:
      'A waterproof, rechargeable brush with soft silicone bristles that dry quickly and are easy to keep clean. Gentle pulses help your cleanser work without scrubbing.',
    key_ingredients: ['Medical-grade silicone', 'USB-C rechargeable battery'],
    category: 'Tools',
    type: 'tool',
    time_of_use: null,
    how_to_use: 'Use with cleanser for up to 60 seconds, once a day; rinse and air-dry.',
    suitable_for: ['normal', 'oily', 'combination'],
    size: '1 brush',
    featured: false,
    rating: 4.4,
    review_count: 288,
    price_pence: 2900,
    color: '#f9a8d4',
  }),
  everyday({
    id: 'microfibre-cleansing-cloths',
    name: 'Microfibre Cleansing Cloths',
    short_description: 'Three ultra-soft cloths to remove cleanser gently.',
    description:
      'Soft, reusable microfibre cloths for lifting away cleansing balm and cleanser without tugging. Machine-washable at 40°C; use a fresh one each evening.',
    key_ingredients: ['Polyester and polyamide microfibre'],
    category: 'Tools',
    type: 'tool',
    time_of_use: null,
    how_to_use: 'Wet with warm water, wring out and press gently over skin to remove cleanser.',
    suitable_for: ['normal', 'dry', 'oily', 'combination', 'sensitive'],
    size: 'Pack of 3',
    featured: false,
    rating: 4.7,
    review_count: 702,
    price_pence: 900,
    color: '#c7d2fe',
  }),
];

/** Everything the shop sells: bases and boosters first, then everyday products. */
export const SHOP_PRODUCTS: readonly ShopProductSeed[] = [
  ...FORMULATION_PRODUCTS,
  ...EVERYDAY_PRODUCTS,
];
