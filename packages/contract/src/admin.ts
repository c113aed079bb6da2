import { z } from 'zod';
import './plain-errors';
import { MetricKey } from './analysis';
import { Role } from './auth';
import { FormulationFlags, SUITABLE_FOR } from './formulations';
import { QuizDifficulty } from './quiz';
import { ProductId, ProductType, ShopProduct } from './shop';

/**
 * The admin area's wire format (issue 14, decision 025). A user's row carries counts and dates
 * only: no face photos, skin scores or analyses reach the admin area.
 */

export const AdminMessages = {
  lastAdmin: 'The last admin cannot be demoted or deleted',
  notYourself: 'You cannot suspend, demote or delete your own account here',
  suspended: 'This account is suspended. Contact support if you think this is a mistake.',
  productExists: 'A product with this id already exists',
  slugTaken: 'An article with this slug already exists',
  badImage: 'Upload a PNG, JPEG or WebP image (SVG is not accepted)',
  baseNeeded:
    'The routine recommender names this base for a skin type, so it cannot be hidden. Edit its copy instead.',
  categoryExists: 'A quiz category with this id already exists',
  notAnAdmin: 'Only an active admin can do this',
  emailNotConfirmed:
    'This account has not confirmed its email address, so it cannot be a moderator or admin. Ask the person to open the confirmation link we sent them (they can ask for a new one on their profile).',
} as const;

export const AdminErrorCode = {
  lastAdmin: 'last_admin',
  notYourself: 'not_yourself',
  accountSuspended: 'account_suspended',
  badImage: 'bad_image',
  baseNeeded: 'base_needed',
  /** PUT /api/admin/users/{id}/role to moderator or admin for an unproved address (409). */
  emailNotConfirmed: 'email_not_confirmed',
} as const;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);

export const Pagination = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

// ---- Users ----

export const USER_STATUSES = ['active', 'suspended'] as const;
export const UserStatus = z.enum(USER_STATUSES);

export const AdminUserListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: Role.optional(),
  status: UserStatus.optional(),
  sort: z.enum(['created_desc', 'created_asc', 'name']).default('created_desc'),
  page,
  page_size: pageSize,
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuery>;

export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  status: UserStatus,
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  /** Whether the owner proved the address; only then may the account hold a staff role. */
  email_confirmed: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = Pagination.extend({ users: z.array(AdminUser) });
export type AdminUserList = z.infer<typeof AdminUserList>;

/**
 * Counts and dates only, plus the account's own settings a support answer may need (time zone,
 * email choices). No skin type, concerns, photos, scores or analyses.
 */
export const AdminUserDetail = AdminUser.extend({
  last_active_at: z.string().nullable(),
  /** Live sessions (decision 182): what "Sign out of every device" would end. */
  signed_in_devices: z.number().int(),
  scan_count: z.number().int(),
  quiz_points: z.number().int(),
  /** Submitted quizzes. */
  quiz_plays: z.number().int(),
  articles_read: z.number().int(),
  articles_liked: z.number().int(),
  articles_saved: z.number().int(),
  timezone: z.string(),
  email_notifications: z.boolean(),
  marketing: z.boolean(),
  updated_at: z.string(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const UserIdParams = z.object({ id: z.uuid() });
export const ChangeRoleBody = z.object({ role: Role });

// ---- Products ----

/** The scan metrics a base or booster is for, main one first (the recommender weighs them so). */
export const ProductTargets = z
  .array(MetricKey)
  .max(5, 'Choose at most five metrics')
  .refine((t) => new Set(t).size === t.length, 'Each metric once');

export const AdminProduct = ShopProduct.extend({
  hidden: z.boolean(),
  /** Bases and boosters: what the recommender reads; null for everyday products. */
  targets: z.array(MetricKey).nullable(),
  formulation_flags: FormulationFlags.nullable(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductList = z.object({ products: z.array(AdminProduct) });

const text = (max: number) =>
  z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);
const list = z.array(z.string().trim().min(1).max(80)).max(20, 'At most 20 entries');

const TIME_OF_USE = z.enum(['AM', 'PM', 'AM/PM']);

/** The copy a moderator may edit. */
export const ProductCopyFields = z.object({
  name: text(120),
  short_description: text(300),
  description: text(5000),
  key_ingredients: list,
  category: text(50),
  time_of_use: TIME_OF_USE.nullable(),
  how_to_use: text(2000),
  suitable_for: list,
  size: text(40),
});
export const ProductCopyBody = ProductCopyFields.partial();
export type ProductCopyBody = z.infer<typeof ProductCopyBody>;

/** What the routine recommender needs of a base or booster besides its copy (admin only). */
export const ProductFormulationBody = z.object({
  formulation_category: text(50),
  targets: ProductTargets,
  formulation_flags: FormulationFlags,
});
export type ProductFormulationBody = z.infer<typeof ProductFormulationBody>;

/** 1p to £10,000. */
export const PricePence = z
  .number({ error: 'Enter a price' })
  .int('Whole pence only')
  .min(1, 'At least £0.01')
  .max(1_000_000, 'At most £10,000');

const SUITABLE = new Set<string>(SUITABLE_FOR);

/**
 * What makes a base or booster usable by the recommender (the catalogue parses every one): key
 * ingredients, skin types from its list, a time of use, a formulation category, at least one
 * target and the ingredient flags. Everyday products need none of it. One list of problems, used
 * by the create form, the create route and the server's check of an edited row.
 */
export function formulationIssues(p: {
  type: string;
  key_ingredients?: string[] | undefined;
  suitable_for?: string[] | undefined;
  time_of_use?: string | null | undefined;
  formulation_category?: string | null | undefined;
  targets?: string[] | null | undefined;
  formulation_flags?: unknown;
}): { path: string; message: string }[] {
  if (p.type !== 'base' && p.type !== 'booster') return [];
  const issues: { path: string; message: string }[] = [];
  const kind = p.type === 'base' ? 'A base' : 'A booster';
  if (!p.key_ingredients?.length)
    issues.push({ path: 'key_ingredients', message: `${kind} needs at least one key ingredient` });
  const unknown = (p.suitable_for ?? []).filter((s) => !SUITABLE.has(s));
  if (!p.suitable_for?.length)
    issues.push({ path: 'suitable_for', message: `${kind} needs at least one skin type` });
  else if (unknown.length > 0)
    issues.push({
      path: 'suitable_for',
      message: `Not a skin type the recommender knows: ${unknown.join(', ')}`,
    });
  if (!p.time_of_use) issues.push({ path: 'time_of_use', message: `${kind} needs a time of use` });
  if (!p.formulation_category?.trim())
    issues.push({ path: 'formulation_category', message: `${kind} needs a formulation category` });
  if (!p.targets?.length)
    issues.push({ path: 'targets', message: 'Choose at least one scan metric it is for' });
  if (!FormulationFlags.safeParse(p.formulation_flags).success)
    issues.push({ path: 'formulation_flags', message: 'Set its ingredient flags' });
  return issues;
}

/** Everything a new product is made of; `CreateProductBody` adds the base/booster check. */
export const CreateProductFields = ProductCopyFields.extend({
  key_ingredients: list.default([]),
  suitable_for: list.default([]),
  time_of_use: TIME_OF_USE.nullable().default(null),
  /** ProductId's rule, said to the staff who type it ("Unknown product id" is for lookups). */
  id: z
    .string()
    .trim()
    .min(1, { abort: true })
    .max(80)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lower-case letters, digits and hyphens'),
  type: ProductType,
  price_pence: PricePence,
  featured: z.boolean().default(false),
  hidden: z.boolean().default(false),
  formulation_category: text(50).nullable().default(null),
  targets: ProductTargets.nullable().default(null),
  formulation_flags: FormulationFlags.nullable().default(null),
});

export const CreateProductBody = CreateProductFields.superRefine((p, ctx) => {
  for (const issue of formulationIssues(p))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type CreateProductBody = z.input<typeof CreateProductBody>;

export const ProductPriceBody = z.object({ price_pence: PricePence });
export const ProductVisibilityBody = z.object({ hidden: z.boolean() });
export const ProductFeaturedBody = z.object({ featured: z.boolean() });
export const AdminProductParams = z.object({ id: ProductId });

// ---- Articles ----

export const ARTICLE_STATUSES = ['draft', 'published', 'scheduled'] as const;
export const ArticleStatus = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof ArticleStatus>;

export const AdminArticle = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  featured: z.boolean(),
  image: z.string(),
  status: ArticleStatus,
  published_at: z.string(),
  /** The last edit (decision 076: an edit keeps published_at); null for one never edited. */
  updated_at: z.string().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
});
export type AdminArticle = z.infer<typeof AdminArticle>;
export const AdminArticleList = z.object({ articles: z.array(AdminArticle) });

export const ArticleBody = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lower-case letters, digits and hyphens'),
  title: text(200),
  excerpt: text(500),
  content: z.string().min(1).max(100_000),
  category: text(50),
  tags: list,
  author: text(100),
  featured: z.boolean().default(false),
  image: z.string().trim().max(300).default(''),
  /** 'published' needs no date (now); 'scheduled' needs a future published_at. */
  status: z.enum(['draft', 'published']),
  published_at: z.iso.datetime({ offset: true }).optional(),
});
export type ArticleBody = z.input<typeof ArticleBody>;
export const ArticleParams = z.object({ id: z.uuid() });

export const PreviewBody = z.object({ content: z.string().max(100_000) });
export const PreviewResponse = z.object({ html: z.string() });

// ---- Audit log ----

export const AuditEntry = z.object({
  id: z.string(),
  actor_id: z.string(),
  actor_name: z.string(),
  actor_role: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_ENTITIES = [
  'user',
  'product',
  'article',
  'quiz_question',
  'quiz_category',
  'setting',
  'order',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AuditQuery = z.object({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entity_id: z.string().trim().min(1).max(120).optional(),
  action: z.string().trim().max(60).optional(),
  actor_id: z.uuid().optional(),
  page,
  page_size: pageSize,
});
export type AuditQuery = z.input<typeof AuditQuery>;
export const AuditList = Pagination.extend({ entries: z.array(AuditEntry) });
export type AuditList = z.infer<typeof AuditList>;

// ---- Overview ----

export const OverviewQuery = z.object({
  days: z.coerce.number().int().min(7).max(365).default(30),
});
export const DayCount = z.object({ day: z.string(), count: z.number().int() });
export const AdminOverview = z.object({
  totals: z.object({
    users: z.number().int(),
    scans: z.number().int(),
    quiz_plays: z.number().int(),
    articles: z.number().int(),
    products: z.number().int(),
  }),
  signups: z.array(DayCount),
  scans: z.array(DayCount),
  quiz_plays: z.array(DayCount),
  /** Bases and boosters by how many mixes hold them now. */
  most_mixed: z.array(z.object({ name: z.string(), type: z.string(), mixes: z.number().int() })),
  top_articles: z.array(
    z.object({ title: z.string(), views: z.number().int(), likes: z.number().int() }),
  ),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

// ---- Quiz bank ----

export const QuizOptionInput = z.object({
  text: z.string().trim().min(1).max(300),
  correct: z.boolean(),
});

export const QuizQuestionBody = z
  .object({
    category_id: z.string().trim().min(1).max(60),
    question_text: text(1000),
    options: z.array(QuizOptionInput).min(2).max(6),
    explanation: text(2000),
    difficulty: QuizDifficulty,
    points: z.number().int().min(1).max(100),
    tags: list,
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.options.filter((o) => o.correct).length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Mark exactly one option as the correct one',
      });
    }
    const texts = v.options.map((o) => o.text.toLowerCase());
    if (new Set(texts).size !== texts.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must differ' });
    }
  });
export type QuizQuestionBody = z.input<typeof QuizQuestionBody>;

export const AdminQuizQuestion = z.object({
  id: z.string(),
  category_id: z.string(),
  question_text: z.string(),
  options: z.array(QuizOptionInput),
  explanation: z.string(),
  difficulty: QuizDifficulty,
  points: z.number().int(),
  tags: z.array(z.string()),
  active: z.boolean(),
});
export type AdminQuizQuestion = z.infer<typeof AdminQuizQuestion>;

export const QuizBankQuery = z.object({
  category_id: z.string().trim().max(60).optional(),
  page,
  page_size: pageSize,
});
// ---- Quiz categories ----

/** The lucide icons the quiz screens draw for a category (apps/web quiz-icon.tsx holds the same). */
export const QUIZ_CATEGORY_ICONS = [
  'Award',
  'BookOpen',
  'Crown',
  'Droplets',
  'Flame',
  'FlaskConical',
  'Footprints',
  'Medal',
  'Sparkles',
  'Sun',
  'Target',
  'Zap',
] as const;
export const QuizCategoryIcon = z.enum(QUIZ_CATEGORY_ICONS);

export const AdminQuizCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  estimated_time: z.number().int(),
  badge_reward: z.string(),
  position: z.number().int(),
  hidden: z.boolean(),
  /** Active questions in it. */
  question_count: z.number().int(),
});
export type AdminQuizCategory = z.infer<typeof AdminQuizCategory>;
export const AdminQuizCategoryList = z.object({ categories: z.array(AdminQuizCategory) });

const slug = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lower-case letters, digits and hyphens');

export const QuizCategoryFields = z.object({
  name: text(60),
  description: text(300),
  icon: QuizCategoryIcon,
  /** #rrggbb: drawn as the category's tint. */
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #8b5cf6'),
  estimated_time: z
    .number({ error: 'Enter minutes' })
    .int()
    .min(1, 'At least a minute')
    .max(60, 'At most an hour'),
  badge_reward: text(60),
  hidden: z.boolean(),
});
export const CreateQuizCategoryBody = QuizCategoryFields.extend({
  id: slug,
  hidden: z.boolean().default(false),
});
export type CreateQuizCategoryBody = z.input<typeof CreateQuizCategoryBody>;
export const UpdateQuizCategoryBody = QuizCategoryFields.partial();
export type UpdateQuizCategoryBody = z.input<typeof UpdateQuizCategoryBody>;
export const QuizCategoryParams = z.object({ id: slug });
/** The whole order, every category once. */
export const QuizCategoryOrderBody = z.object({
  ids: z
    .array(slug)
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'Each category once'),
});

export const AdminQuizBank = Pagination.extend({
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  questions: z.array(AdminQuizQuestion),
});
export type AdminQuizBank = z.infer<typeof AdminQuizBank>;
export const QuizQuestionParams = z.object({
  id: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9][a-z0-9-]*$/),
});
