import { z } from 'zod';
import './plain-errors';

/**
 * Every error the API returns has this shape. `detail` is a sentence a person can read (the
 * spec's clients show it as is); `code` is a stable machine-readable token.
 */
export const ApiError = z.object({
  detail: z.string(),
  code: z.string(),
  /** Field-level problems for validation errors, keyed by dotted path. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export const ErrorCode = {
  validation: 'validation_error',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  invalidCredentials: 'invalid_credentials',
  emailTaken: 'email_taken',
  internal: 'internal_error',
  /** A body field the route does not know; `detail` names it (decision 074). */
  unknownField: 'unknown_field',
  /** An update (PATCH) that names no field to change. */
  nothingToChange: 'nothing_to_change',
  /** An address whose percent-encoding does not decode (400). */
  badUrl: 'bad_url',
  /** A part of the address over the router's 100 characters (414). */
  uriTooLong: 'uri_too_long',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
