import type { User } from '@lumiskin/contract/auth';
import { isUser } from '@/lib/user';

/** Storage keys (docs/product-rules.md#session): the product name with the suffixes _token and _user. */
export const TOKEN_KEY = 'lumiskin_token';
export const USER_KEY = 'lumiskin_user';
export const THEME_KEY = 'lumiskin_theme';
export const REMEMBERED_EMAIL_KEY = 'lumiskin_remembered_email';
/** Kept for the people who use this browser: ids of those who opened their dashboard here. */
export const DASHBOARD_SEEN_KEY = 'lumiskin_dashboard_seen';
/** The signed-in person's routine: a removal waiting out its undo time, warnings they closed. */
export const PENDING_REMOVAL_KEY = 'lumiskin_pending_removal';
export const DISMISSED_CONFLICTS_KEY = 'lumiskin_dismissed_conflicts';
/** What was typed into the header's search here. */
export const RECENT_SEARCHES_KEY = 'lumiskin_recent_searches';

export interface Session {
  token: string;
  user: User;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Session | null | undefined;

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function read(): Session | null {
  const token = safeGet(TOKEN_KEY);
  const rawUser = safeGet(USER_KEY);
  // docs/product-rules.md#session: the session is restored only when both keys exist.
  if (!token || !rawUser) return null;
  try {
    const user: unknown = JSON.parse(rawUser);
    return isUser(user) ? { token, user } : null;
  } catch {
    return null;
  }
}

function emit() {
  snapshot = read();
  for (const listener of listeners) listener();
}

/** The stored session, or null. The same object is returned until storage changes. */
export function getSession(): Session | null {
  if (snapshot === undefined) snapshot = read();
  return snapshot;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function saveSession(session: Session) {
  endedByServer = false;
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  emit();
}

/** Replaces the stored user (e.g. after GET /api/auth/me) while keeping the token. */
export function saveUser(user: User) {
  if (!getSession()) return;
  const next = JSON.stringify(user);
  if (safeGet(USER_KEY) === next) return;
  localStorage.setItem(USER_KEY, next);
  emit();
}

/**
 * Where a deliberate sign-out (logout, account deleted) is taking the browser. While it is set, a
 * guarded page that sees the session vanish goes there, not to /login?redirect=<this page>.
 */
let leavingTo: string | null = null;

export function signOutDestination(): string | null {
  return leavingTo;
}

/** Called by the layout on every location: the sign-out's destination has been reached. */
export function arrivedAt(pathname: string) {
  if (leavingTo === pathname) leavingTo = null;
}

/**
 * Whether the stored session was last removed because the server refused it (a 401: expired, or
 * ended elsewhere), not by the person. The login page says so (docs/product-rules.md#session),
 * whichever of the 401 handler and the guarded page's redirect gets there.
 */
let endedByServer = false;

export function sessionEndedByServer(): boolean {
  return endedByServer;
}

/** Logout and every 401 remove both keys (docs/product-rules.md#session). */
export function clearSession(options: { leavingTo?: string; endedByServer?: boolean } = {}) {
  leavingTo = options.leavingTo ?? null;
  endedByServer = options.endedByServer === true;
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } finally {
    emit();
  }
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out updates this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) emit();
  });
}

export function getItem(key: string): string | null {
  return safeGet(key);
}

export function setItem(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the preference is simply not remembered */
  }
}

/** A list of strings kept under `key`: empty when there is none, or it is unreadable or not a list. */
export function getStringList(key: string): string[] {
  try {
    const value: unknown = JSON.parse(safeGet(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * An account deleted from this browser leaves nothing of it here (decision 216): its remembered
 * email, its id among those who have opened a dashboard, its routine's waiting removal and closed
 * warnings, and the searches typed here. The theme, a visitor's mix and favourites stay: they are
 * the browser's, not the account's.
 */
export function forgetAccountHere(account: Pick<User, 'id' | 'email'>) {
  if (safeGet(REMEMBERED_EMAIL_KEY) === account.email) setItem(REMEMBERED_EMAIL_KEY, null);
  for (const key of [PENDING_REMOVAL_KEY, DISMISSED_CONFLICTS_KEY, RECENT_SEARCHES_KEY]) {
    setItem(key, null);
  }
  const others = getStringList(DASHBOARD_SEEN_KEY).filter((id) => id !== account.id);
  setItem(DASHBOARD_SEEN_KEY, JSON.stringify(others));
}
