import { z } from 'zod';
import './plain-errors';

/**
 * The bell (docs/product-rules.md#navigation), its per-kind switches, Web Push subscriptions and the
 * native app's push token (`POST /api/user/push-token`, docs/product-rules.md#native-app). Decision 033.
 */

/**
 * What the bell holds. The reminders (the scheduler's) each have a switch in the Settings tab and
 * share the cap of NOTIFICATIONS_PER_DAY; `new_sign_in` is a security alert (decision 185): always
 * on, outside the cap.
 */
export const NOTIFICATION_KINDS = [
  'routine_morning',
  'routine_evening',
  'daily_quiz',
  'streak_ending',
  'progress_scan',
  'new_article',
  'new_sign_in',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Never more than this many reminders to one person in one of their calendar days. */
export const NOTIFICATIONS_PER_DAY = 3;

/** The dashboard's routine card, by its id: where a routine reminder leads (decision 216). */
export const ROUTINE_ANCHOR = 'routine';
export const ROUTINE_REMINDER_LINK = `/dashboard#${ROUTINE_ANCHOR}`;

export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** A path of the web app (always starts with one '/'), opened on click. */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** GET /api/notifications?page=&page_size= → newest first. */
export const NotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationList = z.object({
  notifications: z.array(Notification),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** GET /api/notifications/unread-count (the bell's badge, polled while the app is open). */
export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const NotificationIdParams = z.object({ id: z.uuid() });

/** POST /api/notifications/read-all → how many were marked. */
export const MarkAllReadResponse = z.object({ updated: z.number().int(), unread: z.literal(0) });
export type MarkAllReadResponse = z.infer<typeof MarkAllReadResponse>;

export const NotificationMessages = {
  notFound: 'Notification not found',
  pushUnavailable: 'Push notifications are not available on this server',
  badSubscription: 'That push subscription is not valid',
} as const;

// --- Web Push ---------------------------------------------------------------------------------

/** GET /api/push/vapid-public-key: the application server key (base64url, uncompressed P-256). */
export const VapidPublicKey = z.object({ public_key: z.string() });
export type VapidPublicKey = z.infer<typeof VapidPublicKey>;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, NotificationMessages.badSubscription);

/**
 * POST /api/push/subscribe: `PushSubscription.toJSON()` of this browser. Only https endpoints
 * (a push service is always one); the keys are what the encryption needs.
 */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, error: NotificationMessages.badSubscription }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, 65 bytes → 87 base64url characters. */
    p256dh: base64url(128),
    /** The 16-byte auth secret → 22 base64url characters. */
    auth: base64url(64),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** POST /api/push/unsubscribe. */
export const PushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

// --- Native push (docs/product-rules.md#native-app) --------------------------------------------------------------------

export const PUSH_PLATFORMS = ['android', 'ios'] as const;

/**
 * POST /api/user/push-token `{token, platform}`: the device's FCM/APNs registration token.
 * The spec's client sends `{token}` alone; platform defaults to android (the only shell built).
 */
export const PushTokenBody = z.object({
  token: z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .regex(/^[\x21-\x7e]+$/, 'That push token is not valid'),
  platform: z.enum(PUSH_PLATFORMS).default('android'),
});
export type PushTokenBody = z.infer<typeof PushTokenBody>;
export type PushTokenInput = z.input<typeof PushTokenBody>;

/** DELETE /api/user/push-token `{token}` (sign-out on the device). */
export const DeletePushTokenBody = z.object({ token: z.string().trim().min(1).max(4096) });
export type DeletePushTokenBody = z.infer<typeof DeletePushTokenBody>;

/** What a push message carries to the service worker / the native app. */
export const PushPayload = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;
