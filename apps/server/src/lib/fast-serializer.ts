import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * Responses serialised by code compiled from the route's response schema (fast-json-stringify,
 * Fastify's own serializer) instead of a zod pass over every object (decision 088). The zod
 * schema stays the source: its JSON Schema (zod's own `toJSONSchema`, output side) is what gets
 * compiled, and a schema it cannot express exactly (a transform, a custom type) keeps zod's
 * serializer. Both write the same bytes for what the schema allows (fast-serializer.test.ts).
 */

type JsonSchema = { [key: string]: unknown };

/** Schema keywords fast-json-stringify writes by; anything else here means "let zod do it". */
const UNDERSTOOD = new Set([
  'type',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'enum',
  'const',
  'nullable',
  // validation only: fast-json-stringify ignores them when writing (zod checked them on input)
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'multipleOf',
  'default',
  'description',
  'title',
  'examples',
  'propertyNames',
  '$schema',
]);

/**
 * The output JSON Schema of a zod schema, ready for fast-json-stringify, or null when writing it
 * from that schema could differ from zod's (then zod's serializer is kept).
 */
export function outputJsonSchema(schema: z.ZodType): JsonSchema | null {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      reused: 'inline',
      cycles: 'throw',
    }) as JsonSchema;
  } catch {
    return null;
  }
  return prepare(json) ? json : null;
}

/**
 * Checks every keyword is understood and drops `additionalProperties: false` and `required` in
 * place: an object then writes its listed properties only, in order, like zod's strip, and a
 * union's branch is chosen as zod chooses it (the first that fits), extra keys or not.
 */
function prepare(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(prepare);
  if (typeof node !== 'object' || node === null) return true;
  const schema = node as JsonSchema;
  for (const key of Object.keys(schema)) if (!UNDERSTOOD.has(key)) return false;
  if (schema.additionalProperties === false) delete schema.additionalProperties;
  // fast-json-stringify writes required properties first; zod writes the schema's order. Without
  // `required` both write the order of the schema (a value zod accepts has them all anyway).
  delete schema.required;
  // A record's keys: only validated, never written differently.
  delete schema.propertyNames;
  const { properties, items, additionalProperties, anyOf, oneOf } = schema;
  const children = [
    ...(properties && typeof properties === 'object' ? Object.values(properties) : []),
    items,
    additionalProperties,
    anyOf,
    oneOf,
  ];
  return children.every((child) => child === undefined || prepare(child));
}

type Writer = (data: unknown) => string;

/**
 * Writers by schema: a schema answers many routes (the error answer is on nearly every route, a
 * list's item on several), and a process that builds the app again (the tests, 200 times) would
 * compile each again. A writer is a pure function of its schema.
 */
const writers = new WeakMap<z.ZodType, Writer | null>();

/** fast-json-stringify's writer for a zod schema, or null when zod's own must write it. */
export function compiledWriter(schema: z.ZodType): Writer | null {
  const known = writers.get(schema);
  if (known !== undefined) return known;
  const writer = compileWriter(schema);
  writers.set(schema, writer);
  return writer;
}

function compileWriter(schema: z.ZodType): Writer | null {
  const json = outputJsonSchema(schema);
  if (!json) return null;
  try {
    return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Writer;
  } catch {
    return null;
  }
}

/** Compiles a route's response schema into a writer; zod's own when it cannot be compiled. */
export const fastSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) =>
  compiledWriter(route.schema) ?? zodSerializerCompiler(route);
