import type { ApiError } from '@lumiskin/contract/errors';
import { isServerReachable, reportReachable } from '@/lib/platform/connection';
import type { ApiTransport } from '@lumiskin/contract/page-render';
import { takeEarlyResponse } from '@/lib/api/early-requests';
import { xhrTransport } from '@/lib/api/xhr-transport';
import { clearSession, getToken } from '@/lib/platform/storage';

/** Every call goes to the same origin under /api (the dev server proxies it to the API). */
export const API_BASE = '/api';

/**
 * How long a read waits for its answer to begin (its headers; a long download such as the
 * account's export is not cut). Longer than the server's own 30 s limit, which answers a slow
 * request itself: this only ends a connection that went dead (a phone between networks).
 */
export const READ_ANSWER_TIMEOUT_MS = 45_000;

/** A non-2xx answer. `detail` is the server's sentence, shown to people as is (docs/product-rules.md#errors-and-messages). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string | null;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, body: ApiError | null) {
    super(body?.detail ?? `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.detail = body?.detail ?? null;
    this.fields = body?.fields;
  }
}

type UnauthorizedHandler = () => void;

/** Outside React and the router the only safe move is a full page load of /login. */
let onUnauthorized: UnauthorizedHandler = () => {
  if (typeof window === 'undefined') return;
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The app installs a handler that navigates inside the SPA instead of reloading. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/**
 * How a request reaches the API: the browser's fetch (or the answer boot.ts already asked for,
 * lib/api/early-requests.ts), or the server's own when it renders a page.
 */
let transport: ApiTransport = (url, init) => takeEarlyResponse(url, init) ?? fetch(url, init);

/** entry-server.tsx: API calls made while the server renders a page go to the server itself. */
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** How much of the body has gone out (a browser's XMLHttpRequest; where there is none, no word). */
  onUploadProgress?: (sent: number, total: number) => void;
}

async function readError(response: Response): Promise<ApiError | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return null;
    const { detail, code, fields } = body as Record<string, unknown>;
    if (typeof detail !== 'string') return null;
    return {
      detail,
      code: typeof code === 'string' ? code : 'http_error',
      fields:
        typeof fields === 'object' && fields !== null
          ? (fields as Record<string, string>)
          : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * fetch with the session's bearer token (docs/product-rules.md#roles) and JSON in and out. Any 401 removes the stored
 * session and sends the browser to /login (docs/product-rules.md#session); the error is still thrown so callers such
 * as the login form can show the server's `detail`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).data;
}

/** Like `apiRequest`, also giving the answer's headers (e.g. `X-Total-Count` of paged lists). */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await send(path, options);
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/**
 * A successful answer's body as it came (a file to save: the account export), never parsed or
 * copied into a string: a large export stays one Blob the browser may keep on disk.
 */
export async function apiBlob(
  path: string,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(path, options);
  return { blob: await response.blob(), headers: response.headers };
}

/** The request with the session's token; a failed answer thrown as ApiRequestError (a 401 signs out). */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: FormData | string | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const method = options.method ?? 'GET';
  // A read whose answer has not begun in READ_ANSWER_TIMEOUT_MS is given up. Writes are not: one
  // cut short may still have been done, and the caller could not tell.
  const deadline = method === 'GET' ? new AbortController() : null;
  const timer = deadline ? setTimeout(() => deadline.abort(), READ_ANSWER_TIMEOUT_MS) : undefined;
  const callerAborted = () => deadline?.abort(options.signal?.reason);
  if (options.signal?.aborted) callerAborted();
  else options.signal?.addEventListener('abort', callerAborted, { once: true });

  let response: Response;
  try {
    const init = { method, headers, body, signal: deadline?.signal ?? options.signal };
    response =
      options.onUploadProgress && typeof XMLHttpRequest === 'function'
        ? await xhrTransport(`${API_BASE}${path}`, init, options.onUploadProgress)
        : await transport(`${API_BASE}${path}`, init);
  } catch (error) {
    // No answer at all (offline, server unreachable), unless the caller aborted on purpose.
    if (options.signal?.aborted) throw error;
    reportReachable(false);
    if (deadline?.signal.aborted) throw new TypeError('The server did not answer in time');
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', callerAborted);
  }
  reportReachable(true);

  if (!response.ok) {
    const error = new ApiRequestError(response.status, await readError(response));
    if (response.status === 401) {
      clearSession({ endedByServer: true });
      onUnauthorized();
    }
    throw error;
  }
  return response;
}

/** The `X-Total-Count` of a paged list, or null when the server did not send one. */
/**
 * A request that outlives the page (`keepalive`: sent even as the tab closes or the page is
 * left), with the person's token when signed in. Its answer is read only by a page that lives on;
 * nothing is retried, queued or reported as the session ending.
 */
export function keepaliveRequest(path: string, method: 'POST' | 'DELETE'): Promise<Response> {
  const token = getToken();
  return fetch(`${API_BASE}${path}`, {
    method,
    keepalive: true,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/** A list query as a query string, its unset and empty fields left out ('' when none is set). */
export function searchOf(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function totalCount(headers: Headers): number | null {
  const value = Number(headers.get('x-total-count'));
  return headers.has('x-total-count') && Number.isFinite(value) ? value : null;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The sentence to show for a failed call: the server's detail, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.detail) return error.detail;
  if (isOfflineFailure(error)) return OFFLINE_ACTION_MESSAGE;
  return fallback;
}

/** What an action that needs the server (a scan, a quiz answer) says without a connection. */
export const OFFLINE_ACTION_MESSAGE =
  'You’re offline. This needs a connection: it will work when you’re back online.';

/** A request that got no answer because the device is offline or the server out of reach. */
export function isOfflineFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return false;
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline || !isServerReachable();
}

/**
 * The app's one retry rule for queries: a 4xx answer does not get better by asking again, nor does
 * a request that got no answer because the device is offline (in offlineFirst mode its retries
 * would pause until the connection returns, and the page would show a skeleton all that time,
 * issue 34); anything else is asked up to twice more.
 */
export function shouldRetry(count: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return !isOfflineFailure(error) && count < 2;
}
