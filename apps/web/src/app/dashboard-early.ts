/**
 * Opening /dashboard (a reload, a bookmark, the sign-in's landing): boot.ts starts the page's
 * chunk and its API reads here, at the first script, side by side with the app's own download,
 * instead of after the app has run and the router has matched the route (decision 035). Plain
 * strings only: this ships in the entry chunk, so it cannot import the app's API modules; a test
 * (dashboard-early.test.ts) checks these are requests the dashboard's loader makes.
 */
import { startEarlyRequest } from '@/lib/api/early-requests';
import { getToken } from '@/lib/platform/storage';

/** The dashboard's route module (the router lazy-loads the same one). */
export const loadDashboardRoute = () => import('@/features/dashboard/routes/dashboard');

/**
 * What the first score tile waits for, as the API client spells the URLs: the session check (the
 * signed-in guard) and the newest scans. Only these: a browser opens six connections to a server
 * over HTTP/1.1, and the app's scripts need them too; the dashboard's other reads start with its
 * loader, once the scripts are in.
 */
export const DASHBOARD_EARLY_REQUESTS = [
  '/api/auth/me',
  '/api/analysis/history?limit=20&offset=0&period=all&source=all',
] as const;

/** On /dashboard with a stored session: starts the chunk and the reads. */
export function startDashboardEarly(pathname: string): void {
  if (pathname !== '/dashboard') return;
  const token = getToken();
  if (!token) return;
  for (const url of DASHBOARD_EARLY_REQUESTS) void startEarlyRequest(url, token);
  void loadDashboardRoute().catch(() => undefined);
}
