import {
  AccountExport,
  AccountResponse,
  AccountSessionList,
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailBody,
  ConfirmEmailResponse,
  DeleteAccountBody,
  ForgotPasswordBody,
  MessageResponse,
  PendingEmailChangeResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  ResetTokenCheck,
  ResetTokenCheckBody,
  SignedOutOthers,
  UpdateAccountBody,
} from '@lumiskin/contract/account';
import {
  AdminArticle,
  AdminArticleList,
  AdminOverview,
  AdminProduct,
  AdminProductList,
  AdminQuizBank,
  AdminQuizCategory,
  AdminQuizCategoryList,
  AdminQuizQuestion,
  AdminUserDetail,
  AdminUserList,
  ArticleBody,
  AuditList,
  ChangeRoleBody,
  CreateProductBody,
  CreateQuizCategoryBody,
  PreviewBody,
  PreviewResponse,
  ProductCopyBody,
  ProductFeaturedBody,
  ProductFormulationBody,
  ProductPriceBody,
  ProductVisibilityBody,
  QuizCategoryOrderBody,
  QuizQuestionBody,
  UpdateQuizCategoryBody,
} from '@lumiskin/contract/admin';
import { Analysis, HistoryResponse } from '@lumiskin/contract/analysis-api';
import { AuthResponse, LoginBody, MeResponse, RegisterBody } from '@lumiskin/contract/auth';
import { BlogPost, LikeResponse, PostListResponse, SaveResponse } from '@lumiskin/contract/blog';
import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { DeviceScanBody } from '@lumiskin/contract/device-scan';
import { AppDownloadInfo } from '@lumiskin/contract/download';
import { ApiError } from '@lumiskin/contract/errors';
import {
  GeoPlace,
  IpLookupResponse,
  ReverseResponse,
  SearchResponse as PlaceSearchResponse,
} from '@lumiskin/contract/geo';
import { HealthResponse, ReadyResponse } from '@lumiskin/contract/health';
import {
  DeletePushTokenBody,
  MarkAllReadResponse,
  Notification,
  NotificationList,
  PushSubscriptionBody,
  PushTokenBody,
  PushUnsubscribeBody,
  UnreadCount,
  VapidPublicKey,
} from '@lumiskin/contract/notifications';
import {
  AnswerFeedback,
  Leaderboard,
  QuizCategoryList,
  QuizChallenges,
  QuizResult,
  QuizSession,
  QuizStats,
  SubmitQuizBody,
} from '@lumiskin/contract/quiz';
import {
  AddRoutineProductBody,
  AddRoutineProductResponse,
  RoutineHistoryResponse,
  RoutineProduct,
  RoutineResponse,
} from '@lumiskin/contract/routine';
import {
  AdminOrder,
  AdminOrderList,
  CheckoutInfo,
  Order,
  OrderList,
  PayOrderResponse,
  PlaceOrderResponse,
} from '@lumiskin/contract/orders';
import { ConsentBody, ConsentStatus, ScanBody, ScanJob } from '@lumiskin/contract/scan';
import { SearchResponse } from '@lumiskin/contract/search';
import { AdminSettings, SiteSettings, UpdateSettingsBody } from '@lumiskin/contract/settings';
import {
  FavoritesResponse,
  MergeFavoritesBody,
  MergeMixBody,
  MixResponse,
  ProductListResponse,
  PutMixBody,
  ShopProduct,
} from '@lumiskin/contract/shop';
import { strictSchema } from '@lumiskin/contract/strict';
import { vi } from 'vitest';
import { z } from 'zod';

/**
 * Fakes of the API typed by the contract (docs/ARCHITECTURE.md, "Web tests"): every route a web
 * test may answer, with the schema of its success body, as the server declares it in its route's
 * `response` (apps/server/src/modules/<module>/routes.ts). A fake answer that the server could not
 * send (a missing field, a wrong type, a route that does not exist) fails the test.
 */
const NoContent = z.null();

export const API_ROUTES = {
  'POST /api/auth/register': AuthResponse,
  'POST /api/auth/login': AuthResponse,
  'POST /api/auth/logout': NoContent,
  'GET /api/auth/me': MeResponse,
  'POST /api/auth/forgot-password': MessageResponse,
  'POST /api/auth/reset-password': ResetPasswordResponse,
  'POST /api/auth/reset-password/check': ResetTokenCheck,
  'POST /api/auth/confirm-email': ConfirmEmailResponse,

  'GET /api/geo/reverse': ReverseResponse,
  'GET /api/geo/search': PlaceSearchResponse,
  'GET /api/geo/place': GeoPlace,
  'GET /api/geo/ip': IpLookupResponse,

  'GET /api/shop/products': ProductListResponse,
  'GET /api/shop/products/:id': ShopProduct,
  'GET /api/shop/favorites': FavoritesResponse,
  'PUT /api/shop/favorites/:id': FavoritesResponse,
  'DELETE /api/shop/favorites/:id': FavoritesResponse,
  'POST /api/shop/favorites/merge': FavoritesResponse,
  'GET /api/mix': MixResponse,
  'PUT /api/mix': MixResponse,
  'POST /api/mix/merge': MixResponse,
  'GET /api/orders/checkout': CheckoutInfo,
  'GET /api/orders': OrderList,
  'POST /api/orders': PlaceOrderResponse,
  'GET /api/orders/:id': Order,
  'POST /api/orders/:id/pay': PayOrderResponse,
  'GET /api/admin/orders': AdminOrderList,
  'PUT /api/admin/orders/:id/status': AdminOrder,

  'GET /api/blog/posts': PostListResponse,
  'GET /api/blog/posts/:id': BlogPost,
  'POST /api/blog/posts/:id/view': NoContent,
  'POST /api/blog/posts/:id/like': LikeResponse,
  'DELETE /api/blog/posts/:id/like': LikeResponse,
  'POST /api/blog/posts/:id/save': SaveResponse,
  'DELETE /api/blog/posts/:id/save': SaveResponse,
  'GET /api/search': SearchResponse,

  'POST /api/analysis/scan': z.union([Analysis, ScanJob]),
  'POST /api/analysis/scan-upload': z.union([Analysis, ScanJob]),
  'POST /api/analysis/device': Analysis,
  'GET /api/analysis/jobs/:id': ScanJob,
  'GET /api/analysis/consent': ConsentStatus,
  'POST /api/analysis/consent': ConsentStatus,
  'DELETE /api/analysis/consent': NoContent,
  'GET /api/analysis/history': HistoryResponse,
  'GET /api/analysis/:id': Analysis,
  // The JPEG bytes (not JSON: the body is not checked).
  'GET /api/analysis/:id/photo': z.unknown(),
  'DELETE /api/analysis/:id': NoContent,

  'GET /api/quiz/categories': QuizCategoryList,
  'GET /api/quiz/stats': QuizStats,
  'GET /api/quiz/leaderboard': Leaderboard,
  'GET /api/quiz/daily-quiz': QuizSession,
  'GET /api/quiz/category/:categoryId': QuizSession,
  'POST /api/quiz/answer': AnswerFeedback,
  'POST /api/quiz/submit': QuizResult,
  'GET /api/quiz/challenges': QuizChallenges,

  'GET /api/dashboard/stats': DashboardStatsResponse,
  'GET /api/routine': RoutineResponse,
  'POST /api/routine/products': AddRoutineProductResponse,
  'DELETE /api/routine/products/:id': NoContent,
  'PATCH /api/routine/products/:id': RoutineProduct,
  'POST /api/routine/split': RoutineResponse,
  'PUT /api/routine/check-offs': RoutineResponse,
  'GET /api/routine/history': RoutineHistoryResponse,
  'POST /api/routine/from-analysis/:analysisId': RoutineResponse,

  'GET /api/users/me': AccountResponse,
  'PATCH /api/users/me': AccountResponse,
  'DELETE /api/users/me': NoContent,
  'GET /api/users/me/email': PendingEmailChangeResponse,
  'POST /api/users/me/email': MessageResponse,
  'DELETE /api/users/me/email': PendingEmailChangeResponse,
  'POST /api/users/me/email/confirmation': MessageResponse,
  'POST /api/users/me/password': MessageResponse,
  'GET /api/users/me/export': AccountExport,
  'GET /api/users/me/sessions': AccountSessionList,
  'DELETE /api/users/me/sessions/:id': NoContent,
  'POST /api/users/me/sessions/sign-out-others': SignedOutOthers,

  'GET /api/notifications': NotificationList,
  'GET /api/notifications/unread-count': UnreadCount,
  'POST /api/notifications/read-all': MarkAllReadResponse,
  'POST /api/notifications/:id/read': z.object({ notification: Notification }),
  'GET /api/push/vapid-public-key': VapidPublicKey,
  'POST /api/push/subscribe': NoContent,
  'POST /api/push/unsubscribe': NoContent,
  'POST /api/user/push-token': NoContent,
  'DELETE /api/user/push-token': NoContent,

  'GET /api/app/download': AppDownloadInfo,
  'GET /api/settings': SiteSettings,
  'GET /api/health': HealthResponse,
  'GET /api/health/ready': ReadyResponse,

  'GET /api/admin/overview': AdminOverview,
  'GET /api/admin/users': AdminUserList,
  'GET /api/admin/users/:id': AdminUserDetail,
  'PUT /api/admin/users/:id/role': AdminUserDetail,
  'POST /api/admin/users/:id/suspend': AdminUserDetail,
  'POST /api/admin/users/:id/unsuspend': AdminUserDetail,
  'POST /api/admin/users/:id/reset-link': MessageResponse,
  'POST /api/admin/users/:id/sign-out': SignedOutOthers,
  'DELETE /api/admin/users/:id': NoContent,
  'GET /api/admin/products': AdminProductList,
  'POST /api/admin/products': AdminProduct,
  'PATCH /api/admin/products/:id': AdminProduct,
  'PUT /api/admin/products/:id/price': AdminProduct,
  'PUT /api/admin/products/:id/visibility': AdminProduct,
  'PUT /api/admin/products/:id/formulation': AdminProduct,
  'PUT /api/admin/products/:id/featured': AdminProduct,
  'POST /api/admin/products/:id/image': AdminProduct,
  'GET /api/admin/articles': AdminArticleList,
  'POST /api/admin/articles/preview': PreviewResponse,
  'POST /api/admin/articles': AdminArticle,
  'PUT /api/admin/articles/:id': AdminArticle,
  'DELETE /api/admin/articles/:id': NoContent,
  'GET /api/admin/audit': AuditList,
  /** A CSV file, not JSON. */
  'GET /api/admin/audit.csv': z.unknown(),
  'GET /api/admin/quiz/categories': AdminQuizCategoryList,
  'POST /api/admin/quiz/categories': AdminQuizCategory,
  'PUT /api/admin/quiz/categories/order': AdminQuizCategoryList,
  'PATCH /api/admin/quiz/categories/:id': AdminQuizCategory,
  'GET /api/admin/quiz': AdminQuizBank,
  'POST /api/admin/quiz/questions': AdminQuizQuestion,
  'PUT /api/admin/quiz/questions/:id': AdminQuizQuestion,
  'GET /api/admin/settings': AdminSettings,
  'PUT /api/admin/settings': AdminSettings,
} as const satisfies Record<string, z.ZodType>;

export type ApiRoute = keyof typeof API_ROUTES;

/**
 * The body schema each route declares (the server's `body:`). A screen that sends a field its
 * route does not know fails its test, as the server would refuse it (decision 074).
 */
const REQUEST_BODIES: Partial<Record<ApiRoute, z.ZodType>> = {
  'POST /api/auth/register': RegisterBody,
  'POST /api/auth/login': LoginBody,
  'POST /api/auth/forgot-password': ForgotPasswordBody,
  'POST /api/auth/reset-password': ResetPasswordBody,
  'POST /api/auth/reset-password/check': ResetTokenCheckBody,
  'POST /api/auth/confirm-email': ConfirmEmailBody,
  'PUT /api/mix': PutMixBody,
  'POST /api/mix/merge': MergeMixBody,
  'POST /api/shop/favorites/merge': MergeFavoritesBody,
  'POST /api/analysis/scan': ScanBody,
  'POST /api/analysis/device': DeviceScanBody,
  'POST /api/analysis/consent': ConsentBody,
  'POST /api/quiz/submit': SubmitQuizBody,
  'POST /api/routine/products': AddRoutineProductBody,
  'PATCH /api/users/me': UpdateAccountBody,
  'DELETE /api/users/me': DeleteAccountBody,
  'POST /api/users/me/email': ChangeEmailBody,
  'POST /api/users/me/password': ChangePasswordBody,
  'POST /api/push/subscribe': PushSubscriptionBody,
  'POST /api/push/unsubscribe': PushUnsubscribeBody,
  'POST /api/user/push-token': PushTokenBody,
  'DELETE /api/user/push-token': DeletePushTokenBody,
  'PUT /api/admin/users/:id/role': ChangeRoleBody,
  'POST /api/admin/products': CreateProductBody,
  'PATCH /api/admin/products/:id': ProductCopyBody,
  'PUT /api/admin/products/:id/price': ProductPriceBody,
  'PUT /api/admin/products/:id/visibility': ProductVisibilityBody,
  'PUT /api/admin/products/:id/formulation': ProductFormulationBody,
  'PUT /api/admin/products/:id/featured': ProductFeaturedBody,
  'POST /api/admin/articles/preview': PreviewBody,
  'POST /api/admin/articles': ArticleBody,
  'PUT /api/admin/articles/:id': ArticleBody,
  'POST /api/admin/quiz/categories': CreateQuizCategoryBody,
  'PUT /api/admin/quiz/categories/order': QuizCategoryOrderBody,
  'PATCH /api/admin/quiz/categories/:id': UpdateQuizCategoryBody,
  'POST /api/admin/quiz/questions': QuizQuestionBody,
  'PUT /api/admin/quiz/questions/:id': QuizQuestionBody,
  'PUT /api/admin/settings': UpdateSettingsBody,
};

/**
 * Records a request whose JSON body names a field its route does not know, or a PATCH that names
 * none (the server answers both with a 400). Other problems (a short password…) are the server's
 * to answer in the test's own fake, so only these two are checked here.
 */
export function checkRequestBody(method: string, url: string, body: unknown) {
  const route = routeOf(method, url);
  const schema = route ? REQUEST_BODIES[route] : undefined;
  if (!route || !schema || body === undefined) return;
  if (method.toUpperCase() === 'PATCH' && isEmptyObject(body)) {
    violations.push(`${route} was sent an empty body: the server answers 400 nothing_to_change`);
    return;
  }
  const result = strictSchema(schema).safeParse(body);
  const unknown = result.success
    ? []
    : result.error.issues.flatMap((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => [...issue.path, key].join('.'))
          : [],
      );
  if (unknown.length > 0) {
    violations.push(
      `${route} was sent field(s) it does not know: ${unknown.join(', ')} (the server answers 400 unknown_field)`,
    );
  }
}

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 0;
/** The body a route's success answer carries, as a test writes it (the schema's input). */
export type ApiBody<R extends ApiRoute> = z.input<(typeof API_ROUTES)[R]>;

interface CompiledRoute {
  route: ApiRoute;
  method: string;
  pattern: RegExp;
  params: number;
}

// Routes with fewer parameters first, so /api/analysis/history wins over /api/analysis/:id.
const COMPILED: CompiledRoute[] = (Object.keys(API_ROUTES) as ApiRoute[])
  .map((route) => {
    const [method = '', path = ''] = route.split(' ');
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
    return {
      route,
      method,
      pattern: new RegExp(`^${source}/?$`),
      params: (path.match(/:/g) ?? []).length,
    };
  })
  .sort((a, b) => a.params - b.params);

/** The contract route a request goes to, or null when the API has no such route. */
export function routeOf(method: string, url: string): ApiRoute | null {
  const path = new URL(url, 'http://lumiskin.invalid').pathname;
  const upper = method.toUpperCase();
  return COMPILED.find((r) => r.method === upper && r.pattern.test(path))?.route ?? null;
}

/** What fake answers broke the contract during the current test (setup.ts fails the test). */
const violations: string[] = [];

export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/**
 * Checks a fake answer to `method url` against the contract: a success body against its route's
 * schema, an error body against ApiError ({detail, code}). Answers to other origins (third-party
 * services) and non-JSON bodies (photos, CSV) are not the contract's.
 */
export async function checkAgainstContract(method: string, url: string, response: Response) {
  const path = new URL(url, 'http://lumiskin.invalid').pathname;
  if (!path.startsWith('/api/') || /^https?:/.test(url)) return;
  const type = response.headers.get('Content-Type') ?? '';
  const route = routeOf(method, url);
  if (!route) {
    violations.push(`${method} ${path}: the API has no such route (testing/fake-api.ts)`);
    return;
  }
  if (!type.includes('application/json') || response.status === 204) return;
  const body: unknown = await response.clone().json();
  const schema: z.ZodType = response.ok ? API_ROUTES[route] : ApiError;
  const result = schema.safeParse(body);
  if (!result.success) {
    violations.push(
      `${route} answered ${response.status} with a body the server could not send:\n${z.prettifyError(result.error)}`,
    );
  }
}

/** A success answer typed by its route: `reply('GET /api/auth/me', { user })`. */
export function reply<R extends ApiRoute>(_route: R, body: ApiBody<R>, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A 400 as the server gives it for a body its schema refuses: the first message of each field,
 * keyed by its path ("tags.2"), the first of all as the detail.
 */
export function refusedBy(schema: z.ZodType, body: unknown): Response {
  const issues = schema.safeParse(body).error?.issues ?? [];
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.')] ??= issue.message;
  return refusal(fields);
}

/** A 400 validation_error naming these fields, the first message as the detail. */
export function refusal(fields: Record<string, string>): Response {
  return new Response(
    JSON.stringify({ detail: Object.values(fields)[0], code: 'validation_error', fields }),
    { status: 400, headers: { 'Content-Type': 'application/json' } },
  );
}

export interface FakeRequest {
  url: string;
  init: RequestInit;
  /** The request's JSON body, when it has one. */
  body: unknown;
}

export type ApiHandlers = {
  [R in ApiRoute]?: (
    request: FakeRequest,
  ) => ApiBody<R> | Response | Promise<ApiBody<R> | Response>;
};

/**
 * Replaces fetch for one test with handlers keyed by contract route; a handler returns the body
 * (typed by the route's schema, sent as 200) or a whole Response (another status, an error). A
 * request no handler takes fails the test, unless `otherwise` answers it (say, a 404 for what the
 * test does not care about); its answer is checked too. Every call is recorded on the mock.
 */
export function fakeApi(handlers: ApiHandlers, otherwise?: (request: FakeRequest) => Response) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const route = routeOf(method, url);
    const handler = route ? (handlers[route] as ApiHandlers[ApiRoute] | undefined) : undefined;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    checkRequestBody(method, url, body);
    if ((!route || !handler) && otherwise) {
      const response = otherwise({ url, init, body });
      await checkAgainstContract(method, url, response);
      return response;
    }
    if (!route || !handler) {
      violations.push(`${method} ${url}: no fake answers this request`);
      return new Response(JSON.stringify({ detail: 'Not faked', code: 'not_faked' }), {
        status: 501,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const answer = await handler({ url, init, body });
    const response =
      answer instanceof Response
        ? answer
        : new Response(JSON.stringify(answer), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
    await checkAgainstContract(method, url, response);
    return response;
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
