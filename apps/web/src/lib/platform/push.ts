/**
 * Web Push for the installed PWA (decision 033): the browser's subscription, made with the
 * server's VAPID key and saved with POST /api/push/subscribe; removed at sign-out so the next
 * person on this device gets none of the last one's reminders. Never inside the native app
 * (it registers with FCM through lib/platform/native.ts instead).
 */
import type { PushSubscriptionBody } from '@lumiskin/contract/notifications';
import { api } from '@/lib/api/api-client';
import { isNativeApp } from '@/lib/platform/install-prompt';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** localStorage: the opt-in prompt was answered (or dismissed) on this device. */
export const PUSH_PROMPTED_KEY = 'lumiskin_push_prompted';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    !isNativeApp()
  );
}

/** The service worker that can carry pushes, or null when none is (yet) registered. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!isPushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) return null;
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const sub = await reg.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** base64url → the bytes PushManager.subscribe takes as applicationServerKey. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser's permission, subscribes and tells the server. */
export async function enablePush(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  // The schema loads when someone turns reminders on, not with every page (decision 120).
  const { VapidPublicKey } = await import('@lumiskin/contract/notifications');
  const { public_key } = VapidPublicKey.parse(await api.get<unknown>('/push/vapid-public-key'));
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    }));
  // Only the fields the route knows (a browser may add more to toJSON(); decision 074).
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  const body: PushSubscriptionBody = {
    endpoint: endpoint ?? '',
    expirationTime: expirationTime ?? null,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  };
  await api.post('/push/subscribe', body);
  return 'on';
}

/** Stops pushes to this browser: the server forgets it, then the browser drops it. */
export async function disablePush(): Promise<void> {
  // Never waits for a worker still installing (`ready`): a subscription needs an active one.
  const reg = isPushSupported() ? await navigator.serviceWorker.getRegistration('/') : undefined;
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await api.post('/push/unsubscribe', { endpoint: subscription.endpoint });
  } finally {
    await subscription.unsubscribe();
  }
}
