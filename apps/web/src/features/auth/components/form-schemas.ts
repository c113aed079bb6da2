import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, RegisterBody } from '@lumiskin/contract/auth';
import { AuthMessages } from '@lumiskin/contract/messages';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { EMPTY_FIELD } from '@/features/auth/components/form-errors';
import { TERMS_REQUIRED } from '@/features/auth/components/register-form';

/*
 * The sign-in and sign-up forms' schemas, with zod: the forms import this module when someone
 * first uses them (lib/lazy-resolver.ts), not with the page (decision 120).
 */

const LoginFormValues = LoginBody.extend({ rememberMe: z.boolean() });
export type LoginFormValues = z.infer<typeof LoginFormValues>;

// RegisterBody carries refinements, so the terms box is joined with an intersection, not extend().
const RegisterFormValues = z.intersection(
  RegisterBody,
  z.object({ acceptTerms: z.boolean().refine((v) => v, TERMS_REQUIRED) }),
);
export type RegisterFormValues = z.input<typeof RegisterFormValues>;

/**
 * Each empty field says what it wants under it ("Enter your email"), not the same "Please fill in
 * all fields" four times over; the toast keeps the spec's words (form-errors.tsx).
 */
function namingEmptyFields<T extends FieldValues>(
  resolver: Resolver<T>,
  asks: Partial<Record<keyof T & string, string>>,
): Resolver<T> {
  return async (...args) => {
    const result = await resolver(...args);
    for (const [field, error] of Object.entries(result.errors)) {
      const ask = asks[field as keyof T & string];
      if (ask && error && error.message === AuthMessages.fillAllFields) {
        error.message = ask;
        error.type = EMPTY_FIELD;
      }
    }
    return result;
  };
}

export const loginResolver = namingEmptyFields(zodResolver(LoginFormValues), {
  email: 'Enter your email',
  password: 'Enter your password',
});
export const registerResolver = namingEmptyFields(zodResolver(RegisterFormValues), {
  name: 'Enter your full name',
  email: 'Enter your email',
  password: 'Choose a password',
  confirmPassword: 'Enter the password again',
});
