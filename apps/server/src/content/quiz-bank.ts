/**
 * The quiz question bank the database is seeded from (docs/product-rules.md#entities).
 *
 * Facts follow dermatology consensus (British Association of Dermatologists, NHS, WHO UV index
 * guidance, ISO 24444 SPF testing, EU Cosmetics Regulation 1223/2009 for labels). Every question is
 * single choice: `correct_answer` is the exact text of one of its four `options`. Right answers and
 * explanations belong on the server only; they never reach the browser before a quiz is submitted.
 */

import { POINTS_PER_RIGHT_ANSWER, type QuizDifficulty } from '@lumiskin/contract/quiz';

export interface QuizCategorySeed {
  /** Slug, used in /quiz/category/{id}. */
  id: string;
  name: string;
  /** A lucide-react icon name. */
  icon: string;
  /** Hex colour for the category card. */
  color: string;
  description: string;
  /** Minutes for a typical draw from this category. */
  estimated_time: number;
  /** Badge awarded when the category is completed. */
  badge_reward: string;
}

export interface QuizQuestionSeed {
  /** Stable id, e.g. 'sun-07'; answers are keyed by it. */
  id: string;
  category_id: string;
  question_text: string;
  options: readonly [string, string, string, string];
  /** Exact text of the right option. */
  correct_answer: string;
  difficulty: QuizDifficulty;
  points: number;
  /** Optional picture under /images/quiz/ (ships with the web app). */
  image_url?: string;
  tags: string[];
  /** 1-3 sentences on why the right answer is right. */
  explanation: string;
}

/** Points a question is worth by difficulty: the one scale of every quiz (docs/quiz-rules.md#points). */
export const POINTS_BY_DIFFICULTY: Record<QuizDifficulty, number> = POINTS_PER_RIGHT_ANSWER;

export const QUIZ_CATEGORIES: readonly QuizCategorySeed[] = [
  {
    id: 'skin-basics',
    name: 'Skin Basics',
    icon: 'Sparkles',
    color: '#8b5cf6',
    description:
      'How your skin is built, what the barrier does and what makes each skin type tick.',
    estimated_time: 4,
    badge_reward: 'Skin Scholar',
  },
  {
    id: 'ingredients',
    name: 'Ingredients',
    icon: 'FlaskConical',
    color: '#14b8a6',
    description: 'Acids, retinoids, humectants and more: what the names on the label actually do.',
    estimated_time: 5,
    badge_reward: 'Ingredient Insider',
  },
  {
    id: 'sun-protection',
    name: 'Sun Protection',
    icon: 'Sun',
    color: '#f59e0b',
    description: 'SPF, UVA stars, the UV index and how much sunscreen really counts.',
    estimated_time: 4,
    badge_reward: 'Sun Smart',
  },
  {
    id: 'acne-breakouts',
    name: 'Acne & Breakouts',
    icon: 'Droplets',
    color: '#ec4899',
    description: 'Why spots happen, what helps, what does not, and when to ask for help.',
    estimated_time: 5,
    badge_reward: 'Clear Thinker',
  },
  {
    id: 'routines-myths',
    name: 'Routines & Myths',
    icon: 'BookOpen',
    color: '#6366f1',
    description: 'Build a routine that works and spot the skin-care myths that do not.',
    estimated_time: 4,
    badge_reward: 'Myth Buster',
  },
];

type QuestionInput = Omit<QuizQuestionSeed, 'points'>;

/** Points come from difficulty so the two can never disagree. */
function q(input: QuestionInput): QuizQuestionSeed {
  return { ...input, points: POINTS_BY_DIFFICULTY[input.difficulty] };
}

const skinBasics: QuizQuestionSeed[] = [
  q({
    id: 'basics-01',
    category_id: 'skin-basics',
    question_text:
      "The highlighted top layer in the picture is the skin's main barrier against water loss. What is it called?",
    options: ['Stratum corneum', 'Stratum basale', 'Dermis', 'Hypodermis'],
    correct_answer: 'Stratum corneum',
    difficulty: 'beginner',
    image_url: '/images/quiz/skin-layers.svg',
    tags: ['barrier', 'anatomy'],
    explanation:
      'The stratum corneum is the outermost layer of the epidermis: flattened, dead skin cells held together by lipids. It keeps water in and irritants out.',
  }),
  q({
    id: 'basics-02',
    category_id: 'skin-basics',
    question_text:
      'Roughly how long does it take healthy adult skin to renew its outer layer (epidermis)?',
    options: ['About 24 hours', 'About one week', 'Around four to six weeks', 'About one year'],
    correct_answer: 'Around four to six weeks',
    difficulty: 'intermediate',
    tags: ['cell turnover', 'anatomy'],
    explanation:
      'New cells form at the base of the epidermis and take roughly a month or more to reach the surface and shed. Turnover tends to slow with age.',
  }),
  q({
    id: 'basics-03',
    category_id: 'skin-basics',
    question_text: 'Which protein gives the dermis most of its strength and structure?',
    options: ['Collagen', 'Melanin', 'Keratin', 'Sebum'],
    correct_answer: 'Collagen',
    difficulty: 'beginner',
    tags: ['collagen', 'anatomy', 'ageing'],
    explanation:
      'Collagen fibres, made by fibroblasts in the dermis, give skin its strength. Sun exposure and age break collagen down, which is one reason skin loses firmness.',
  }),
  q({
    id: 'basics-04',
    category_id: 'skin-basics',
    question_text: 'What does the Fitzpatrick scale classify?',
    options: [
      'How skin reacts to UV: its tendency to burn or tan',
      'How oily skin is',
      'How many wrinkles skin has',
      'The average size of pores',
    ],
    correct_answer: 'How skin reacts to UV: its tendency to burn or tan',
    difficulty: 'beginner',
    image_url: '/images/quiz/fitzpatrick-scale.svg',
    tags: ['fitzpatrick', 'sun', 'skin tone'],
    explanation:
      'The Fitzpatrick scale was designed to describe how skin responds to ultraviolet light, from always burning and never tanning to rarely burning. It is not a measure of oiliness or ageing.',
  }),
  q({
    id: 'basics-05',
    category_id: 'skin-basics',
    question_text: 'How many skin types does the Fitzpatrick scale describe?',
    options: ['Three', 'Four', 'Six', 'Ten'],
    correct_answer: 'Six',
    difficulty: 'intermediate',
    tags: ['fitzpatrick', 'skin tone'],
    explanation:
      'It has six types, I to VI. Type I always burns and never tans; type VI very rarely burns. Every type can still be damaged by UV.',
  }),
  q({
    id: 'basics-06',
    category_id: 'skin-basics',
    question_text: 'What is transepidermal water loss (TEWL)?',
    options: [
      'Water evaporating from the body through the skin into the air',
      'Sweat produced during exercise',
      'Water absorbed into the skin from a bath',
      'Fluid that collects under the eyes overnight',
    ],
    correct_answer: 'Water evaporating from the body through the skin into the air',
    difficulty: 'intermediate',
    tags: ['barrier', 'hydration'],
    explanation:
      'TEWL is the water that passively escapes through the skin. It rises when the barrier is damaged, which is why a weak barrier feels dry and tight.',
  }),
  q({
    id: 'basics-07',
    category_id: 'skin-basics',
    question_text:
      'In the "bricks and mortar" picture of the skin barrier, what makes up the mortar between the cells?',
    options: [
      'Ceramides, cholesterol and free fatty acids',
      'Collagen and elastin',
      'Melanin and keratin',
      'Sweat and sebum',
    ],
    correct_answer: 'Ceramides, cholesterol and free fatty acids',
    difficulty: 'advanced',
    tags: ['barrier', 'ceramides', 'lipids'],
    explanation:
      'The bricks are flattened skin cells (corneocytes) and the mortar is a lipid mix of roughly equal parts ceramides, cholesterol and free fatty acids. Barrier creams often copy this mix.',
  }),
  q({
    id: 'basics-08',
    category_id: 'skin-basics',
    question_text: 'What is the usual pH of the healthy skin surface?',
    options: [
      'Slightly acidic, about 4.5 to 5.5',
      'Neutral, about 7',
      'Alkaline, about 9',
      'Strongly acidic, about 2',
    ],
    correct_answer: 'Slightly acidic, about 4.5 to 5.5',
    difficulty: 'intermediate',
    tags: ['acid mantle', 'barrier', 'cleansing'],
    explanation:
      'The slightly acidic "acid mantle" helps barrier enzymes work and keeps the skin microbiome balanced. Harsh, alkaline soaps can temporarily raise it.',
  }),
  q({
    id: 'basics-09',
    category_id: 'skin-basics',
    question_text: 'Which cells make melanin, the pigment that colours skin?',
    options: ['Melanocytes', 'Keratinocytes', 'Fibroblasts', 'Sebocytes'],
    correct_answer: 'Melanocytes',
    difficulty: 'beginner',
    tags: ['pigment', 'anatomy'],
    explanation:
      'Melanocytes sit in the base of the epidermis and pass melanin to surrounding skin cells. Skin tone depends mostly on how much and which kind of melanin they make, not on how many melanocytes there are.',
  }),
  q({
    id: 'basics-10',
    category_id: 'skin-basics',
    question_text: 'What is sebum?',
    options: [
      'An oily substance made by the sebaceous glands',
      'Sweat made by the eccrine glands',
      'A layer of dead skin cells',
      'A type of skin bacteria',
    ],
    correct_answer: 'An oily substance made by the sebaceous glands',
    difficulty: 'beginner',
    tags: ['sebum', 'oily skin'],
    explanation:
      'Sebum is a mix of lipids that keeps skin and hair supple. Too much can make skin shiny and contribute to clogged pores.',
  }),
  q({
    id: 'basics-11',
    category_id: 'skin-basics',
    question_text: 'What is the difference between dry skin and dehydrated skin?',
    options: [
      'Dry skin lacks oil; dehydrated skin lacks water and can happen to any skin type',
      'There is no difference: they are two names for the same thing',
      'Dehydrated skin is always oily; dry skin is never oily',
      'Dry skin only affects the body; dehydrated skin only affects the face',
    ],
    correct_answer:
      'Dry skin lacks oil; dehydrated skin lacks water and can happen to any skin type',
    difficulty: 'intermediate',
    tags: ['skin types', 'hydration'],
    explanation:
      'Dry is a skin type with less sebum and lipids. Dehydration is a temporary state of low water content, so even oily skin can feel tight and dehydrated.',
  }),
  q({
    id: 'basics-12',
    category_id: 'skin-basics',
    question_text: 'What is the natural moisturising factor (NMF)?',
    options: [
      'A mix of amino acids, PCA, lactate and urea inside the outer skin cells that holds water',
      'The sebum produced by the skin',
      'A network of collagen fibres in the dermis',
      'A brand name for a moisturiser',
    ],
    correct_answer:
      'A mix of amino acids, PCA, lactate and urea inside the outer skin cells that holds water',
    difficulty: 'advanced',
    tags: ['hydration', 'barrier', 'humectants'],
    explanation:
      'NMF is a set of water-attracting molecules inside corneocytes that keeps the stratum corneum supple. Ingredients such as urea, sodium PCA and lactic acid mimic parts of it.',
  }),
  q({
    id: 'basics-13',
    category_id: 'skin-basics',
    question_text:
      'Which skin type usually has an oily T-zone (forehead, nose and chin) with normal or dry cheeks?',
    options: ['Combination', 'Dry', 'Normal', 'Sensitive'],
    correct_answer: 'Combination',
    difficulty: 'beginner',
    tags: ['skin types', 'oily skin'],
    explanation:
      'The T-zone has more sebaceous glands, so in combination skin it tends to be oilier than the cheeks. Many people use lighter textures there and richer ones on drier areas.',
  }),
  q({
    id: 'basics-14',
    category_id: 'skin-basics',
    question_text: 'Which fibres let skin spring back after it is stretched?',
    options: ['Elastin', 'Keratin', 'Melanin', 'Hyaluronic acid'],
    correct_answer: 'Elastin',
    difficulty: 'beginner',
    tags: ['elastin', 'anatomy', 'ageing'],
    explanation:
      'Elastin fibres in the dermis give skin its recoil. Like collagen, they are damaged over time by UV exposure.',
  }),
];

const ingredients: QuizQuestionSeed[] = [
  q({
    id: 'ingredients-01',
    category_id: 'ingredients',
    question_text: 'How is hyaluronic acid best described?',
    options: [
      "A humectant that draws water into the skin's surface layers",
      'An exfoliating acid that dissolves dead skin',
      'An oil that seals the skin',
      'A sunscreen filter',
    ],
    correct_answer: "A humectant that draws water into the skin's surface layers",
    difficulty: 'beginner',
    tags: ['hyaluronic acid', 'humectants', 'hydration'],
    explanation:
      'Despite its name, hyaluronic acid does not exfoliate. It is a humectant that binds water, so it works best with a moisturiser on top to slow evaporation.',
  }),
  q({
    id: 'ingredients-02',
    category_id: 'ingredients',
    question_text: 'Which of these is a beta hydroxy acid (BHA)?',
    options: ['Salicylic acid', 'Glycolic acid', 'Lactic acid', 'Mandelic acid'],
    correct_answer: 'Salicylic acid',
    difficulty: 'beginner',
    tags: ['bha', 'exfoliation', 'salicylic acid'],
    explanation:
      'Salicylic acid is the BHA used in skin care. Glycolic, lactic and mandelic acids are alpha hydroxy acids (AHAs).',
  }),
  q({
    id: 'ingredients-03',
    category_id: 'ingredients',
    question_text: 'Why is salicylic acid often recommended for blackheads?',
    options: [
      'It is oil-soluble, so it can work inside oily pores',
      'It is the largest molecule of all the acids',
      'It scrubs the skin like a physical exfoliant',
      'It is a sunscreen filter',
    ],
    correct_answer: 'It is oil-soluble, so it can work inside oily pores',
    difficulty: 'intermediate',
    tags: ['bha', 'blackheads', 'solubility'],
    explanation:
      'Because it dissolves in oil, salicylic acid can get into sebum-filled pores and loosen the plug of oil and dead cells that forms a blackhead.',
  }),
  q({
    id: 'ingredients-04',
    category_id: 'ingredients',
    question_text: 'How do AHAs such as glycolic and lactic acid mainly work?',
    options: [
      'They are water-soluble and loosen dead cells on the skin surface',
      'They are oil-soluble and clean deep inside pores',
      'They form a protective film that blocks UV',
      'They replace lost collagen directly',
    ],
    correct_answer: 'They are water-soluble and loosen dead cells on the skin surface',
    difficulty: 'intermediate',
    tags: ['aha', 'exfoliation', 'solubility'],
    explanation:
      'AHAs dissolve in water and weaken the bonds between surface cells, giving smoother texture and a brighter look. They can make skin more sensitive to the sun, so daily SPF matters.',
  }),
  q({
    id: 'ingredients-05',
    category_id: 'ingredients',
    question_text: 'Niacinamide is a form of which vitamin?',
    options: ['Vitamin B3', 'Vitamin A', 'Vitamin C', 'Vitamin E'],
    correct_answer: 'Vitamin B3',
    difficulty: 'beginner',
    tags: ['niacinamide', 'vitamins'],
    explanation:
      'Niacinamide (nicotinamide) is vitamin B3. It is well tolerated and studied for supporting the barrier, oil control and the look of uneven tone.',
  }),
  q({
    id: 'ingredients-06',
    category_id: 'ingredients',
    question_text:
      'What is the usual advice about retinoids such as retinol or tretinoin during pregnancy?',
    options: [
      'Avoid them and ask a doctor or pharmacist about alternatives',
      'Use double the usual amount',
      'They are only a problem in the final month',
      'Only prescription retinoids matter; cosmetic ones are recommended',
    ],
    correct_answer: 'Avoid them and ask a doctor or pharmacist about alternatives',
    difficulty: 'intermediate',
    tags: ['retinoids', 'pregnancy', 'safety'],
    explanation:
      'Oral retinoids can harm an unborn baby, and as a precaution topical retinoids are also not recommended during pregnancy. Gentler options exist, so it is worth asking a healthcare professional.',
  }),
  q({
    id: 'ingredients-07',
    category_id: 'ingredients',
    question_text: 'L-ascorbic acid is the pure form of which vitamin?',
    options: ['Vitamin C', 'Vitamin A', 'Vitamin B5', 'Vitamin D'],
    correct_answer: 'Vitamin C',
    difficulty: 'beginner',
    tags: ['vitamin c', 'antioxidants'],
    explanation:
      'L-ascorbic acid is vitamin C in its most studied form. It is an antioxidant but breaks down in light and air, so stable derivatives are also common.',
  }),
  q({
    id: 'ingredients-08',
    category_id: 'ingredients',
    question_text: 'Which of these ingredients is an occlusive?',
    options: ['Petrolatum', 'Glycerin', 'Niacinamide', 'Salicylic acid'],
    correct_answer: 'Petrolatum',
    difficulty: 'intermediate',
    tags: ['occlusives', 'moisturisers', 'barrier'],
    explanation:
      'Occlusives such as petrolatum form a film that slows water loss from the skin. Glycerin is a humectant, which attracts water rather than sealing it in.',
  }),
  q({
    id: 'ingredients-09',
    category_id: 'ingredients',
    question_text: 'What are ceramides?',
    options: [
      'Lipids that are a natural part of the skin barrier',
      'Exfoliating acids made from fruit',
      'Mineral sunscreen filters',
      'Proteins that give skin its colour',
    ],
    correct_answer: 'Lipids that are a natural part of the skin barrier',
    difficulty: 'beginner',
    tags: ['ceramides', 'barrier', 'lipids'],
    explanation:
      'Ceramides make up a large share of the lipids between the outer skin cells. Moisturisers with ceramides, cholesterol and fatty acids can help a stressed barrier recover.',
  }),
  q({
    id: 'ingredients-10',
    category_id: 'ingredients',
    question_text: 'Retinol works after the skin converts it into which form?',
    options: ['Retinoic acid', 'Ascorbic acid', 'Hyaluronic acid', 'Azelaic acid'],
    correct_answer: 'Retinoic acid',
    difficulty: 'advanced',
    tags: ['retinoids', 'retinol'],
    explanation:
      'Retinol is converted to retinaldehyde and then to retinoic acid, the form that acts on skin cells. The extra steps are why retinol is gentler, and slower, than prescription tretinoin.',
  }),
  q({
    id: 'ingredients-11',
    category_id: 'ingredients',
    question_text: 'Azelaic acid is often chosen for which combination of concerns?',
    options: [
      'Acne, redness and uneven skin tone',
      'Sunburn and insect bites',
      'Dandruff and hair loss',
      'Deep wrinkles and sagging',
    ],
    correct_answer: 'Acne, redness and uneven skin tone',
    difficulty: 'intermediate',
    tags: ['azelaic acid', 'acne', 'pigmentation', 'redness'],
    explanation:
      'Azelaic acid has anti-inflammatory and antibacterial effects and can help with the look of uneven tone. It is usually well tolerated, including by sensitive skin.',
  }),
  q({
    id: 'ingredients-12',
    category_id: 'ingredients',
    question_text: 'On a UK or EU cosmetic ingredient list, how are the ingredients ordered?',
    options: [
      'By concentration, highest first; those under 1% can be listed in any order',
      'Alphabetically',
      'By price, most expensive first',
      'Active ingredients first, then everything else alphabetically',
    ],
    correct_answer: 'By concentration, highest first; those under 1% can be listed in any order',
    difficulty: 'advanced',
    tags: ['labels', 'inci'],
    explanation:
      'Cosmetics rules require ingredients in descending order of weight, with anything below 1% allowed in any order at the end. So a "hero" ingredient listed after the preservative is probably present in a small amount.',
  }),
  q({
    id: 'ingredients-13',
    category_id: 'ingredients',
    question_text: "What does 'non-comedogenic' on a label mean?",
    options: [
      'The product is formulated to be less likely to clog pores',
      'The product is guaranteed never to cause a spot',
      'The product contains no oils of any kind',
      'The product has been approved as a medicine',
    ],
    correct_answer: 'The product is formulated to be less likely to clog pores',
    difficulty: 'intermediate',
    tags: ['labels', 'comedones', 'acne'],
    explanation:
      'It means the maker chose ingredients and tests aimed at not blocking pores. There is no single regulated standard, so it is a helpful hint rather than a guarantee.',
  }),
  q({
    id: 'ingredients-14',
    category_id: 'ingredients',
    question_text: 'Which side effect of benzoyl peroxide often surprises people at home?',
    options: [
      'It can bleach towels, pillowcases and clothes',
      'It turns the skin blue',
      'It makes hair grow faster',
      'It smells strongly of mint',
    ],
    correct_answer: 'It can bleach towels, pillowcases and clothes',
    difficulty: 'beginner',
    tags: ['benzoyl peroxide', 'acne'],
    explanation:
      'Benzoyl peroxide is an oxidising agent, so it can bleach fabric. White towels and pillowcases help, as does letting it dry fully before bed.',
  }),
  q({
    id: 'ingredients-15',
    category_id: 'ingredients',
    question_text: 'Which alpha hydroxy acid has the smallest molecule?',
    options: ['Glycolic acid', 'Lactic acid', 'Mandelic acid', 'Citric acid'],
    correct_answer: 'Glycolic acid',
    difficulty: 'advanced',
    tags: ['aha', 'exfoliation', 'glycolic acid'],
    explanation:
      'Glycolic acid is the smallest AHA, so it penetrates quickly and can be the most irritating. Lactic and mandelic acids are larger and often gentler.',
  }),
];

const sunProtection: QuizQuestionSeed[] = [
  q({
    id: 'sun-01',
    category_id: 'sun-protection',
    question_text: 'The SPF number mainly measures protection against which kind of UV?',
    options: ['UVB', 'UVA', 'Infrared', 'Visible blue light'],
    correct_answer: 'UVB',
    difficulty: 'beginner',
    tags: ['spf', 'uvb'],
    explanation:
      'SPF (sun protection factor) is measured by how much longer it takes protected skin to redden, and sunburn is caused mostly by UVB. UVA protection is rated separately.',
  }),
  q({
    id: 'sun-02',
    category_id: 'sun-protection',
    question_text: "What does 'broad spectrum' on a sunscreen mean?",
    options: [
      'It protects against UVA as well as UVB',
      'It is waterproof for the whole day',
      'It works on every skin type without exception',
      'It blocks 100% of UV rays',
    ],
    correct_answer: 'It protects against UVA as well as UVB',
    difficulty: 'beginner',
    tags: ['broad spectrum', 'uva'],
    explanation:
      'Broad spectrum sunscreens have meaningful UVA protection as well as UVB protection. No sunscreen blocks all UV.',
  }),
  q({
    id: 'sun-03',
    category_id: 'sun-protection',
    question_text: 'How much sunscreen is applied in the lab test that sets the SPF on the label?',
    options: [
      '2 mg per cm² of skin',
      '0.5 mg per cm² of skin',
      '5 mg per cm² of skin',
      '10 mg per cm² of skin',
    ],
    correct_answer: '2 mg per cm² of skin',
    difficulty: 'intermediate',
    tags: ['spf', 'application'],
    explanation:
      'SPF is tested at 2 mg/cm². Most people apply much less, which gives far less protection than the label says.',
  }),
  q({
    id: 'sun-04',
    category_id: 'sun-protection',
    question_text:
      'Roughly how much sunscreen do you need for your face and neck to get the labelled protection?',
    options: ['About half a teaspoon', 'A pea-sized amount', 'A single drop', 'A whole tablespoon'],
    correct_answer: 'About half a teaspoon',
    difficulty: 'intermediate',
    tags: ['application', 'spf'],
    explanation:
      'About half a teaspoon covers the face and neck at close to the tested amount. A pea-sized amount gives only a fraction of the labelled SPF.',
  }),
  q({
    id: 'sun-05',
    category_id: 'sun-protection',
    question_text: 'When you are outdoors in strong sun, how often should you reapply sunscreen?',
    options: [
      'At least every 2 hours, and after swimming, sweating or towelling',
      'Once in the morning is enough for the whole day',
      'Every 6 hours',
      'Only when your skin starts to feel warm',
    ],
    correct_answer: 'At least every 2 hours, and after swimming, sweating or towelling',
    difficulty: 'beginner',
    tags: ['reapplication', 'spf'],
    explanation:
      'Sunscreen rubs, sweats and washes off. Reapplying every 2 hours, and straight after water or towelling, keeps protection up.',
  }),
  q({
    id: 'sun-06',
    category_id: 'sun-protection',
    question_text: 'On UK sunscreens, what does the star rating (up to 5 stars) describe?',
    options: [
      'How much UVA protection it gives relative to its UVB protection',
      'How water resistant it is',
      'How many hours it lasts',
      'How well customers rated it',
    ],
    correct_answer: 'How much UVA protection it gives relative to its UVB protection',
    difficulty: 'intermediate',
    tags: ['uva', 'labels', 'star rating'],
    explanation:
      'The UVA star rating compares UVA to UVB protection. A high SPF with 4 or 5 stars is the usual advice in the UK.',
  }),
  q({
    id: 'sun-07',
    category_id: 'sun-protection',
    question_text: 'Which UV rays pass through ordinary window glass most easily?',
    options: ['UVA', 'UVB', 'UVC', 'None: glass blocks all UV'],
    correct_answer: 'UVA',
    difficulty: 'intermediate',
    tags: ['uva', 'indoors'],
    explanation:
      'Standard glass blocks most UVB but lets much of the UVA through. That is why sitting by a sunny window or driving a lot still exposes skin to UVA.',
  }),
  q({
    id: 'sun-08',
    category_id: 'sun-protection',
    question_text:
      'Looking at the UV index scale, from which level does the WHO recommend sun protection?',
    options: ['3 (moderate) and above', '1 and above', '8 (very high) and above', 'Only at 11+'],
    correct_answer: '3 (moderate) and above',
    difficulty: 'intermediate',
    image_url: '/images/quiz/uv-index-scale.svg',
    tags: ['uv index', 'who'],
    explanation:
      'WHO guidance is to protect skin (shade, clothing, hat, sunglasses and sunscreen) when the UV index is 3 or more. At 8 and above, extra care is needed.',
  }),
  q({
    id: 'sun-09',
    category_id: 'sun-protection',
    question_text: 'Zinc oxide and titanium dioxide are which kind of UV filter?',
    options: [
      'Mineral (inorganic) filters',
      'Chemical exfoliants',
      'Antioxidant vitamins',
      'Self-tanning agents',
    ],
    correct_answer: 'Mineral (inorganic) filters',
    difficulty: 'beginner',
    tags: ['mineral sunscreen', 'filters'],
    explanation:
      'Zinc oxide and titanium dioxide are mineral filters. Contrary to the old idea that they only reflect light, they mostly absorb UV, much like organic filters.',
  }),
  q({
    id: 'sun-10',
    category_id: 'sun-protection',
    question_text:
      'In lab conditions, roughly what share of UVB does SPF 30 filter, compared with SPF 50?',
    options: [
      'About 97% vs about 98%',
      'About 50% vs about 80%',
      'About 30% vs about 50%',
      '100% vs 100%',
    ],
    correct_answer: 'About 97% vs about 98%',
    difficulty: 'advanced',
    tags: ['spf', 'uvb'],
    explanation:
      'SPF 30 lets through about 1/30 of UVB (about 97% filtered) and SPF 50 about 1/50 (about 98%). Applying enough and reapplying matters more than the jump from 30 to 50.',
  }),
  q({
    id: 'sun-11',
    category_id: 'sun-protection',
    question_text: 'Does deeper, darker skin need sun protection?',
    options: [
      'Yes: it can still burn and develop sun damage, skin cancer and uneven pigmentation',
      'No: melanin blocks all UV',
      'Only when swimming',
      'Only above the Arctic Circle',
    ],
    correct_answer:
      'Yes: it can still burn and develop sun damage, skin cancer and uneven pigmentation',
    difficulty: 'beginner',
    tags: ['skin tone', 'pigmentation', 'fitzpatrick'],
    explanation:
      'More melanin gives some natural protection, but not complete protection. UV also worsens dark marks, which deeper skin tones are more prone to.',
  }),
  q({
    id: 'sun-12',
    category_id: 'sun-protection',
    question_text: 'Do you need sun protection on a cloudy day when the UV index is high?',
    options: [
      'Yes: much of the UV passes through cloud',
      'No: clouds block nearly all UV',
      'Only if it is also hot',
      'Only if you can see your shadow clearly',
    ],
    correct_answer: 'Yes: much of the UV passes through cloud',
    difficulty: 'beginner',
    tags: ['uv index', 'weather'],
    explanation:
      'UV is not the same as heat or brightness. A large part of UV gets through light or broken cloud, so check the UV index rather than the sky.',
  }),
  q({
    id: 'sun-13',
    category_id: 'sun-protection',
    question_text:
      'Which type of UV is mainly linked to long-term photoageing, such as wrinkles and sun spots?',
    options: ['UVA', 'UVB', 'UVC', 'Infrared only'],
    correct_answer: 'UVA',
    difficulty: 'intermediate',
    tags: ['uva', 'ageing', 'photoageing'],
    explanation:
      'UVA reaches deeper into the dermis and is the main driver of photoageing. UVB mainly causes sunburn. Both contribute to skin cancer.',
  }),
  q({
    id: 'sun-14',
    category_id: 'sun-protection',
    question_text: 'Is the SPF in a foundation usually enough protection on its own?',
    options: [
      'Usually not: people apply far less foundation than the amount used in SPF testing',
      'Yes: SPF in makeup is always stronger',
      'Yes, as long as it is powder',
      'Only if it is SPF 15 or higher',
    ],
    correct_answer:
      'Usually not: people apply far less foundation than the amount used in SPF testing',
    difficulty: 'intermediate',
    tags: ['makeup', 'spf', 'application'],
    explanation:
      'To get the SPF on the label you would need a thick layer of foundation. Wearing a dedicated sunscreen underneath is more reliable.',
  }),
  q({
    id: 'sun-15',
    category_id: 'sun-protection',
    question_text: 'In the UK, when is the sun usually strongest from March to October?',
    options: ['Between 11am and 3pm', 'Before 9am', 'After 6pm', 'It is the same all day'],
    correct_answer: 'Between 11am and 3pm',
    difficulty: 'beginner',
    tags: ['uv index', 'shade', 'uk'],
    explanation:
      'NHS advice is to spend time in the shade between 11am and 3pm, when UV is usually at its highest in the UK.',
  }),
];

const acne: QuizQuestionSeed[] = [
  q({
    id: 'acne-01',
    category_id: 'acne-breakouts',
    question_text: 'Which set best describes the four main factors behind acne?',
    options: [
      'Extra sebum, clogged follicles, C. acnes bacteria and inflammation',
      'Dirt, chocolate, sweat and makeup',
      'Cold weather, dry air, wind and sun',
      'Dehydration, sugar, stress and sleep',
    ],
    correct_answer: 'Extra sebum, clogged follicles, C. acnes bacteria and inflammation',
    difficulty: 'advanced',
    tags: ['pathogenesis', 'sebum', 'inflammation'],
    explanation:
      'Acne develops when sebum rises, dead cells block the follicle, C. acnes bacteria thrive in the plug and the skin reacts with inflammation. Treatments target one or more of these steps.',
  }),
  q({
    id: 'acne-02',
    category_id: 'acne-breakouts',
    question_text: 'Why is a blackhead dark?',
    options: [
      'Its contents are open to the air and light at the surface, which darkens them',
      'It is full of dirt',
      'It is a small bruise',
      'It is caused by not washing enough',
    ],
    correct_answer: 'Its contents are open to the air and light at the surface, which darkens them',
    difficulty: 'intermediate',
    tags: ['blackheads', 'comedones', 'myths'],
    explanation:
      'A blackhead is an open comedone: a plug of sebum and skin cells whose surface darkens when exposed to air and the way it scatters light. It is not dirt, so scrubbing harder does not help.',
  }),
  q({
    id: 'acne-03',
    category_id: 'acne-breakouts',
    question_text:
      'In the picture, the right-hand pore is blocked but closed over by skin. What is it called?',
    options: [
      'A closed comedone (whitehead)',
      'An open comedone (blackhead)',
      'A cyst',
      'A freckle',
    ],
    correct_answer: 'A closed comedone (whitehead)',
    difficulty: 'beginner',
    image_url: '/images/quiz/comedones.svg',
    tags: ['whiteheads', 'comedones'],
    explanation:
      'Whiteheads are closed comedones: the plug stays under a thin layer of skin, so it looks like a small pale bump. Blackheads are the open kind.',
  }),
  q({
    id: 'acne-04',
    category_id: 'acne-breakouts',
    question_text: 'What was the acne-related bacterium Cutibacterium acnes previously called?',
    options: [
      'Propionibacterium acnes',
      'Staphylococcus aureus',
      'Escherichia coli',
      'Malassezia furfur',
    ],
    correct_answer: 'Propionibacterium acnes',
    difficulty: 'advanced',
    tags: ['bacteria', 'pathogenesis'],
    explanation:
      "It was renamed Cutibacterium acnes in 2016. It lives on everyone's skin; acne involves an imbalance and the skin's inflammatory response to it, not simply its presence.",
  }),
  q({
    id: 'acne-05',
    category_id: 'acne-breakouts',
    question_text: 'Which group of hormones is most linked to increased sebum production?',
    options: ['Androgens', 'Thyroid hormones', 'Insulin only', 'Melatonin'],
    correct_answer: 'Androgens',
    difficulty: 'intermediate',
    tags: ['hormones', 'sebum'],
    explanation:
      'Androgens such as testosterone stimulate the sebaceous glands. This is why acne often starts at puberty and can flare with hormonal changes.',
  }),
  q({
    id: 'acne-06',
    category_id: 'acne-breakouts',
    question_text:
      'How long should you usually give an acne treatment before judging whether it works?',
    options: ['A few days', 'About one week', 'Around 2 to 3 months', 'At least two years'],
    correct_answer: 'Around 2 to 3 months',
    difficulty: 'beginner',
    tags: ['treatment', 'patience'],
    explanation:
      'Most acne treatments take 2 to 3 months to show a clear difference, and skin can look a little worse before it improves. Switching too soon makes it hard to know what helps.',
  }),
  q({
    id: 'acne-07',
    category_id: 'acne-breakouts',
    question_text: 'What is the main risk of picking or squeezing spots?',
    options: [
      'It can push inflammation deeper and leave scars or dark marks',
      'It makes the spot heal twice as fast',
      'There is no risk if your hands are clean',
      'It stops new spots forming nearby',
    ],
    correct_answer: 'It can push inflammation deeper and leave scars or dark marks',
    difficulty: 'beginner',
    tags: ['scarring', 'picking'],
    explanation:
      'Squeezing can rupture the follicle under the skin, spreading inflammation. That raises the chance of scarring and post-inflammatory marks.',
  }),
  q({
    id: 'acne-08',
    category_id: 'acne-breakouts',
    question_text: 'What is post-inflammatory hyperpigmentation (PIH)?',
    options: [
      'Flat dark marks left after a spot or irritation heals',
      'A type of active spot with a white head',
      'Permanent pitted scars',
      'An allergy to sunscreen',
    ],
    correct_answer: 'Flat dark marks left after a spot or irritation heals',
    difficulty: 'intermediate',
    tags: ['pigmentation', 'marks', 'skin tone'],
    explanation:
      'Inflammation can trigger extra melanin, leaving flat brown or dark marks. They are more common in deeper skin tones and fade over months, faster with daily sunscreen.',
  }),
  q({
    id: 'acne-09',
    category_id: 'acne-breakouts',
    question_text: 'Why is benzoyl peroxide often combined with antibiotic acne treatments?',
    options: [
      'Bacteria do not become resistant to it, and it helps prevent resistance to the antibiotic',
      'It makes the antibiotic taste better',
      'It is a moisturiser that stops the antibiotic drying the skin',
      'It is a sunscreen that protects the antibiotic from light',
    ],
    correct_answer:
      'Bacteria do not become resistant to it, and it helps prevent resistance to the antibiotic',
    difficulty: 'advanced',
    tags: ['benzoyl peroxide', 'antibiotics', 'treatment'],
    explanation:
      'Benzoyl peroxide kills bacteria by oxidation, a mechanism they do not develop resistance to. Guidelines pair it with antibiotics to reduce the risk of antibiotic resistance.',
  }),
  q({
    id: 'acne-10',
    category_id: 'acne-breakouts',
    question_text: 'Will washing your face many times a day clear acne?',
    options: [
      'No: twice a day with a gentle cleanser is enough, and over-washing can irritate',
      'Yes: the more often, the better',
      'Yes, but only with very hot water',
      'Yes, if you use a body soap',
    ],
    correct_answer:
      'No: twice a day with a gentle cleanser is enough, and over-washing can irritate',
    difficulty: 'beginner',
    tags: ['cleansing', 'myths'],
    explanation:
      'Acne is not caused by dirt. Washing more than twice a day, or scrubbing, can irritate skin and make spots look worse.',
  }),
  q({
    id: 'acne-11',
    category_id: 'acne-breakouts',
    question_text: 'Can acne start or continue in adulthood?',
    options: [
      'Yes: adult acne is common, especially in women',
      'No: acne always ends at 18',
      'Only in people who never had it as teenagers',
      'Only in people who eat chocolate',
    ],
    correct_answer: 'Yes: adult acne is common, especially in women',
    difficulty: 'beginner',
    tags: ['adult acne', 'hormones'],
    explanation:
      'Acne can continue past the teenage years or appear for the first time in adulthood, often around the jaw and chin. Effective treatments exist at any age.',
  }),
  q({
    id: 'acne-12',
    category_id: 'acne-breakouts',
    question_text: "What is 'acne mechanica'?",
    options: [
      'Breakouts triggered by friction, pressure or heat, for example from helmets, straps or masks',
      'Acne caused by using machines',
      'A machine that extracts blackheads',
      'Acne that only appears on the hands',
    ],
    correct_answer:
      'Breakouts triggered by friction, pressure or heat, for example from helmets, straps or masks',
    difficulty: 'intermediate',
    tags: ['friction', 'triggers'],
    explanation:
      'Repeated rubbing and trapped heat can irritate follicles and set off spots. Clean, breathable fabric and fewer hours of friction help.',
  }),
  q({
    id: 'acne-13',
    category_id: 'acne-breakouts',
    question_text: 'What does current evidence say about diet and acne?',
    options: [
      'High-glycaemic diets may worsen acne in some people, but diet is not the main cause',
      'Chocolate is the main cause of acne',
      'Diet has been proven to have no effect at all',
      'Cutting out all fat cures acne',
    ],
    correct_answer:
      'High-glycaemic diets may worsen acne in some people, but diet is not the main cause',
    difficulty: 'intermediate',
    tags: ['diet', 'myths'],
    explanation:
      'Studies suggest a link between high-glycaemic foods (and for some, milk) and acne, but the effect varies and is modest. Hormones, genes and skin care matter more.',
  }),
  q({
    id: 'acne-14',
    category_id: 'acne-breakouts',
    question_text: 'When is it a good idea to see a GP or dermatologist about acne?',
    options: [
      'When spots are deep and painful, leave scars, or affect how you feel',
      'Only if it lasts more than ten years',
      'Never: acne always clears up on its own',
      'Only after trying every product in a shop',
    ],
    correct_answer: 'When spots are deep and painful, leave scars, or affect how you feel',
    difficulty: 'beginner',
    tags: ['treatment', 'when to get help'],
    explanation:
      'Nodules, cysts and scarring need prescription treatment, and earlier treatment prevents lasting marks. Acne that affects your mood is reason enough to ask for help.',
  }),
];

const routinesMyths: QuizQuestionSeed[] = [
  q({
    id: 'routines-01',
    category_id: 'routines-myths',
    question_text: "True or false: oily skin doesn't need moisturiser.",
    options: [
      'False: oily skin can still be dehydrated and benefits from a light moisturiser',
      'True: moisturiser always causes breakouts',
      'True: oil and water are the same thing',
      'False: oily skin needs the thickest cream you can find',
    ],
    correct_answer:
      'False: oily skin can still be dehydrated and benefits from a light moisturiser',
    difficulty: 'beginner',
    tags: ['myths', 'oily skin', 'moisturisers'],
    explanation:
      'Sebum is oil, not water. A light, non-comedogenic moisturiser supports the barrier, especially alongside drying acne treatments.',
  }),
  q({
    id: 'routines-02',
    category_id: 'routines-myths',
    question_text: 'In a morning routine, where does sunscreen usually go?',
    options: [
      'The last skin-care step, before makeup',
      'The very first step, before cleansing',
      'Between cleanser and toner',
      'Mixed into the cleanser',
    ],
    correct_answer: 'The last skin-care step, before makeup',
    difficulty: 'beginner',
    tags: ['routine order', 'sunscreen'],
    explanation:
      'Sunscreen needs to form an even film on top of your skin care, so it goes on last. Give it a few minutes to set before makeup.',
  }),
  q({
    id: 'routines-03',
    category_id: 'routines-myths',
    question_text: 'What is the point of a patch test?',
    options: [
      'To check for a reaction on a small area before using a new product widely',
      'To measure your skin type',
      'To make a product work faster',
      'To test the SPF of a sunscreen',
    ],
    correct_answer: 'To check for a reaction on a small area before using a new product widely',
    difficulty: 'beginner',
    tags: ['patch test', 'sensitivity'],
    explanation:
      'Apply a little to a small area, such as behind the ear or on the inner arm, for a few days. Redness, itching or swelling means it is not for you.',
  }),
  q({
    id: 'routines-04',
    category_id: 'routines-myths',
    question_text: 'Does hot water open pores and cold water close them?',
    options: [
      'No: pores have no muscles to open or close',
      'Yes: pores open fully at 40°C',
      'Yes, but only on the nose',
      'Only if you use ice cubes',
    ],
    correct_answer: 'No: pores have no muscles to open or close',
    difficulty: 'intermediate',
    tags: ['pores', 'myths'],
    explanation:
      'Warmth can soften sebum and cold can make skin look tighter for a moment, but pores do not open and shut. Very hot water can dry out and irritate the skin.',
  }),
  q({
    id: 'routines-05',
    category_id: 'routines-myths',
    question_text: "Are 'natural' ingredients always gentler than synthetic ones?",
    options: [
      'No: natural ingredients such as some essential oils can irritate or cause allergies',
      'Yes: anything natural is safe for skin',
      'Yes, if it is organic',
      'Only if it smells nice',
    ],
    correct_answer:
      'No: natural ingredients such as some essential oils can irritate or cause allergies',
    difficulty: 'beginner',
    tags: ['myths', 'natural', 'sensitivity'],
    explanation:
      'Whether an ingredient is natural says nothing about how gentle it is. Fragrant plant oils are a common cause of allergic reactions on the skin.',
  }),
  q({
    id: 'routines-06',
    category_id: 'routines-myths',
    question_text: 'A product stings and burns for several minutes. What does that usually mean?',
    options: [
      'Your skin is irritated; rinse it off and stop using it',
      'It is working, so apply more',
      'Your skin is detoxing',
      'You should leave it on overnight',
    ],
    correct_answer: 'Your skin is irritated; rinse it off and stop using it',
    difficulty: 'intermediate',
    tags: ['irritation', 'myths'],
    explanation:
      'A brief tingle can be normal with some acids, but lasting stinging or burning is a sign of irritation, not of a product working. Skin does not "detox".',
  }),
  q({
    id: 'routines-07',
    category_id: 'routines-myths',
    question_text: 'What is the best way to add new active products to your routine?',
    options: [
      'One at a time, a few weeks apart',
      'All at once, to see results sooner',
      'Two new products every day',
      'Swap everything every week',
    ],
    correct_answer: 'One at a time, a few weeks apart',
    difficulty: 'beginner',
    tags: ['routine', 'actives'],
    explanation:
      'Introducing one product at a time means that if your skin reacts, you know which product caused it, and your skin has time to adjust.',
  }),
  q({
    id: 'routines-08',
    category_id: 'routines-myths',
    question_text: 'How often do most people need to use an exfoliating acid?',
    options: [
      '1 to 3 times a week, adjusting to how your skin feels',
      'Twice every day',
      'Never, for any skin',
      'Once a year',
    ],
    correct_answer: '1 to 3 times a week, adjusting to how your skin feels',
    difficulty: 'intermediate',
    tags: ['exfoliation', 'routine'],
    explanation:
      'Your skin sheds cells on its own; exfoliants only help it along. Over-exfoliating leads to redness, stinging and a damaged barrier.',
  }),
  q({
    id: 'routines-09',
    category_id: 'routines-myths',
    question_text: 'Do more expensive skin-care products work better?',
    options: [
      'Not necessarily: the formula matters, not the price',
      'Yes: price always reflects effectiveness',
      'Yes, but only for moisturisers',
      'Only if they come in a glass jar',
    ],
    correct_answer: 'Not necessarily: the formula matters, not the price',
    difficulty: 'beginner',
    tags: ['myths', 'shopping'],
    explanation:
      'Many of the best-studied ingredients, such as niacinamide, glycerin and sunscreen filters, are inexpensive. Packaging and marketing add cost but not effect.',
  }),
  q({
    id: 'routines-10',
    category_id: 'routines-myths',
    question_text: 'Can you permanently shrink your pores?',
    options: [
      'No: pore size is largely genetic, but keeping them clear can make them look smaller',
      'Yes, with ice every morning',
      'Yes, by scrubbing hard',
      'Yes, toner closes them for good',
    ],
    correct_answer:
      'No: pore size is largely genetic, but keeping them clear can make them look smaller',
    difficulty: 'intermediate',
    tags: ['pores', 'myths'],
    explanation:
      'Pore size depends on genes, oil production and age. Salicylic acid, retinoids and sunscreen can make them look less noticeable, but nothing shrinks them for good.',
  }),
  q({
    id: 'routines-11',
    category_id: 'routines-myths',
    question_text:
      "You're new to both a retinoid and a glycolic acid toner. What's the gentlest way to use them?",
    options: [
      'On alternate nights, watching how your skin responds',
      'Both every morning and every night',
      'Mixed together in your palm',
      'Both in the morning, without sunscreen',
    ],
    correct_answer: 'On alternate nights, watching how your skin responds',
    difficulty: 'intermediate',
    tags: ['retinoids', 'aha', 'irritation'],
    explanation:
      'Retinoids and exfoliating acids can each irritate; layering them from the start raises the risk. Alternating nights lets your skin adjust.',
  }),
  q({
    id: 'routines-12',
    category_id: 'routines-myths',
    question_text: "Does getting a 'base tan' protect you from sunburn on holiday?",
    options: [
      'No: a tan offers very little protection and is itself a sign of UV damage',
      'Yes: a base tan is as good as SPF 30',
      'Yes, but only if done on a sunbed',
      'Yes, for the whole summer',
    ],
    correct_answer: 'No: a tan offers very little protection and is itself a sign of UV damage',
    difficulty: 'intermediate',
    tags: ['myths', 'tanning', 'sun'],
    explanation:
      'A tan is the skin responding to DNA damage and gives only a very low level of protection. Sunbeds add to skin cancer risk.',
  }),
  q({
    id: 'routines-13',
    category_id: 'routines-myths',
    question_text:
      'Lumiskin mixes one base with at most two boosters. What is the idea behind keeping it that small?',
    options: [
      'Fewer products mean less risk of irritation and make it easier to see what works',
      'Skin can only absorb three products in a lifetime',
      'More products always cancel each other out',
      'It is only about saving shelf space',
    ],
    correct_answer:
      'Fewer products mean less risk of irritation and make it easier to see what works',
    difficulty: 'beginner',
    tags: ['routine', 'less is more'],
    explanation:
      'Every extra active is another chance to irritate the barrier. A short, consistent routine is easier to stick to and to judge.',
  }),
  q({
    id: 'routines-14',
    category_id: 'routines-myths',
    question_text: 'Will drinking lots of extra water cure dry skin?',
    options: [
      'Not on its own: dry skin mostly needs barrier care and moisturiser',
      'Yes: eight extra glasses a day cures it',
      'Yes, but only sparkling water',
      'No: drinking water makes skin drier',
    ],
    correct_answer: 'Not on its own: dry skin mostly needs barrier care and moisturiser',
    difficulty: 'intermediate',
    tags: ['myths', 'hydration', 'dry skin'],
    explanation:
      'Staying hydrated matters for your health, but unless you are dehydrated, extra water has little effect on skin dryness. Gentle cleansing and a good moisturiser help far more.',
  }),
  q({
    id: 'routines-15',
    category_id: 'routines-myths',
    question_text: "What does this open-jar symbol with '12M' on a product mean?",
    options: [
      'Use it within 12 months of opening',
      'It contains 12 mg of active ingredient',
      'It was made 12 months ago',
      'It is suitable from 12 months of age',
    ],
    correct_answer: 'Use it within 12 months of opening',
    difficulty: 'beginner',
    image_url: '/images/quiz/pao-symbol.svg',
    tags: ['labels', 'shelf life'],
    explanation:
      "It is the 'period after opening' (PAO) symbol. After that time the product may not work as well or may not be safe to use.",
  }),
];

export const QUIZ_QUESTIONS: readonly QuizQuestionSeed[] = [
  ...skinBasics,
  ...ingredients,
  ...sunProtection,
  ...acne,
  ...routinesMyths,
];
