import { z } from 'zod';
import './plain-errors';
import { SettingsMessages } from './messages';

export { SettingsMessages };

/**
 * Site settings an admin changes without a deploy (issue 14, decision 032): one row per key in
 * the `settings` table, every change audited. The public part is what every visitor's app reads.
 */

export const ANNOUNCEMENT_MAX = 280;

/** Also GET /api/settings as is: every key is public (what the app needs before anyone signs in). */
export const SiteSettings = z.object({
  /** A banner over every page; empty = none. Plain text (rendered as text, never HTML). */
  announcement: z.string().trim().max(ANNOUNCEMENT_MAX, `At most ${ANNOUNCEMENT_MAX} characters`),
  /** Off: registration is refused with a sentence; existing accounts sign in as usual. */
  signups_open: z.boolean(),
  /** Off: new skin scans are refused with a sentence (history and routines stay readable). */
  scans_open: z.boolean(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
export type SettingKey = keyof SiteSettings;
export const SETTING_KEYS = Object.keys(SiteSettings.shape) as SettingKey[];

export const DEFAULT_SETTINGS: SiteSettings = {
  announcement: '',
  signups_open: true,
  scans_open: true,
};

/** PUT /api/admin/settings: any of the keys; at least one. */
export const UpdateSettingsBody = SiteSettings.partial().refine(
  (body) => Object.keys(body).length > 0,
  'Change at least one setting',
);
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;

export const AdminSettings = SiteSettings.extend({
  /** When each key was last changed, and by whom (null: never, the default holds). */
  changes: z.record(
    z.string(),
    z.object({ updated_at: z.string(), updated_by: z.string().nullable() }),
  ),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

export const SettingsErrorCode = {
  signupsClosed: 'signups_closed',
  scansPaused: 'scans_paused',
} as const;
