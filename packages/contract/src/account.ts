import { z } from 'zod';
import './plain-errors';
import {
  AuthMessages,
  newPasswordProblem,
  personName,
  ProfileConcern,
  SkinType,
  User,
} from './auth';
import { AccountMessages } from './messages';

export { AccountMessages };

/**
 * Profile and account: GET/PATCH /api/users/me, password change, account deletion, data export,
 * forgot/reset password.
 */

/** Extra error codes of these endpoints (the status codes are in the comments of each schema). */
export const AccountErrorCode = {
  wrongPassword: 'wrong_password',
  invalidResetToken: 'invalid_reset_token',
  /** PATCH /api/users/me with a new email: it changes through POST /api/users/me/email only. */
  emailNeedsConfirmation: 'email_needs_confirmation',
  invalidEmailToken: 'invalid_email_token',
  alreadyConfirmed: 'email_already_confirmed',
} as const;

/** Whether `tz` is an IANA time zone the runtime knows (e.g. 'Europe/London', 'UTC'). */
export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = z
  .string()
  .trim()
  .min(1, AccountMessages.invalidTimezone)
  .max(64)
  .refine(isValidTimeZone, AccountMessages.invalidTimezone);

/** A time of day, 24-hour 'HH:MM' (the person's own time zone). */
export const TimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 08:00 or 21:30');

/** Per-kind switches of the bell and push notifications (decision 033); all on by default. */
export const NotifySwitches = z.object({
  /** Morning and evening routine reminders at the chosen times. */
  routine: z.boolean(),
  daily_quiz: z.boolean(),
  streak: z.boolean(),
  progress_scan: z.boolean(),
  /** New articles in the topics of the articles the person saved. */
  new_article: z.boolean(),
});
export type NotifySwitches = z.infer<typeof NotifySwitches>;

/** Settings tab toggles (docs/product-rules.md#profile) with their defaults, and the reminder settings. */
export const UserSettings = z.object({
  /** Also email the rare notifications (progress scan, new article); decision 033. */
  email_notifications: z.boolean(),
  data_sharing: z.boolean(),
  marketing: z.boolean(),
  morning_reminder_time: TimeOfDay,
  evening_reminder_time: TimeOfDay,
  notify: NotifySwitches,
  /**
   * Analyse scans on this device (issue 32, decision 100): the engine runs in the browser, the
   * photo stays on the phone and only the results are sent (POST /api/analysis/device).
   */
  analyse_on_device: z.boolean(),
});
export type UserSettings = z.infer<typeof UserSettings>;
export const DEFAULT_USER_SETTINGS: UserSettings = {
  email_notifications: true,
  // The spec's app had it on; a consent is never assumed (decision 179).
  data_sharing: false,
  marketing: false,
  morning_reminder_time: '08:00',
  evening_reminder_time: '21:00',
  notify: { routine: true, daily_quiz: true, streak: true, progress_scan: true, new_article: true },
  analyse_on_device: false,
};

/** Goals the user sets on the dashboard (null = not set). */
export const UserGoals = z.object({
  /** Overall score the user aims for, 1-100. */
  target_score: z.number().int().min(1).max(100).nullable(),
  /** Scans per week the user aims for, 1-14. */
  scans_per_week: z.number().int().min(1).max(14).nullable(),
});
export type UserGoals = z.infer<typeof UserGoals>;

/** The user with everything the profile page edits. A superset of auth's `User`. */
export const Account = User.extend({
  notes: z.string(),
  /** IANA time zone; the dashboard streak counts days in it. Default 'UTC'. */
  timezone: z.string(),
  settings: UserSettings,
  goals: UserGoals,
  /**
   * Whether the owner proved the address (a confirmation, email-change or reset link opened;
   * decision 070). Unconfirmed accounts work as ever but cannot hold a staff role.
   */
  email_confirmed: z.boolean(),
});
export type Account = z.infer<typeof Account>;

/** GET /api/users/me and PATCH /api/users/me → 200. */
export const AccountResponse = z.object({ user: Account });
export type AccountResponse = z.infer<typeof AccountResponse>;

/**
 * PATCH /api/users/me: every field optional; only those sent change. `settings` and `goals` may be
 * partial. 400 on a bad value. `email` is accepted only unchanged (forms send it back as it is); a
 * different one is 400 email_needs_confirmation: it changes through POST /api/users/me/email.
 */
export const UpdateAccountBody = z.object({
  name: personName(AccountMessages.nameRequired).optional(),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: AuthMessages.invalidEmail }))
    .optional(),
  skinType: SkinType.optional(),
  skinConcerns: z
    .array(ProfileConcern)
    .max(20)
    .transform((list) => [...new Set(list)])
    .optional(),
  notes: z.string().trim().max(2000).optional(),
  timezone: TimeZone.optional(),
  settings: UserSettings.extend({ notify: NotifySwitches.partial() }).partial().optional(),
  goals: UserGoals.partial().optional(),
});
export type UpdateAccountBody = z.infer<typeof UpdateAccountBody>;
export type UpdateAccountInput = z.input<typeof UpdateAccountBody>;

const newPasswordFields = {
  password: z
    .string({ error: AuthMessages.fillAllFields })
    .min(1, AuthMessages.fillAllFields)
    .max(200),
  confirmPassword: z
    .string({ error: AuthMessages.fillAllFields })
    .min(1, AuthMessages.fillAllFields)
    .max(200),
};

function checkNewPassword(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: AuthMessages.passwordsDontMatch,
    });
  } else {
    const problem = newPasswordProblem(v.password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  }
}

/**
 * POST /api/users/me/password → 200 MessageResponse. 400 (wrong_password) when currentPassword is
 * wrong. Every other session of the user is revoked; the one making the request stays signed in.
 */
export const ChangePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: AccountMessages.passwordRequired })
      .min(1, AccountMessages.passwordRequired)
      .max(200),
    ...newPasswordFields,
  })
  .superRefine(checkNewPassword);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/**
 * DELETE /api/users/me with a JSON body → 204. 400 (wrong_password) when the password is wrong.
 * Deletes the user and every row of theirs (scans, photos, routine, mix, favourites, likes, quiz
 * data, sessions); the token stops working at once.
 */
export const DeleteAccountBody = z.object({
  password: z
    .string({ error: AccountMessages.passwordRequired })
    .min(1, AccountMessages.passwordRequired)
    .max(200),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** POST /api/auth/forgot-password → 200 MessageResponse (always the same; rate limited, 429). */
export const ForgotPasswordBody = z.object({
  email: z
    .string({ error: AuthMessages.fillAllFields })
    .trim()
    .min(1, AuthMessages.fillAllFields)
    .max(254),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/**
 * POST /api/auth/reset-password → 200 MessageResponse; 400 (invalid_reset_token) when the token is
 * unknown, used or older than an hour; 400 validation_error with the spec's password messages.
 * Every session of the user is revoked; the user signs in again with the new password.
 * The emailed link is `${APP_URL}/reset-password?token=…`.
 */
export const ResetPasswordBody = z
  .object({
    token: z
      .string({ error: AccountMessages.resetInvalid })
      .min(1, AccountMessages.resetInvalid)
      .max(200),
    ...newPasswordFields,
  })
  .superRefine(checkNewPassword);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/**
 * POST /api/auth/reset-password/check → 200 `{ valid }`: whether the emailed link still works
 * (known, unused, under an hour old), so the page can say an old link is old before a new password
 * is typed. It uses nothing up. The token travels in the body, never in a logged URL.
 */
export const ResetTokenCheckBody = z.object({
  token: z.string().min(1, AccountMessages.resetInvalid).max(200),
});
export type ResetTokenCheckBody = z.infer<typeof ResetTokenCheckBody>;
export const ResetTokenCheck = z.object({ valid: z.boolean() });
export type ResetTokenCheck = z.infer<typeof ResetTokenCheck>;

/** How long an email-change confirmation link works (once). */
export const EMAIL_CHANGE_TTL_MINUTES = 60;

/**
 * POST /api/users/me/email → 200 MessageResponse (emailChangeRequested, the same whether or not the
 * new address has an account). Needs the current password (400 wrong_password). Sends a
 * single-use link (`${APP_URL}/confirm-email?token=…`, one hour) to the new address and a notice
 * to the current one; the email changes only when the link is opened. Only the newest link of an
 * account works. 400 when the address is already the account's; 429 after several requests.
 */
export const ChangeEmailBody = z.object({
  newEmail: z
    .string({ error: AuthMessages.invalidEmail })
    .trim()
    .max(254)
    .pipe(z.email({ error: AuthMessages.invalidEmail })),
  currentPassword: z
    .string({ error: AccountMessages.passwordRequired })
    .min(1, AccountMessages.passwordRequired)
    .max(200),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/**
 * GET /api/users/me/email → 200 PendingEmailChangeResponse: the email change whose link has not been
 * opened yet (the newest request, while its link works), or `pending: null`. DELETE
 * /api/users/me/email cancels it: the link stops working, and the answer is `pending: null` (also
 * when nothing was pending).
 */
export const PendingEmailChange = z.object({
  new_email: z.string(),
  /** When the link stops working (ISO 8601). */
  expires_at: z.string(),
});
export type PendingEmailChange = z.infer<typeof PendingEmailChange>;
export const PendingEmailChangeResponse = z.object({ pending: PendingEmailChange.nullable() });
export type PendingEmailChangeResponse = z.infer<typeof PendingEmailChangeResponse>;

/**
 * POST /api/auth/confirm-email → 200 ConfirmEmailResponse: the link's token makes the change (signed
 * in or not: the mail may be opened on another device). 400 invalid_email_token when unknown, used,
 * replaced by a newer link or expired; 409 email_taken when the address got an account meanwhile.
 * The old address gets a notice that the email was changed. The same path takes the sign-up
 * confirmation link's token (decision 070): the address is then marked proved (`message` says
 * which of the two happened).
 */
export const ConfirmEmailBody = z.object({
  token: z
    .string({ error: AccountMessages.emailConfirmInvalid })
    .min(1, AccountMessages.emailConfirmInvalid)
    .max(200),
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;

export const ConfirmEmailResponse = z.object({
  message: z.string(),
  email: z.string(),
  /** `changed`: an email-change link (the account's email is now `email`); `confirmed`: sign-up's. */
  kind: z.enum(['changed', 'confirmed']),
});
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

/** How long a sign-up confirmation link works (once); a new one voids the older ones. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;

/** A reset link is valid for one hour and works once. */
export const RESET_TOKEN_TTL_MINUTES = 60;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/**
 * POST /api/auth/reset-password's answer: the account's email too, so the page can sign in with
 * the new password straight away (or prefill the login form). Only the link's holder gets it.
 */
export const ResetPasswordResponse = MessageResponse.extend({ email: z.string() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

/**
 * GET /api/users/me/export: everything held about the user, as a JSON attachment
 * (Content-Disposition: attachment; filename="lumiskin-export-YYYY-MM-DD.json"), streamed (no
 * Content-Length). Rows are plain objects with snake_case keys and ISO 8601 times; photos are
 * base64. 429 (rate_limited) while another export of the same account is still being sent.
 */
const Rows = z.array(z.record(z.string(), z.unknown()));
export const AccountExport = z.object({
  format: z.literal('lumiskin-export/1'),
  exported_at: z.string(),
  user: Account,
  scans: Rows,
  /** { analysis_id, content_type, width, height, data_base64 }. */
  photos: Rows,
  scan_consents: Rows,
  routine: Rows,
  routine_history: Rows,
  /** Days the routine was checked off: { day, session }. */
  routine_check_offs: Rows,
  mix: Rows,
  favourites: Rows,
  liked_posts: Rows,
  saved_posts: Rows,
  /** Articles read while signed in: { post_id, post_title, day } (one row per article, the day it first counted). */
  viewed_posts: Rows,
  quiz_attempts: Rows,
  quiz_answers: Rows,
  quiz_badges: Rows,
  sessions: Rows,
  /** The bell: { id, kind, title, body, link, created_at, read_at }. */
  notifications: Rows,
  /** Devices that get push: { type: 'web' | 'android' | 'ios', created_at, last_success_at }.
   * The endpoint or token itself is left out: it is a key that lets anyone push to the device. */
  push_devices: Rows,
  /** Orders with their lines and delivery address, as placed (prices of the day). */
  orders: Rows,
  /** The address remembered for the next checkout: { full_name, line1, …, updated_at }. */
  delivery_address: Rows,
  /** Mail sent to the account: { subject, to, status, created_at, sent_at }. Not the text: it
   * may hold a single-use link (a password reset). */
  emails: Rows,
});
export type AccountExport = z.infer<typeof AccountExport>;

/**
 * Where the account is signed in (GET /api/users/me/sessions; decision 182): its live sessions
 * (not signed out, not expired), the one asking first, then by last use. `device` is a label read
 * from the browser's user agent ("Chrome on Android", "Lumiskin app on Android"; "Unknown device"
 * when it says nothing useful); the user agent itself and the token are never sent. `last_used_at`
 * is kept to within a few minutes.
 */
export const AccountSession = z.object({
  id: z.uuid(),
  device: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const AccountSessionList = z.object({ sessions: z.array(AccountSession) });
export type AccountSessionList = z.infer<typeof AccountSessionList>;

/**
 * DELETE /api/users/me/sessions/{id} signs that session out (204; the current one too, like
 * logout); 404 when it is not one of the account's live sessions. POST
 * /api/users/me/sessions/sign-out-others signs out every other one.
 */
export const SessionIdParams = z.object({ id: z.uuid() });
export const SignedOutOthers = z.object({ signed_out: z.number().int().min(0) });
export type SignedOutOthers = z.infer<typeof SignedOutOthers>;
