import type {
  FastifyInstance,
  FastifySchemaCompiler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { strictSchema } from '@lumiskin/contract/strict';
import { z } from 'zod';
import { badRequest, nothingToChange, unknownFields } from './errors';

/*
 * Request bodies are strict (decision 074): a field the route does not know is a 400 that names
 * it, never silently dropped. A client that misspells `skin_type`, or posts `role` to its own
 * profile, or `price_pence` to the copy route, hears so instead of a 200 that did less than it
 * asked. Query strings, params and headers keep zod's default (unknown keys ignored).
 */

type Schema = z.core.$ZodType;

/** `settings.colour` for an unknown `colour` inside `settings`; array indices dropped. */
function unknownKeyPaths(issues: readonly z.core.$ZodIssue[]): string[] {
  const paths = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const at = issue.path.filter((p) => typeof p === 'string');
    for (const key of issue.keys) paths.add([...at, key].join('.'));
  }
  return [...paths];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * fastify-type-provider-zod's validator compiler, with strict bodies: unknown fields answer
 * `400 {code: 'unknown_field', detail: 'Unknown field(s): a, b'}`, and a PATCH whose body names no
 * field answers `400 nothing_to_change` before any handler (or the database) sees it.
 */
export const strictValidatorCompiler: FastifySchemaCompiler<Schema> = (route) => {
  if (route.httpPart !== 'body' || !(route.schema instanceof z.core.$ZodType)) {
    return validatorCompiler(route);
  }
  const strict = strictSchema(route.schema);
  const base = validatorCompiler({ ...route, schema: strict });
  const isPatch = route.method.toUpperCase() === 'PATCH';
  return (data: unknown) => {
    if (isPatch && isPlainObject(data) && Object.keys(data).length === 0) {
      return { error: nothingToChange() };
    }
    const parsed = z.safeParse(strict, data);
    if (parsed.success) return { value: parsed.data };
    const unknown = unknownKeyPaths(parsed.error.issues);
    if (unknown.length > 0) return { error: unknownFields(unknown) };
    // Every other problem in the usual `{detail, code: 'validation_error', fields}` shape.
    return base(data);
  };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write route with no body schema that reads its body itself (Stripe's signed webhook):
     * `refuseUnreadBodies` lets its body through.
     */
    readsItsOwnBody?: boolean;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write route that reads no body (a like, a sign-out, marking all read) refuses one that says
 * something: `{"everyone": true}` sent to "mark all read" is a 400 that names the field, as on
 * every route with a body (decision 074), not a 200 that ignored it. No body, an empty one and
 * `{}` pass; a multipart upload's parts are read by its handler, not as a body, and pass too.
 * Registered on the root before any route (an onRoute hook sees only routes added after it).
 */
export function refuseUnreadBodies(app: FastifyInstance): void {
  const refuse: preValidationHookHandler = (request, _reply, done) => {
    const { body } = request;
    if (body === undefined || body === null || body === '') return done();
    if (isPlainObject(body)) {
      const keys = Object.keys(body);
      return done(keys.length === 0 ? undefined : unknownFields(keys));
    }
    done(badRequest('This request takes no body'));
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    if (route.schema?.body !== undefined || route.config?.readsItsOwnBody === true) return;
    if (!methods.some((m) => WRITES.has(m))) return;
    route.preValidation = [refuse, ...[route.preValidation ?? []].flat()];
  });
}
