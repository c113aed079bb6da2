import { z } from 'zod';
import './plain-errors';
import { isStaff, MIN_PASSWORD_LENGTH, ROLES } from './constants';
import { isGuessablePassword, newPasswordProblem } from './password';
import { AuthMessages } from './messages';

// Schema-free, so a page can import them without zod (decision 120).
export { AuthMessages, isStaff, MIN_PASSWORD_LENGTH, ROLES };
export { isGuessablePassword, newPasswordProblem };

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const SKIN_TYPES = ['normal', 'dry', 'oily', 'combination', 'sensitive'] as const;
export const SkinType = z.enum(SKIN_TYPES);
export type SkinType = z.infer<typeof SkinType>;

/** Profile skin concerns (docs/product-rules.md#entities). */
export const PROFILE_CONCERNS = [
  'acne',
  'blackheads',
  'large-pores',
  'dullness',
  'dark-spots',
  'fine-lines',
  'wrinkles',
  'sensitivity',
  'dryness',
  'oiliness',
] as const;
export const ProfileConcern = z.enum(PROFILE_CONCERNS);
export type ProfileConcern = z.infer<typeof ProfileConcern>;

export const UserProfile = z.object({
  skinType: SkinType,
  skinConcerns: z.array(ProfileConcern),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  created_at: z.string(),
  profile: UserProfile,
});
export type User = z.infer<typeof User>;

const requiredText = z
  .string({ error: AuthMessages.fillAllFields })
  .trim()
  .min(1, AuthMessages.fillAllFields);

/**
 * What a person's name is shown without: control characters (a pasted line break or tab) and the
 * bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which can make a
 * name on the leaderboard read as other text; a zero-width space and a byte-order mark. The
 * joiners (U+200C, U+200D) stay: scripts and emoji need them.
 */
const NAME_INVISIBLE = /[\p{Cc}\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

/** A name as stored and shown: the characters above become spaces, spaces run together, trimmed. */
export function cleanPersonName(name: string): string {
  return name.replace(NAME_INVISIBLE, ' ').replace(/\s+/gu, ' ').trim();
}

/** A person's name in a body: cleaned (above), then 1–100 characters. */
export function personName(message: string) {
  return z
    .string({ error: message })
    .transform(cleanPersonName)
    .pipe(z.string().min(1, message).max(100));
}

/** Registration body (docs/product-rules.md#api). Unknown fields such as `role` are stripped, never applied. */
export const RegisterBody = z
  .object({
    name: personName(AuthMessages.fillAllFields),
    email: requiredText.max(254).pipe(z.email({ error: AuthMessages.invalidEmail })),
    password: z
      .string({ error: AuthMessages.fillAllFields })
      .min(1, AuthMessages.fillAllFields)
      .max(200),
    confirmPassword: z
      .string({ error: AuthMessages.fillAllFields })
      .min(1, AuthMessages.fillAllFields)
      .max(200),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: AuthMessages.passwordsDontMatch,
      });
    } else {
      const problem = newPasswordProblem(v.password, v.email);
      if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    }
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email: requiredText.max(254),
  password: z
    .string({ error: AuthMessages.fillAllFields })
    .min(1, AuthMessages.fillAllFields)
    .max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** Answer of login and register (docs/product-rules.md#entities): `user` and `access_token`. */
export const AuthResponse = z.object({
  user: User,
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: z.string(),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

export const MeResponse = z.object({ user: User });
export type MeResponse = z.infer<typeof MeResponse>;
