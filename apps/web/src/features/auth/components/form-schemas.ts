import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, RegisterBody } from '@lumiskin/contract/auth';
import { z } from 'zod';
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

export const loginResolver = zodResolver(LoginFormValues);
export const registerResolver = zodResolver(RegisterFormValues);
