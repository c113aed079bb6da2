import fs from 'node:fs';
import path from 'node:path';
import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { MeResponse } from '@lumiskin/contract/auth';
import { PostListResponse } from '@lumiskin/contract/blog';
import { QuizCategoryList } from '@lumiskin/contract/quiz';
import { ProductListResponse } from '@lumiskin/contract/shop';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { insertScan } from '../../test/scan-factory';
import { contentSeeders, runSeeders } from '../seed';
import { compiledWriter, outputJsonSchema } from './fast-serializer';

/*
 * Decision 088: the compiled writer and zod's serializer send the same bytes. Every zod schema
 * the contract exports is compiled (or knowingly left to zod), then both write real answers of
 * the app and seeded random values of each schema (odd strings, extra keys, optional fields
 * left out), and must agree byte for byte wherever zod accepts the value.
 */

type Json = { [key: string]: unknown };
const zodWrite = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));
const compiled = compiledWriter;

/** mulberry32: the same "random" values on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_TEXT = [
  '',
  'plain',
  'quote " and \\ backslash',
  'line\nbreak\ttab',
  'é ü ß 日本',
  '😀 emoji',
  '\u0001\u001f controls',
  'lone \ud800 surrogate',
  '</script>',
  'x'.repeat(60),
];

function sample(schema: Json, rand: () => number, depth = 0): unknown {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return pick(schema.enum);
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return sample(pick(options), rand, depth + 1);
  const type = Array.isArray(schema.type) ? pick(schema.type as string[]) : schema.type;
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
  switch (type) {
    case 'object': {
      const out: Json = {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [key, child] of Object.entries(
        (schema.properties ?? {}) as Record<string, Json>,
      )) {
        if (required.has(key) || rand() < 0.6) out[key] = sample(child, rand, depth + 1);
      }
      if (typeof schema.additionalProperties === 'object' && depth < 6) {
        for (let i = 0; i < Math.floor(rand() * 3); i++) {
          out[pick(ODD_TEXT) || 'k'] = sample(schema.additionalProperties as Json, rand, depth + 1);
        }
      }
      if (rand() < 0.3) out.not_in_the_schema = 'must not be written';
      return out;
    }
    case 'array': {
      const low = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const high = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, low + 3);
      const length = depth > 6 ? low : low + Math.floor(rand() * (high - low + 1));
      return Array.from({ length }, () => sample((schema.items ?? {}) as Json, rand, depth + 1));
    }
    case 'string': {
      if (schema.format === 'date-time') return new Date(rand() * 2e12).toISOString();
      if (schema.format === 'date') return new Date(rand() * 2e12).toISOString().slice(0, 10);
      if (schema.format === 'email') return `person${Math.floor(rand() * 99)}@example.test`;
      if (schema.format === 'uuid') return crypto.randomUUID();
      const text = pick(ODD_TEXT);
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return text.padEnd(minLength, 'a').slice(0, maxLength);
    }
    case 'integer':
      return Math.max(min, Math.min(max, Math.round(min + rand() * (Math.min(max, 1e6) - min))));
    case 'number':
      return pick([0, -0, 0.1 + 0.2, 1e21, 5e-7, min + rand() * (Math.min(max, 1e6) - min)]);
    case 'boolean':
      return rand() < 0.5;
    case 'null':
      return null;
    default:
      return pick([null, 1, 'text', true, { nested: [1, 'two'] }]);
  }
}

/** Every zod schema exported by the contract's entries, by name. */
async function contractSchemas(): Promise<[string, z.ZodType][]> {
  const root = path.resolve(import.meta.dirname, '../../../../packages/contract');
  const { exports } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const found: [string, z.ZodType][] = [];
  for (const [entry, file] of Object.entries(exports)) {
    const module = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType) found.push([`${entry.slice(2)}.${name}`, value]);
    }
  }
  return found;
}

describe('compiled writers and zod agree', () => {
  it('on seeded random values of every schema the contract exports', async () => {
    const schemas = await contractSchemas();
    expect(schemas.length).toBeGreaterThan(100);
    let compiledCount = 0;
    let compared = 0;
    const schemasCompared = new Set<string>();
    for (const [index, [name, schema]] of schemas.entries()) {
      const write = compiled(schema);
      if (!write) continue;
      compiledCount++;
      const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', reused: 'inline' });
      const rand = random(index + 1);
      for (let i = 0; i < 40; i++) {
        const value = sample(json as Json, rand);
        let expected: string;
        try {
          expected = zodWrite(schema, value);
        } catch {
          continue; // a value the schema refuses: zod would answer 500, nothing to compare
        }
        expect(write(value), `${name}: ${JSON.stringify(value)}`).toBe(expected);
        compared++;
        schemasCompared.add(name);
      }
    }
    // Most of the contract compiles, and most compiled schemas met values zod accepts.
    expect(compiledCount / schemas.length).toBeGreaterThan(0.8);
    expect(schemasCompared.size / compiledCount).toBeGreaterThan(0.7);
    expect(compared).toBeGreaterThan(2000);
  });

  it('keeps zod for what JSON Schema cannot say exactly (a transform)', () => {
    expect(outputJsonSchema(z.object({ at: z.date() }))).toBeNull();
    expect(outputJsonSchema(z.string().transform((s) => s.length))).toBeNull();
  });

  it('compiles a schema once, however many routes (or apps) answer with it', () => {
    const schema = z.object({ id: z.string(), n: z.number() });
    const writer = compiledWriter(schema);
    expect(writer).not.toBeNull();
    expect(compiledWriter(schema)).toBe(writer);
    // another schema of the same shape is its own
    const twin = compiledWriter(z.object({ id: z.string(), n: z.number() }));
    expect(twin).not.toBe(writer);
    expect(twin!({ id: 'a', n: 1 })).toBe(writer!({ id: 'a', n: 1 }));
    // one zod must write is remembered as such
    const transformed = z.object({ at: z.date() });
    expect(compiledWriter(transformed)).toBeNull();
    expect(compiledWriter(transformed)).toBeNull();
  });
});

describe('the app’s real answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await runSeeders(app.db, () => {}, contentSeeders);
  });
  afterAll(() => app.close());

  it('are the bytes zod writes, for the catalogue, articles, quiz, the signed-in user and stats', async () => {
    const person = await createUser(app);
    for (let i = 0; i < 5; i++) {
      await insertScan(app.db, person.user.id, {
        createdAt: new Date(Date.now() - i * 86_400_000),
      });
    }
    const routes: [string, z.ZodType, boolean][] = [
      ['/api/shop/products', ProductListResponse, false],
      ['/api/shop/products?q=spf', ProductListResponse, false],
      ['/api/blog/posts', PostListResponse, true],
      ['/api/quiz/categories', QuizCategoryList, true],
      ['/api/auth/me', MeResponse, true],
      ['/api/dashboard/stats', DashboardStatsResponse, true],
    ];
    for (const [url, schema, signedIn] of routes) {
      const res = await app.inject({ method: 'GET', url, headers: signedIn ? person.headers : {} });
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as unknown;
      expect(res.body, url).toBe(zodWrite(schema, body));
      const write = compiled(schema);
      expect(write, `${url} compiles`).not.toBeNull();
      expect(write!(body), url).toBe(res.body);
    }
  });
});
