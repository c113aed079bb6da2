/**
 * Learn & Glow articles the database is seeded from (docs/product-rules.md#entities).
 *
 * Content is Markdown without raw HTML; the web app renders it to sanitised HTML. Read time is
 * computed from the text (about 200 words a minute), never typed by hand. Facts follow NHS,
 * British Association of Dermatologists and WHO guidance; nothing here is medical advice.
 */

export type BlogCategory =
  'Sun Care' | 'Ingredients' | 'Skin Basics' | 'Acne' | 'Routines' | 'Myths';

export interface BlogPostSeed {
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown: headings, lists, emphasis. No raw HTML. */
  content: string;
  tags: string[];
  category: BlogCategory;
  /** Invented Lumiskin team member, "Name, Role". */
  author: string;
  /** Minutes, from the word count at WORDS_PER_MINUTE. */
  read_time: number;
  featured: boolean;
  /** Cover under /images/blog/ (ships with the web app). */
  image: string;
  /** ISO 8601. */
  published_at: string;
}

/** A comfortable reading pace for articles. */
export const WORDS_PER_MINUTE = 200;

/** Words a reader reads: Markdown symbols (#, -, **, 1.) on their own are not words. */
export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

export function readTimeMinutes(markdown: string): number {
  return Math.max(1, Math.round(countWords(markdown) / WORDS_PER_MINUTE));
}

const AUTHORS = {
  maya: 'Dr. Maya Okafor, Cosmetic Chemist',
  elena: 'Dr. Elena Marsh, Skin Scientist',
  priya: 'Priya Raman, Skin Health Writer',
  tom: 'Tom Whitfield, Lumiskin Editor',
  sofia: 'Dr. Sofia Lindqvist, Formulation Scientist',
} as const;

type PostInput = Omit<BlogPostSeed, 'read_time' | 'image'>;

function post(input: PostInput): BlogPostSeed {
  const content = input.content.trim();
  return {
    ...input,
    content,
    read_time: readTimeMinutes(content),
    image: `/images/blog/${input.slug}.svg`,
  };
}

export const BLOG_POSTS: readonly BlogPostSeed[] = [
  post({
    slug: 'sunscreen-and-the-uv-index',
    title: 'Sunscreen and the UV Index: A Practical Guide',
    excerpt:
      'What the UV index really tells you, what SPF and UVA stars mean, and how much sunscreen it takes to get the protection on the bottle.',
    category: 'Sun Care',
    tags: ['sunscreen', 'uv index', 'spf', 'uva'],
    author: AUTHORS.elena,
    featured: true,
    published_at: '2026-01-14T09:00:00.000Z',
    content: `
If there is one product that earns its place in every routine, it is sunscreen. Ultraviolet (UV) light is behind sunburn, most skin cancers and a large share of the visible changes we call ageing: fine lines, rough texture and dark spots. The good news is that protecting your skin is simple once you know what the numbers mean.

## What the UV index tells you

The UV index is a forecast of how strong the sun's ultraviolet radiation will be at its peak that day. It is not the same as temperature or brightness. A cool, breezy spring day can have a higher UV index than a hazy, hot one, and a large share of UV passes through light cloud.

The World Health Organization groups the index into bands:

- **1 to 2, low:** most people can be outside safely without extra protection.
- **3 to 5, moderate:** seek shade around midday, cover up and use sunscreen.
- **6 to 7, high:** protection is essential; reduce time in the midday sun.
- **8 to 10, very high:** take extra care; skin can burn quickly.
- **11 and above, extreme:** avoid the midday sun where you can.

The WHO advice is to protect your skin whenever the index is 3 or more. In the UK that is common from spring to early autumn, particularly between 11am and 3pm. Lumiskin shows the day's UV index for your location so you do not have to look it up.

## UVA and UVB: two kinds of trouble

Sunlight contains two types of UV that reach the skin.

- **UVB** is the main cause of sunburn. Its strength changes a lot with the season and time of day.
- **UVA** reaches deeper into the skin and drives long-term photoageing and pigmentation. It is present all year and passes through ordinary window glass.

Both contribute to skin cancer, so you want protection from both.

## SPF, stars and broad spectrum

The **SPF** (sun protection factor) measures protection against UVB. In lab conditions, SPF 30 filters about 97% of UVB and SPF 50 about 98%. That small difference matters less than how you apply it, which we come to below.

UVA protection is labelled separately. In the UK you will often see a **UVA star rating** from one to five stars, which compares UVA protection with UVB protection. Elsewhere you may see a UVA logo in a circle or the words **broad spectrum**. A good everyday choice is SPF 30 or higher with four or five UVA stars.

## How much is enough?

SPF is tested using 2 mg of sunscreen per square centimetre of skin. That is a lot more than most people use. In practice:

1. Use about **half a teaspoon** for your face and neck.
2. Use roughly **six to eight teaspoons** to cover the whole body of an adult.
3. Apply in two thinner layers if one thick layer feels heavy.

Using half the amount does not give you half the protection in a neat way; it can give you much less. If your sunscreen feels unpleasant in the right amount, it is worth finding one you enjoy wearing, whether that is a fluid, a gel or a tinted formula.

## Reapplying

Sunscreen does not stay put all day. Sweat, water, towelling and touching your face all remove it. When you are outside in strong sun, reapply at least **every two hours**, and straight after swimming or towelling, even if the bottle says water resistant.

For a typical office day, a generous morning application is a good baseline. If you head out at lunchtime on a high UV day, reapplying to your face and the backs of your hands is a kind habit to build.

## Sunscreen is one tool, not the only one

Sunscreen works best as part of a wider plan:

- Seek shade when the UV index is high, especially around midday.
- Wear a wide-brimmed hat and UV-protective sunglasses.
- Choose clothing that covers your shoulders and arms on long days outdoors.
- Avoid sunbeds; they add to skin cancer risk and offer no safe tan.

A tan is a sign that UV has already damaged the skin's DNA, and it offers very little protection in return.

## Everyday questions

**Do I need sunscreen in winter?** When the UV index is low, everyday incidental exposure is small, but UVA is still present. Many people find it easiest to wear sunscreen every morning so the habit sticks; skiers and anyone at altitude need it more than ever because snow reflects UV.

**Is the SPF in my moisturiser or foundation enough?** It helps, but most of us apply far less foundation than the tested amount. A dedicated sunscreen underneath is more reliable.

**Does darker skin need sunscreen?** Yes. Melanin gives some natural protection, but darker skin can still burn, develop skin cancer and, notably, develop uneven pigmentation that UV makes worse.

**What about vitamin D?** Sensible sun protection fits alongside a healthy vitamin D level. If you are concerned, the NHS has clear guidance on supplements, and a GP can advise.

## When to see a professional

Please see a GP or dermatologist if you notice a mole that is new, changing in size, shape or colour, bleeding or itching, or a patch of skin that does not heal within a few weeks. Catching changes early makes a real difference, and checking is never a waste of anyone's time.
`,
  }),
  post({
    slug: 'retinoids-a-beginners-guide',
    title: "Retinoids: A Beginner's Guide to Vitamin A",
    excerpt:
      'Retinol, retinal, tretinoin: what the names mean, what retinoids can do for your skin, and how to start without the flaking and sting.',
    category: 'Ingredients',
    tags: ['retinoids', 'retinol', 'ageing', 'acne'],
    author: AUTHORS.maya,
    featured: false,
    published_at: '2026-02-04T09:00:00.000Z',
    content: `
Retinoids are among the most thoroughly studied ingredients in skin care. They can help with breakouts, rough texture, uneven tone and the look of fine lines. They also have a reputation for redness and peeling. Both are true, and the difference usually comes down to how you start.

## What is a retinoid?

"Retinoid" is the family name for vitamin A and its relatives. In the skin, the form that actually acts on cells is **retinoic acid**. Other forms are converted into it step by step, and each step makes them gentler but slower:

- **Retinyl esters** (such as retinyl palmitate): the mildest, with modest effects.
- **Retinol:** converted first to retinal, then to retinoic acid. The most common cosmetic retinoid.
- **Retinal** (retinaldehyde): one step from retinoic acid, so it tends to work faster than retinol at a similar strength.
- **Tretinoin and other prescription retinoids:** retinoic acid itself or close relatives, prescribed for acne and sometimes for sun damage.
- **Adapalene:** a retinoid-like molecule used for acne, available from pharmacies in some countries.

## What can they do?

Retinoids encourage skin cells to renew in a more orderly way and help keep pores from clogging. Over months, they can also support collagen in the dermis. People use them for:

- Blackheads, whiteheads and breakouts.
- Rough or uneven texture.
- The look of fine lines and sun-related changes.
- Dark marks left after spots, alongside sunscreen.

Results are slow. Expect to wait about **three months** before judging, and longer for fine lines.

## Starting without the sting

The early irritation that people call "retinisation" (dryness, flaking, tightness, some redness) is common in the first few weeks. You can keep it mild:

1. **Start low.** Choose a gentle strength first; you can step up later.
2. **Start slow.** Use it two evenings a week, then three, then every other night, over a month or two.
3. **Use a pea-sized amount** for the whole face. More is not better.
4. **Apply to dry skin** after cleansing, avoiding the corners of the nose, eyes and mouth.
5. **Moisturise.** A simple moisturiser after your retinoid, or even before it (the "sandwich" method), cushions the effect.
6. **Keep the rest of your routine simple.** Pause scrubs and strong acids while your skin adjusts.

If your skin stings for more than a moment, becomes very red or starts to crack, stop for a few days, let it recover, then go back at a lower frequency.

## Day or night?

Retinoids are best used **in the evening**. Some forms break down in sunlight, and your skin can be more sensitive to the sun while you use them. That makes daily **broad-spectrum sunscreen** essential, every morning, whatever the weather.

## What not to mix, at least at first

Retinoids are not dangerous to combine with most ingredients, but stacking irritants makes trouble more likely. While you start:

- Use exfoliating acids (AHAs such as glycolic acid, BHAs such as salicylic acid) on **different evenings** from your retinoid.
- Be cautious with benzoyl peroxide at the same time, which can be drying; your pharmacist can suggest a pairing that works.
- Hydrating and calming ingredients such as glycerin, ceramides, panthenol and niacinamide pair well.

In Lumiskin, RenewLift is the booster that contains a retinoid (retinal). The app will never suggest it for the same evening as an exfoliating booster.

## Who should avoid retinoids?

- **Pregnancy and breastfeeding:** oral retinoids can harm an unborn baby, and topical retinoids are not recommended as a precaution. If you are pregnant, trying to conceive or breastfeeding, speak to your doctor, midwife or pharmacist about alternatives such as azelaic acid.
- **Very sensitive or eczema-prone skin:** a retinoid may still be possible, but go gently and consider advice first.
- **Broken, sunburnt or freshly waxed skin:** wait until it has recovered.

## A realistic timeline

- **Weeks 1 to 4:** some dryness or flaking is normal. Go slowly.
- **Weeks 4 to 12:** skin settles, texture starts to feel smoother, breakouts may calm.
- **Months 3 to 6 and beyond:** tone and fine lines show gradual, steady change.

Consistency beats strength. A gentle retinoid used twice a week for a year will do more than a strong one you abandon after a fortnight.

## When to see a professional

If you have persistent acne, scarring or pigmentation that over-the-counter products have not helped after three months, a GP or dermatologist can discuss prescription retinoids and other treatments. Please also seek advice if your skin becomes painful, swollen or blistered after using any product.
`,
  }),
  post({
    slug: 'know-your-skin-type',
    title: 'Know Your Skin Type (and Why It Can Change)',
    excerpt:
      'Normal, dry, oily, combination or sensitive: a simple way to work out your skin type and what it means for the products you choose.',
    category: 'Skin Basics',
    tags: ['skin types', 'oily skin', 'dry skin', 'sensitive skin'],
    author: AUTHORS.priya,
    featured: false,
    published_at: '2026-02-25T09:00:00.000Z',
    content: `
Knowing your skin type is the first step to choosing products that feel good and actually help. It is also less fixed than many people think. Your skin can shift with the seasons, with hormones, with age and with what you put on it.

## The five everyday skin types

Skin types describe how much oil your skin makes and how easily it reacts.

- **Normal:** comfortable most of the time, neither tight nor shiny, rarely reactive.
- **Dry:** makes less sebum, so it can feel tight, look dull or flake, especially after washing.
- **Oily:** makes more sebum, so it looks shiny by midday and may have more visible pores and breakouts.
- **Combination:** oily in the T-zone (forehead, nose and chin) and normal or dry on the cheeks. This is very common.
- **Sensitive:** reacts easily with stinging, redness or itching to products, weather or friction. Sensitivity can sit on top of any of the other types.

## Dry is not the same as dehydrated

These two get mixed up all the time. **Dry** is a skin type: less oil and fewer barrier lipids. **Dehydrated** is a temporary state: the skin is low on water. Any skin type can be dehydrated, including oily skin. You might feel tight and shiny at the same time, which is a classic sign of dehydrated oily skin.

Dehydration usually responds quickly to gentler cleansing and a moisturiser with humectants such as glycerin or hyaluronic acid.

## A simple at-home check

You do not need special equipment. Try this on a normal day:

1. Wash your face with a gentle cleanser and pat it dry.
2. Apply nothing at all for about an hour.
3. Look in natural light and notice how your skin feels.

What you might see:

- **Tight and maybe flaky all over:** likely dry.
- **Shiny across the forehead, nose and cheeks:** likely oily.
- **Shiny T-zone, comfortable or tight cheeks:** likely combination.
- **Comfortable, not shiny, not tight:** likely normal.
- **Stinging, itchy or pink after washing:** your skin may be sensitive, or the cleanser may be too harsh.

Lumiskin's scan can also estimate oiliness and hydration from a photo. Treat it as a helpful second opinion rather than a verdict, and update your profile if your own experience says otherwise.

## Why your skin type changes

- **Seasons:** cold air and central heating can make skin drier in winter; heat and humidity can make it oilier in summer.
- **Hormones:** puberty, the menstrual cycle, pregnancy and menopause all shift oil production.
- **Age:** sebum production generally falls with age, so skin often becomes drier over time.
- **Products:** harsh cleansers, scrubs and too many actives can make any skin feel dry and sensitive by damaging the barrier.
- **Climate and travel:** moving somewhere drier, wetter, hotter or colder can change how your skin behaves within days.

## What each type tends to like

**Dry skin** likes cream cleansers, moisturisers with ceramides and occlusives such as shea butter or petrolatum, and fewer foaming products.

**Oily skin** likes gel or foaming cleansers that do not leave skin squeaky, light non-comedogenic moisturisers, and ingredients like niacinamide or salicylic acid. It still needs moisturiser.

**Combination skin** often does well with a light moisturiser all over and an extra layer on drier areas. You can apply a booster only where you need it.

**Sensitive skin** likes short ingredient lists, fragrance-free formulas and patch testing. Introduce one new product at a time.

**Normal skin** has the most freedom, but daily sunscreen still matters most.

## Skin type and skin tone are different things

Your skin type is about oil and reactivity. Your skin **tone** and how it responds to UV is described by a separate system, the Fitzpatrick scale, which runs from type I (always burns, never tans) to type VI (rarely burns). Deeper skin tones are more prone to dark marks after spots or irritation, which can shape product choices too.

## How Lumiskin uses your skin type

Lumiskin's three bases are built around skin types. AquaHydra is for dry and dehydrated skin, SeboBalance for oily, combination and breakout-prone skin, and BarrierRepair for sensitive or stressed skin. Choose the one that matches how your skin feels most days, and switch if the season changes.

## When to see a professional

If your skin is persistently itchy, cracked, scaly or sore, or reacts to almost everything, it may be worth seeing a GP or dermatologist. Conditions such as eczema, rosacea and contact allergy can look like "sensitive skin" and have specific treatments.
`,
  }),
  post({
    slug: 'acne-basics',
    title: 'Acne Basics: What Causes Breakouts and What Helps',
    excerpt:
      'Acne is common, not a hygiene problem, and very treatable. Here is how breakouts form and which well-studied ingredients can help.',
    category: 'Acne',
    tags: ['acne', 'breakouts', 'salicylic acid', 'benzoyl peroxide'],
    author: AUTHORS.elena,
    featured: false,
    published_at: '2026-03-18T09:00:00.000Z',
    content: `
Acne affects most people at some point, most often in the teenage years, but many adults have it too. It is not caused by being dirty, and it is not something you simply have to put up with. Understanding how a spot forms makes it much easier to choose what helps.

## How a spot forms

Each pore on your face is the opening of a hair follicle with a sebaceous (oil) gland attached. Acne develops through four linked steps:

1. **More sebum.** Hormones called androgens increase oil production. This is why acne often starts at puberty and can flare around periods.
2. **Clogged follicles.** Skin cells lining the follicle stick together instead of shedding, forming a plug with the sebum.
3. **Bacteria.** Cutibacterium acnes, a bacterium that lives on everyone's skin, thrives in the oily, low-oxygen plug.
4. **Inflammation.** The immune system responds, and a plug becomes a red, swollen spot.

Most effective treatments work on one or more of these steps.

## The different kinds of spots

- **Blackheads** are open plugs. They look dark because the contents are exposed to the air, not because of dirt.
- **Whiteheads** are closed plugs under a thin layer of skin.
- **Papules and pustules** are red, inflamed spots, with or without a yellow-white centre.
- **Nodules and cysts** are deeper, larger and often painful. These are the ones most likely to scar and need professional treatment.

## Common triggers

Triggers differ from person to person. Some that are worth knowing:

- **Hormonal changes** around periods, in pregnancy, or with conditions such as polycystic ovary syndrome.
- **Heavy, pore-clogging products** on the face or hair. Look for "non-comedogenic" on moisturisers and makeup.
- **Friction and heat** from helmets, straps, phones and masks, sometimes called acne mechanica.
- **Some medicines**, which a pharmacist or GP can review with you.
- **Diet** may play a part for some people. Studies link high-glycaemic diets, and in some people milk, with worse acne, but the effect is modest and diet is not the main cause.

## Ingredients that help

These are well studied and available without a prescription:

- **Salicylic acid (BHA):** oil-soluble, so it gets into pores and helps loosen plugs. Good for blackheads and whiteheads.
- **Benzoyl peroxide:** reduces acne bacteria and calms inflamed spots. Bacteria do not become resistant to it. It can bleach fabric, so use white towels and pillowcases.
- **Adapalene and other retinoids:** help prevent plugs from forming and are a mainstay of acne care.
- **Azelaic acid:** antibacterial and anti-inflammatory, and helps fade marks. Usually well tolerated.
- **Niacinamide:** supports the barrier and may help with oil and redness. Gentle enough for most.

Start with one product, use it consistently, and give it **two to three months** before judging. Acne can look a little busier in the first weeks of a new treatment before it improves.

## Gentle habits that make a difference

- Wash your face **twice a day** with a gentle cleanser. More often can irritate.
- Do not scrub. Harsh scrubs inflame skin and do not clear pores.
- Use a light, non-comedogenic moisturiser, especially alongside drying treatments.
- Wear sunscreen daily; several acne treatments make skin more sun-sensitive, and UV darkens marks.
- Try not to pick or squeeze. It can push inflammation deeper and leave scars or dark marks.
- Change pillowcases regularly and clean your phone screen.

## About the marks spots leave behind

After a spot heals you may see a flat pink, red or brown mark. Brown or dark marks are called **post-inflammatory hyperpigmentation** and are more common in deeper skin tones. These are not scars and usually fade over months. Daily sunscreen, azelaic acid, niacinamide and retinoids can help them fade. Raised or pitted marks are scars, which a dermatologist can treat.

## How Lumiskin can help

If your scan shows active breakouts, Lumiskin may suggest the SeboBalance base with the ClearComplex booster, which contains salicylic acid, used in the evening. Keep the rest of the routine simple so your skin can tolerate it.

## When to see a professional

Please see a GP, pharmacist or dermatologist if your acne is deep or painful, if it leaves scars or dark marks, if it has not improved after two to three months of consistent treatment, or if it is affecting how you feel about yourself. Prescription options work well, and earlier treatment prevents lasting marks.
`,
  }),
  post({
    slug: 'repairing-your-skin-barrier',
    title: 'Your Skin Barrier: How to Tell It Needs Help and How to Repair It',
    excerpt:
      'Stinging, tightness and sudden sensitivity are often signs of a stressed skin barrier. Here is what the barrier does and a simple plan to help it recover.',
    category: 'Skin Basics',
    tags: ['skin barrier', 'ceramides', 'sensitive skin', 'moisturisers'],
    author: AUTHORS.maya,
    featured: true,
    published_at: '2026-04-08T09:00:00.000Z',
    content: `
If your skin suddenly stings when you apply your usual moisturiser, feels tight all day and looks red and rough, your skin barrier may be asking for a break. The barrier is easy to overwork and, thankfully, usually quick to recover when you give it what it needs.

## What the barrier is

The skin barrier lives mainly in the **stratum corneum**, the outermost layer of your skin. A helpful picture is a brick wall:

- The **bricks** are flattened, tough skin cells called corneocytes, filled with natural moisturising factor that holds water.
- The **mortar** is a blend of lipids: roughly equal parts **ceramides**, **cholesterol** and **free fatty acids**.

Together they keep water in and irritants, allergens and microbes out. The surface is also slightly acidic, with a pH of around 4.5 to 5.5, which helps the barrier's enzymes do their job.

When the wall has gaps, water escapes more quickly (scientists call this transepidermal water loss) and irritants get in more easily. The result is skin that is both drier and more reactive.

## Signs your barrier may be stressed

- Products that never bothered you now sting or burn.
- Tightness soon after cleansing, even with moisturiser.
- Redness, rough patches or flaking.
- Skin that looks shiny yet feels dry.
- New breakouts alongside dryness.

## Common causes

- **Over-exfoliating:** daily acids, scrubs and retinoids together are the most common cause we see.
- **Harsh cleansing:** foaming cleansers that leave skin squeaky, very hot water, and washing too often.
- **Weather:** cold wind, low humidity and indoor heating.
- **Sunburn.**
- **Fragrance and some essential oils** in people who are sensitive to them.
- **Stress and poor sleep** can make skin more reactive too.

## A simple repair plan

The approach is less, not more. For two to four weeks:

1. **Pause your actives.** Stop exfoliating acids, scrubs, retinoids and strong vitamin C until your skin is comfortable again.
2. **Cleanse gently.** Use a mild, fragrance-free cream or gel cleanser with lukewarm water, once or twice a day. On some mornings, a splash of water is enough.
3. **Moisturise generously.** Look for barrier lipids (ceramides, cholesterol, fatty acids), humectants (glycerin, hyaluronic acid, panthenol) and a little occlusive (shea butter, squalane or petrolatum) to slow water loss.
4. **Apply to damp skin.** Moisturiser applied within a minute or two of washing helps hold water in.
5. **Protect it.** Wear sunscreen every morning. Mineral sunscreens with zinc oxide are often well tolerated by sensitive skin.
6. **Be patient.** Skin renews its outer layer over a few weeks, so give it time.

## Ingredients that tend to help

- **Ceramides, cholesterol and fatty acids:** replace the barrier's own mortar.
- **Glycerin and hyaluronic acid:** draw water into the surface layers.
- **Panthenol (pro-vitamin B5):** soothing and hydrating.
- **Niacinamide:** supports the skin's own ceramide production. Start with a low strength if you are very sensitive.
- **Colloidal oatmeal, centella asiatica and allantoin:** calming.

## Bringing actives back

Once your skin feels comfortable for a week or two, reintroduce one active at a time, at a lower frequency than before. For example, use your exfoliant once a week for two weeks before going to twice. If stinging returns, step back.

This is exactly why Lumiskin keeps routines to **one base and at most two boosters**. Fewer actives means fewer chances to overwhelm the barrier, and it is easier to spot which product is the problem.

## How Lumiskin can help

The BarrierRepair base contains ceramides, cholesterol and fatty acids in a balanced blend, with colloidal oatmeal to calm. Paired with the CalmBarrier booster, it is designed for exactly these weeks of recovery.

## When to see a professional

Please see a GP or dermatologist if your skin is cracked, weeping or bleeding, intensely itchy, or not improving after a few weeks of gentle care. Eczema, contact dermatitis and rosacea can look like a damaged barrier and have treatments that help a great deal.
`,
  }),
  post({
    slug: 'vitamin-c-explained',
    title: 'Vitamin C Explained: Forms, Strengths and How to Use It',
    excerpt:
      'Vitamin C is a well-loved antioxidant for brighter-looking skin. Here is how the different forms compare and how to get the most from yours.',
    category: 'Ingredients',
    tags: ['vitamin c', 'antioxidants', 'pigmentation', 'morning routine'],
    author: AUTHORS.sofia,
    featured: false,
    published_at: '2026-04-29T09:00:00.000Z',
    content: `
Vitamin C is one of the most popular ingredients for a brighter, more even look. It is also one of the trickiest to formulate, which is why two vitamin C serums can behave very differently. Here is what to know before you buy.

## What vitamin C does for skin

Applied to the skin, vitamin C is mainly valued for three things:

- **Antioxidant support.** UV and pollution create unstable molecules called free radicals that damage skin over time. Vitamin C helps neutralise them, so it is a natural partner for sunscreen in the morning. It does not replace sunscreen.
- **A more even tone.** It can interfere with the production of melanin, so with consistent use it may help the look of dark spots and dullness.
- **Collagen support.** Vitamin C is needed by the cells that make collagen, and studies suggest topical vitamin C may support firmness over time.

## The forms you will see on labels

**L-ascorbic acid** is pure vitamin C and the most researched form. It works best in an acidic formula, roughly pH 3.5 or below, at concentrations of about 10% to 20%. The catch is that it is unstable: light, air and heat break it down, and it can sting sensitive skin.

Vitamin C **derivatives** are more stable and often gentler, though there is less research behind most of them:

- **Ascorbyl glucoside** and **3-O-ethyl ascorbic acid:** water-soluble and stable, converted in the skin.
- **Sodium ascorbyl phosphate** and **magnesium ascorbyl phosphate:** gentle, sometimes chosen for breakout-prone skin.
- **Tetrahexyldecyl ascorbate:** oil-soluble, common in oils and creams.

If L-ascorbic acid makes your skin sting, a derivative at a sensible concentration is a kind alternative.

## Partners that help

Vitamin C is often combined with **vitamin E** and **ferulic acid**. Research suggests this trio is more stable and gives better antioxidant protection than vitamin C alone.

## Is my serum still good?

Fresh L-ascorbic acid serum is clear or pale straw-coloured. As it oxidises it turns darker yellow, then orange or brown. A darker serum is less effective and can stain skin. To make it last:

1. Choose opaque, airtight packaging such as an amber bottle or pump.
2. Keep the lid tightly closed and store it away from heat and sunlight.
3. Buy a size you will finish within a few months of opening.
4. Check the period-after-opening symbol (the open jar with a number of months).

## How to use it

- **Morning is ideal**, because its antioxidant role supports your sunscreen through the day.
- Apply a few drops to clean, dry skin after cleansing, let it settle, then follow with moisturiser and **broad-spectrum sunscreen**.
- Start every other day if you have sensitive skin, then build up.
- A slight tingle for a moment can be normal with acidic forms. Lasting stinging or redness is not; switch to a gentler form.

## Can I use it with other actives?

The old advice that vitamin C and niacinamide cancel each other out comes from studies using conditions far harsher than your bathroom shelf; many people use them together without problems. To keep things simple and comfortable:

- Use vitamin C **in the morning** and retinoids or exfoliating acids **in the evening**.
- If you use benzoyl peroxide, use it at a different time from vitamin C, as it can oxidise it.

## Setting expectations

Vitamin C is a gradual ingredient. Most people notice a fresher, more even look after **eight to twelve weeks** of daily use. For stubborn dark spots, it often works best alongside other ingredients such as niacinamide, azelaic acid or tranexamic acid, and always with daily sunscreen, because UV keeps re-darkening spots.

## How Lumiskin can help

The BrightRadiance booster uses a stable vitamin C derivative with ferulic acid and vitamin E, designed for the morning under sunscreen. If your scan shows dullness or dark spots, Lumiskin may suggest it alongside your base.

## When to see a professional

Please see a GP or dermatologist about any dark patch that is new, changing, raised or bleeding, and about widespread pigmentation such as melasma that does not respond to gentle care. A professional can confirm what it is and suggest treatments that go beyond what skin care can do.
`,
  }),
  post({
    slug: 'how-to-read-an-ingredient-label',
    title: 'How to Read a Skin-Care Ingredient Label',
    excerpt:
      'The ingredient list tells you more than the front of the pack. Learn how it is ordered, what the symbols mean and which claims to take with a pinch of salt.',
    category: 'Ingredients',
    tags: ['labels', 'inci', 'ingredients', 'shopping'],
    author: AUTHORS.sofia,
    featured: false,
    published_at: '2026-05-20T09:00:00.000Z',
    content: `
The front of a skin-care product is marketing. The back is information. Once you know a few simple rules, the ingredient list becomes a quick way to check whether a product is likely to suit you, and whether the "hero" ingredient is really the star of the show.

## The INCI list

In the UK and EU, cosmetics list their ingredients using **INCI** names (International Nomenclature of Cosmetic Ingredients). These are standard names used worldwide, which is why you see "aqua" for water and "butyrospermum parkii butter" for shea butter. Plant extracts are given their Latin names.

## The order tells a story

Ingredients are listed in **descending order of concentration** at the time they are added. There is one important exception: anything present at **less than 1%** can be listed in any order after the rest.

What this means in practice:

- The first five or so ingredients usually make up most of the product.
- Water, glycerin and emollients often lead the list; that is normal.
- Preservatives such as phenoxyethanol are typically used at 1% or less. Ingredients listed after them are probably present in small amounts.
- Fragrance (shown as "parfum") and colourants are usually near the end.

So if a serum is sold on a botanical extract that appears after the preservative, it is there in a small amount. That may still be useful, but it is not the main event.

## Reading percentages

Many brands now state the strength of key actives on the front: "niacinamide 4%", "salicylic acid 2%". That is helpful, but more is not always better. Higher strengths often mean more irritation without more benefit. A well-formulated lower strength you can use every day will often do more.

## Symbols worth knowing

- **Open jar with a number and M** (for example 12M): the **period after opening**. Use the product within that many months of opening it.
- **"Best before" date, sometimes with an hourglass symbol:** products that keep for 30 months or less must show a date of minimum durability.
- **Hand in a book:** refer to the leaflet or packaging for more information.
- **Sunscreen: SPF number, UVA star rating or UVA in a circle.** These show UVB and UVA protection. Look for SPF 30 or more with good UVA protection.

## Claims that need a closer look

- **"Hypoallergenic":** there is no legal standard. It means the maker tried to reduce allergy risk, not that no one will react.
- **"Dermatologically tested":** someone tested it on skin, but the claim does not tell you how many people, or what the results were.
- **"Non-comedogenic":** formulated to be less likely to clog pores. A helpful hint for breakout-prone skin, but not a guarantee.
- **"Natural" or "clean":** no legal definition. Natural does not mean gentle; some plant oils are common allergens.
- **"Chemical-free":** everything, including water, is a chemical. This one is marketing.

## Ingredients some people want to spot

Everyone's skin is different, and none of these is bad for everyone. They are simply worth knowing if your skin is sensitive:

- **Parfum (fragrance)** and fragrant essential oils such as lavender, citrus or peppermint.
- **Common fragrance allergens**, which must be named individually above certain levels, for example limonene, linalool, citral and geraniol.
- **Denatured alcohol** (alcohol denat.) high in the list can feel drying for some, though small amounts are fine in many formulas.
- **Methylisothiazolinone**, a preservative that some people are allergic to; it is now banned in leave-on cosmetics in the EU.

If you have a known allergy from patch testing, keep a photo of the ingredient names on your phone and check every new product.

## Ingredients that usually mean comfort

- **Glycerin, hyaluronic acid (sodium hyaluronate), urea, panthenol:** humectants that attract water.
- **Ceramides, cholesterol, fatty acids, squalane:** barrier support.
- **Petrolatum, dimethicone, shea butter:** occlusives and emollients that slow water loss.

## A simple routine for reading labels

1. Read the first five ingredients to understand the base.
2. Find the active you are paying for and note roughly where it appears.
3. Scan for anything you know you react to.
4. Check the period-after-opening symbol and decide whether you will finish it in time.
5. Patch test before using it on your face.

## When to see a professional

If you react to products often, a dermatologist can arrange **patch testing** to find the exact ingredients you are allergic to. That one appointment can make every future label much easier to read.
`,
  }),
  post({
    slug: 'climate-and-your-skin',
    title: 'Humidity, Cold and Heat: How Climate Changes Your Skin',
    excerpt:
      'Why your skin behaves differently in a humid summer, a cold snap or a long-haul flight, and how to adjust your routine without starting from scratch.',
    category: 'Skin Basics',
    tags: ['climate', 'humidity', 'winter skin', 'summer skin'],
    author: AUTHORS.priya,
    featured: false,
    published_at: '2026-06-10T09:00:00.000Z',
    content: `
If your skin feels different in January from how it feels in July, you are not imagining it. Temperature, humidity, wind and sun all change how much water your skin loses and how much oil it makes. This is why Lumiskin takes your location and local conditions into account when it suggests a routine.

## Why the weather matters

Your skin is constantly losing a little water to the air. How fast depends largely on the air around you:

- **Dry air** (low humidity) pulls water out of the skin faster, so skin feels tight and flaky.
- **Humid air** slows that loss, and warmth increases sweating and oil production, so skin can feel greasier and congested.
- **Cold** reduces the skin's oil flow and, together with wind, can leave it chapped and red.
- **Heat and sun** raise UV exposure and can worsen redness and dark spots.

Indoors matters too. Central heating and air conditioning both lower humidity, which is why an office or a plane can dry your skin even when it is mild outside.

## Cold, dry weather

Typical signs: tightness after washing, flaking around the nose and mouth, rough cheeks, more sensitivity than usual.

What helps:

1. **Switch to a gentler cleanser,** such as a cream or milk, and use lukewarm rather than hot water.
2. **Layer hydration:** a humectant serum or base with glycerin or hyaluronic acid, followed by a richer moisturiser.
3. **Add a little occlusive** at night, such as a balm with petrolatum or shea butter on very dry areas.
4. **Ease off exfoliating** if your skin stings; once or twice a week may be plenty in winter.
5. **Keep up sunscreen,** especially in snow or at altitude, where UV is reflected and stronger.
6. Consider a humidifier in the bedroom if the air is very dry.

## Hot, humid weather

Typical signs: shine by midday, more blackheads and breakouts, makeup sliding, sometimes heat rash.

What helps:

1. **Lighter textures:** a gel or lotion moisturiser instead of a cream. Do not skip moisturiser altogether.
2. **A gentle gel cleanser** in the evening to remove sunscreen, sweat and oil.
3. **Oil-balancing ingredients** such as niacinamide or salicylic acid, if you are breakout-prone.
4. **Sunscreen that feels good,** such as a fluid or gel, reapplied every two hours outdoors.
5. **Breathable fabrics** and a quick rinse after exercise to avoid heat rash and friction breakouts.

## Hot, dry heat

Desert or heatwave conditions combine strong UV with low humidity, so skin can be both dehydrated and sun-stressed. Lightweight hydration, high-SPF broad-spectrum sunscreen, shade and a hat are the priorities. Drink enough water for your health, though it will not fix dry skin on its own.

## Wind and pollution

Wind strips moisture and can leave cheeks red and chapped; a richer moisturiser or balm on exposed areas helps. In cities, pollution particles may add to oxidative stress. A thorough but gentle evening cleanse and an antioxidant such as vitamin C in the morning are sensible, simple steps.

## Flying

Cabin air is very dry. On long flights:

- Apply a rich moisturiser before boarding.
- Carry a small hydrating cream and lip balm and reapply as needed.
- Skip strong actives the night before and after a long flight.
- Wear sunscreen if you sit by the window on a daytime flight; UVA passes through windows.

## Seasons are not the same everywhere

People often talk about "winter skin" and "summer skin", but near the equator it may be humid all year, and in the southern hemisphere the seasons are reversed. That is why Lumiskin looks at where you are rather than the calendar, including the local UV index, humidity and temperature when it has them.

## Adjust, do not overhaul

You rarely need a whole new routine when the weather changes. Usually it is enough to:

- Swap your cleanser or moisturiser texture.
- Change how often you use an exfoliating product.
- Keep sunscreen every morning, all year.

With Lumiskin, that often means keeping your boosters and changing your base, for example from SeboBalance in a humid summer to AquaHydra in a dry winter.

## When to see a professional

Please see a GP or dermatologist if your skin cracks and bleeds, itches intensely, or flares into a rash that does not settle with gentle care. Eczema and rosacea often flare with changes in temperature and humidity and respond well to proper treatment.
`,
  }),
  post({
    slug: 'building-a-routine-less-is-more',
    title: 'Building a Routine: Why Less Is More',
    excerpt:
      'A good routine is short, consistent and built around your skin. Here is the Lumiskin way: one base, up to two boosters and sunscreen every morning.',
    category: 'Routines',
    tags: ['routine', 'less is more', 'boosters', 'sunscreen'],
    author: AUTHORS.tom,
    featured: true,
    published_at: '2026-07-01T09:00:00.000Z',
    content: `
Ten-step routines make good videos. For most people, though, they mean more cost, more irritation and less certainty about what is actually working. The skin care that makes the biggest difference is usually simple and consistent. That is the idea behind Lumiskin.

## The three steps that matter most

If you did nothing else, these three steps would cover the essentials:

1. **Cleanse** gently, especially in the evening, to remove sunscreen, makeup, sweat and oil.
2. **Moisturise** to support the skin barrier and keep skin comfortable.
3. **Protect** with a broad-spectrum sunscreen, SPF 30 or higher, every morning.

Everything else is optional. Targeted products can help with specific concerns, but they work best on top of these basics, not instead of them.

## The Lumiskin approach: one base and up to two boosters

Lumiskin routines are built from a **base** that matches your skin type and up to **two boosters** that target what your scan shows.

- **Your base** (AquaHydra, SeboBalance or BarrierRepair) does the daily work of hydration, balance or barrier support. You use it morning and evening.
- **Your boosters** (for example ClearComplex for breakouts or BrightRadiance for dullness) are concentrated actives, each with a time of day.

Why no more than two boosters?

- **Less irritation.** Every extra active is another chance to overwhelm your barrier. Combinations of acids, retinoids and strong vitamin C are the most common cause of stinging and redness we see.
- **Clear results.** With two boosters you can tell what is helping and what is not.
- **Consistency.** A short routine is one you will actually keep doing, and consistency is what produces results.
- **Cost.** You buy what you need, not a shelf of half-used bottles.

## A sample morning routine

1. Gentle cleanser, or just a splash of water if your skin is dry.
2. Your base.
3. A morning booster if you have one, such as a vitamin C booster.
4. Moisturiser, if your base is not enough on its own.
5. Broad-spectrum sunscreen, about half a teaspoon for face and neck.

## A sample evening routine

1. Cleanser. If you wear heavy sunscreen or makeup, an oil or balm cleanser first can help.
2. Your base.
3. An evening booster, such as a retinoid or an exfoliating acid, but not both on the same night.
4. Moisturiser if needed.

The general rule for order is **thinnest to thickest**: watery serums first, creams after, sunscreen last in the morning.

## Introducing products the right way

- **One at a time.** Add a new product, wait two to four weeks, then add the next.
- **Patch test first** on a small area, such as behind the ear, for a few days.
- **Start slowly with strong actives.** Two or three evenings a week for retinoids and acids, building up as your skin allows.
- **Keep a simple note** of what you changed and when. Lumiskin's routine history does this for you.

## How long before you see a difference?

Skin renews its outer layer over roughly a month, and most actives need more than one cycle:

- Hydration: often within days.
- Breakouts: about two to three months.
- Dark spots and tone: about two to three months.
- Fine lines: three to six months and beyond.

Changing products every week resets the clock. Patience is part of the routine.

## Signs your routine is doing too much

- Stinging when you apply products that never used to sting.
- Tightness, redness or flaking that does not settle.
- Skin that looks shiny but feels dry.
- A sudden crop of small bumps after adding several products.

If this happens, drop back to cleanser, base and sunscreen for two weeks, then reintroduce one booster at a time.

## Adjusting through the year

Your skin changes with the seasons, hormones and stress. Rather than adding products, try adjusting what you have: a richer base in winter, a lighter one in summer, fewer exfoliating evenings when your skin is sensitive. Lumiskin's scans help you spot these shifts and suggest small changes.

## When to see a professional

A simple routine can do a lot, but not everything. Please see a GP or dermatologist for persistent acne, scarring, sudden or severe reactions, patches that itch or crack, or any mole or spot that changes. They can offer treatments that go beyond what skin care can do.
`,
  }),
  post({
    slug: 'skincare-myths-debunked',
    title: 'Ten Skin-Care Myths, Gently Debunked',
    excerpt:
      'Oily skin does not need moisturiser? Pores open with hot water? Natural means gentle? Here is what the evidence actually says.',
    category: 'Myths',
    tags: ['myths', 'pores', 'oily skin', 'sunscreen', 'natural'],
    author: AUTHORS.tom,
    featured: false,
    published_at: '2026-08-12T09:00:00.000Z',
    content: `
Skin care is full of advice passed from friend to friend, and some of it is surprisingly persistent. Here are ten common myths, and what the evidence says instead.

## 1. "Oily skin doesn't need moisturiser"

Oil and water are different things. Oily skin makes more sebum, but it can still be low on water, especially if you use drying acne treatments. Skipping moisturiser can leave skin tight, irritated and, for some, even shinier. A light, non-comedogenic gel or lotion is usually all it takes.

## 2. "Hot water opens your pores and cold water closes them"

Pores do not have muscles, so they cannot open or close. Warm water can soften sebum, and cold water may make skin look a little tighter for a moment, but very hot water mainly dries skin out. Lukewarm is kindest.

## 3. "You only need sunscreen on sunny days"

UV is not the same as heat or light. A large share of UV passes through cloud, and UVA passes through windows. Check the UV index rather than the sky: the WHO recommends protection from an index of 3 upwards. Many people find it easiest to make sunscreen a daily habit.

## 4. "Darker skin doesn't need sunscreen"

Melanin offers some natural protection but not enough to prevent sun damage. Darker skin can still burn and develop skin cancer, and UV darkens the marks left by spots and irritation. A sunscreen that does not leave a grey cast makes this much easier.

## 5. "If it tingles, it's working"

A brief tingle can be normal with some acids. Lasting stinging, burning or redness is a sign of irritation, not of a product working harder. Rinse it off, let your skin recover and try a gentler option or a lower frequency.

## 6. "Natural products are always gentler"

Natural and gentle are different ideas. Fragrant essential oils, citrus and some plant extracts are common causes of allergic reactions, while many lab-made ingredients are extremely mild. Judge a product by its formula and by how your skin responds, not by the word on the front.

## 7. "Acne is caused by not washing your face"

Acne is driven by hormones, oil production, clogged follicles, bacteria and inflammation, not by dirt. Blackheads look dark because their contents are exposed to air. Washing more than twice a day or scrubbing hard can make acne look worse. A gentle cleanser and a proven ingredient such as salicylic acid or benzoyl peroxide will do more.

## 8. "More expensive means more effective"

Price reflects packaging, marketing and brand as much as the formula. Some of the best-studied ingredients, including glycerin, niacinamide, ceramides and sunscreen filters, are inexpensive. A well-formulated, affordable product you use consistently beats a luxury one you save for special occasions.

## 9. "You can shrink your pores for good"

Pore size is largely set by genes, oil production and age. Keeping pores clear with salicylic acid or a retinoid, and protecting collagen around them with sunscreen, can make them look smaller. Nothing closes them permanently, and that is fine: pores are a normal part of skin.

## 10. "A base tan protects you from burning"

A tan is the skin's response to UV damage. It gives only a very low level of protection, far below even a light sunscreen, and getting one on a sunbed adds to skin cancer risk. If you like a bronzed look, self-tan is the safer route, remembering that it offers no sun protection itself.

## Bonus: "Drinking more water cures dry skin"

Drinking enough water matters for your health, and severe dehydration does show in the skin. But for most people, extra glasses of water have little effect on dry skin. Gentle cleansing, a good moisturiser and a humidifier in very dry rooms help much more.

## How to spot a myth

A few questions help when you hear a new piece of skin-care advice:

- **Who is saying it, and are they selling something?**
- **Does it promise a quick, dramatic result?** Real changes in skin usually take weeks.
- **Is it based on one person's experience, or on studies?**
- **Does it say an ingredient is "toxic" without mentioning the amount?** The dose matters.

## When to see a professional

The internet is a mixed source of skin advice. If something is worrying you, such as acne that leaves scars, a rash that does not settle or a mole that changes, a pharmacist, GP or dermatologist is the best place to start. They can separate what is worth trying from what is not, for your skin specifically.
`,
  }),
];
