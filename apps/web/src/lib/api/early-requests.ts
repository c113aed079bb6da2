/**
 * API reads started by the entry script (boot.ts) before the app's code has even downloaded, for a
 * page whose requests are known from its URL alone (the dashboard: decision 035). The API client
 * takes each answer once, for the same URL and token, instead of asking again; an unused one
 * expires. Nothing here may import the app's modules: it ships in the small entry chunk.
 */

/** An early answer older than this is not used (the page asks again). */
const FRESH_MS = 10_000;

interface Early {
  response: Promise<Response>;
  authorization: string;
  startedAt: number;
}

const early = new Map<string, Early>();

/** Starts a GET of `url` (same origin, e.g. '/api/routine') with the stored session's token. */
export function startEarlyRequest(url: string, token: string): Promise<Response> {
  const authorization = `Bearer ${token}`;
  const response = fetch(url, {
    headers: { Accept: 'application/json', Authorization: authorization },
  });
  // A failed early request is no error of its own: the API client asks again and reports that.
  response.catch(() => early.delete(url));
  early.set(url, { response, authorization, startedAt: Date.now() });
  return response;
}

/**
 * The early answer for this request, once: a GET of the same URL with the same Authorization
 * header, started less than FRESH_MS ago. Undefined otherwise (the caller fetches as usual).
 */
export function takeEarlyResponse(url: string, init: RequestInit): Promise<Response> | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' || headers.get('Authorization') !== entry.authorization) return undefined;
  if (Date.now() - entry.startedAt > FRESH_MS) return undefined;
  return entry.response.catch(() => fetch(url, init));
}

/** Tests: forget every early request. */
export function clearEarlyRequests(): void {
  early.clear();
}
