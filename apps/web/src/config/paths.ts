/**
 * The login page's navigation state: `sessionEnded` when a 401 took the browser there from a
 * signed-in page (app/router), so the page says why.
 */
export type LoginPageState = { sessionEnded?: boolean };

/** Every URL of the SPA, defined once (docs/product-rules.md#routes-and-guards). Components link with `paths.x.href`. */
export const paths = {
  home: { path: '/', href: '/' },
  login: {
    path: '/login',
    href: '/login',
    /** /login?redirect=/dashboard — the page to return to after signing in. */
    withRedirect: (redirectTo: string) => `/login?redirect=${encodeURIComponent(redirectTo)}`,
  },
  register: {
    path: '/register',
    href: '/register',
    /** /register?redirect=/scan — where a new account goes once created (same-site paths only). */
    withRedirect: (redirectTo: string) => `/register?redirect=${encodeURIComponent(redirectTo)}`,
  },
  forgotPassword: { path: '/forgot-password', href: '/forgot-password' },
  resetPassword: { path: '/reset-password', href: '/reset-password' },
  /** The page the email-change link opens (`?token=…`). */
  confirmEmail: { path: '/confirm-email', href: '/confirm-email' },
  terms: { path: '/terms', href: '/terms' },
  privacy: { path: '/privacy', href: '/privacy' },
  shop: { path: '/shop', href: '/shop' },
  product: { path: '/shop/:id', href: (id: string) => `/shop/${encodeURIComponent(id)}` },
  learn: { path: '/learn', href: '/learn' },
  article: { path: '/learn/:slug', href: (slug: string) => `/learn/${encodeURIComponent(slug)}` },
  download: { path: '/download', href: '/download' },
  dashboard: { path: '/dashboard', href: '/dashboard' },
  history: { path: '/history', href: '/history' },
  scan: { path: '/scan', href: '/scan' },
  profile: { path: '/profile', href: '/profile' },
  /** The profile opened on its Orders tab. */
  profileOrders: { path: '/profile', href: '/profile?tab=orders' },
  checkout: { path: '/checkout', href: '/checkout' },
  order: { path: '/orders/:id', href: (id: string) => `/orders/${encodeURIComponent(id)}` },
  analysis: { path: '/analysis/:id', href: (id: string) => `/analysis/${encodeURIComponent(id)}` },
  quiz: { path: '/quiz', href: '/quiz' },
  /** The hub's "Join Challenges": this week's goals and the badge shelf (ranks above :quizType). */
  quizChallenges: { path: '/quiz/challenges', href: '/quiz/challenges' },
  quizPlay: {
    path: '/quiz/:quizType',
    href: (quizType: string) => `/quiz/${encodeURIComponent(quizType)}`,
  },
  quizCategory: {
    path: '/quiz/:quizType/:categoryId',
    href: (quizType: string, categoryId: string) =>
      `/quiz/${encodeURIComponent(quizType)}/${encodeURIComponent(categoryId)}`,
  },
  admin: { path: '/admin', href: '/admin' },
  adminUsers: { path: '/admin/users', href: '/admin/users' },
  adminUser: {
    path: '/admin/users/:id',
    href: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  },
  adminProducts: { path: '/admin/products', href: '/admin/products' },
  adminProductNew: { path: '/admin/products/new', href: '/admin/products/new' },
  adminProduct: {
    path: '/admin/products/:id',
    href: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
  },
  adminArticles: { path: '/admin/articles', href: '/admin/articles' },
  adminQuiz: { path: '/admin/quiz', href: '/admin/quiz' },
  adminQuizCategories: { path: '/admin/quiz/categories', href: '/admin/quiz/categories' },
  adminAudit: { path: '/admin/audit', href: '/admin/audit' },
  adminOrders: { path: '/admin/orders', href: '/admin/orders' },
  adminSettings: { path: '/admin/settings', href: '/admin/settings' },
} as const;

// C0 controls and DEL: browsers strip tab and newline from URLs ("/\t/evil.example" becomes
// "//evil.example") and the router cannot navigate to the rest, ending on an error page.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * A redirect target taken from the query string is only followed when it is a path on this site
 * (starts with one slash) without control characters, so /login?redirect=https://evil.example
 * cannot bounce people away and a sign-in never ends on an error page.
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (
    !target ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\') ||
    CONTROL_CHARACTER.test(target)
  ) {
    return fallback;
  }
  return target;
}
