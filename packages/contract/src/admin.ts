import { z } from 'zod';
import { Role } from './auth';
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
} as const;

export const AdminErrorCode = {
  lastAdmin: 'last_admin',
  notYourself: 'not_yourself',
  accountSuspended: 'account_suspended',
  badImage: 'bad_image',
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
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = Pagination.extend({ users: z.array(AdminUser) });
export type AdminUserList = z.infer<typeof AdminUserList>;

/** Counts and dates only. */
export const AdminUserDetail = AdminUser.extend({
  last_active_at: z.string().nullable(),
  scan_count: z.number().int(),
  quiz_points: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const UserIdParams = z.object({ id: z.uuid() });
export const ChangeRoleBody = z.object({ role: Role });

// ---- Products ----

export const AdminProduct = ShopProduct.extend({ hidden: z.boolean() });
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductList = z.object({ products: z.array(AdminProduct) });

const text = (max: number) => z.string().trim().min(1).max(max);
const list = z.array(z.string().trim().min(1).max(80)).max(20);

/** The copy a moderator may edit. */
export const ProductCopyBody = z
  .object({
    name: text(120),
    short_description: text(300),
    description: text(5000),
    key_ingredients: list,
    category: text(50),
    time_of_use: z.enum(['AM', 'PM', 'AM/PM']).nullable(),
    how_to_use: text(2000),
    suitable_for: list,
    size: text(40),
  })
  .partial();
export type ProductCopyBody = z.infer<typeof ProductCopyBody>;

/** 1p to £10,000. */
export const PricePence = z.number().int().min(1).max(1_000_000);

export const CreateProductBody = ProductCopyBody.required({
  name: true,
  short_description: true,
  description: true,
  category: true,
  how_to_use: true,
  size: true,
}).extend({
  id: ProductId,
  type: ProductType,
  price_pence: PricePence,
});
export type CreateProductBody = z.infer<typeof CreateProductBody>;

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

export const AuditQuery = z.object({
  entity: z.enum(['user', 'product', 'article', 'quiz_question']).optional(),
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
