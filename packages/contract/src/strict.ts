import { z } from 'zod';
import './plain-errors';

/*
 * Request bodies are strict (docs/decisions/074): the server validates every body with
 * `strictSchema(route's body)`, and the web's test fakes check what a screen sends the same way, so
 * a screen that posts back a field its route does not know fails its test, not a user.
 */

type Schema = z.core.$ZodType;

const strictCache = new WeakMap<Schema, Schema>();

/**
 * The same schema with every object in it strict (unknown keys are an `unrecognized_keys` issue),
 * through optional, nullable, default, arrays, records, unions and the input side of a pipe.
 * Objects declared loose (`z.looseObject`, `.catchall(x)`) keep their catchall.
 */
export function strictSchema<T extends Schema>(schema: T): T {
  let strict = strictCache.get(schema);
  if (!strict) {
    strict = strictify(schema);
    strictCache.set(schema, strict);
  }
  return strict as T;
}

/** A copy of `schema` whose definition has `patch` over it (zod's own `.strict()` does this). */
const cloneWith = (schema: Schema, patch: Record<string, unknown>): Schema =>
  z.core.clone(schema, z.core.util.mergeDefs(schema._zod.def, patch) as typeof schema._zod.def);

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'nonoptional',
]);

function strictify(schema: Schema): Schema {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (schema instanceof z.core.$ZodObject) {
    const shape: Record<string, Schema> = {};
    for (const [key, value] of Object.entries(schema._zod.def.shape)) {
      shape[key] = strictSchema(value);
    }
    return cloneWith(schema, { shape, catchall: schema._zod.def.catchall ?? z.never() });
  }
  if (WRAPPERS.has(def.type)) {
    return cloneWith(schema, { innerType: strictSchema(def.innerType as Schema) });
  }
  switch (def.type) {
    case 'array':
      return cloneWith(schema, { element: strictSchema(def.element as Schema) });
    case 'record':
      return cloneWith(schema, { valueType: strictSchema(def.valueType as Schema) });
    case 'pipe':
      return cloneWith(schema, { in: strictSchema(def.in as Schema) });
    case 'union':
      return cloneWith(schema, { options: (def.options as Schema[]).map((o) => strictSchema(o)) });
    default:
      return schema;
  }
}
