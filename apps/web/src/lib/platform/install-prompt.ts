/**
 * The browser's offer to install the app (PWA), docs/product-rules.md#download-and-install: Chromium fires
 * `beforeinstallprompt` when the site is installable; we keep the event and show our own banner.
 * The listener is attached by boot.ts before React loads, because the event can fire that early;
 * this module has no React in it for that reason (the hook is in use-install-prompt.ts).
 */
/** Chromium's event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Spec: the banner is shown only if the person was never prompted; any choice remembers it. */
export const PROMPTED_KEY = 'lumiskin_pwa_prompted';

export interface InstallState {
  /** The browser has offered installation (the banner or a button may use it). */
  available: boolean;
  /** The app was installed during this visit. */
  installed: boolean;
}

const NOT_AVAILABLE: InstallState = { available: false, installed: false };
let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = NOT_AVAILABLE;
const listeners = new Set<() => void>();

function set(next: InstallState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Inside the Capacitor shell the app is already installed: no install banner, ever. */
export function isNativeApp(): boolean {
  const capacitor = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}

export function wasPrompted(): boolean {
  try {
    return localStorage.getItem(PROMPTED_KEY) !== null;
  } catch {
    return false;
  }
}

export function markPrompted(): void {
  try {
    localStorage.setItem(PROMPTED_KEY, new Date().toISOString());
  } catch {
    /* private mode: the banner may come back next visit */
  }
}

/** Starts listening; safe to call more than once. Returns a function that stops it (tests). */
export function captureInstallPrompt(target: Window = window): () => void {
  const onOffer = (event: Event) => {
    if (isNativeApp()) return;
    // Keep the browser's own mini-infobar away: our banner asks at a better moment.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ available: true, installed: false });
  };
  const onInstalled = () => {
    deferred = null;
    markPrompted();
    set({ available: false, installed: true });
  };
  target.addEventListener('beforeinstallprompt', onOffer);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onOffer);
    target.removeEventListener('appinstalled', onInstalled);
    deferred = null;
    set(NOT_AVAILABLE);
  };
}

/**
 * Shows the browser's install dialog (a user gesture must lead here). The offer can be used once:
 * afterwards it is gone until the browser fires a new one.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  markPrompted();
  set({ ...state, available: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallState(): InstallState {
  return state;
}

export function noInstallState(): InstallState {
  return NOT_AVAILABLE;
}
