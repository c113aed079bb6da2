import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ArticleBody, CreateProductBody, QuizQuestionBody } from './admin';
import { RegisterBody } from './auth';
import { AddressInput } from './orders';
import { AddRoutineProductBody } from './routine';

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const message = (schema: z.ZodType, value: unknown) => messages(schema, value)[0];

/** zod's own phrasing: what a person must never read under a field. */
const ZOD_WORDS = /Too small|Too big|Invalid input|Invalid option|Invalid string|expected|>=|<=/;

describe('a rule stated without a message of its own', () => {
  it('is said in plain words: empty, too long, too few or many, out of range', () => {
    expect(message(z.string().trim().min(1), '   ')).toBe('Required');
    expect(message(z.string().min(8), 'short')).toBe('At least 8 characters');
    expect(message(z.string().max(5), 'too long')).toBe('At most 5 characters');
    expect(message(z.string().max(1), 'ab')).toBe('At most 1 character');
    expect(message(z.array(z.string()).min(1), [])).toBe('Add at least one');
    expect(message(z.array(z.string()).min(2), ['a'])).toBe('At least 2 entries');
    expect(message(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('At most 2 entries');
    expect(message(z.number().int().min(1), 0)).toBe('At least 1');
    expect(message(z.number().max(60), 61)).toBe('At most 60');
    expect(message(z.number().positive(), 0)).toBe('More than 0');
    expect(message(z.object({ name: z.string() }), {})).toBe('Required');
  });

  it('names the format or the choices expected', () => {
    expect(message(z.email(), 'ada@')).toBe('Enter a valid email address');
    expect(message(z.uuid(), 'nope')).toBe('Not a valid id');
    expect(message(z.iso.datetime(), 'tomorrow')).toBe('Enter a date and time');
    expect(message(z.iso.date(), '2026-13-45')).toBe('Enter a date (YYYY-MM-DD)');
    expect(message(z.string().regex(/^a+$/), 'b')).toBe('Not in the expected format');
    expect(message(z.enum(['AM', 'PM']), 'noon')).toBe('Choose one of: AM, PM');
  });

  it('keeps zod’s words for a value of the wrong type, which only a program sends', () => {
    expect(message(z.string(), 42)).toMatch(/expected string, received number/);
  });

  it('never replaces a message the schema gives itself', () => {
    expect(message(z.string().min(1, 'Name your product'), '')).toBe('Name your product');
    expect(message(z.email({ error: 'That email looks wrong' }), 'x')).toBe(
      'That email looks wrong',
    );
  });
});

describe('the app’s forms', () => {
  it('name every field left empty or too long without zod’s phrasing', () => {
    const forms: [string, z.ZodType, Record<string, unknown>][] = [
      ['new product', CreateProductBody, { type: 'booster' }],
      ['article', ArticleBody, {}],
      ['quiz question', QuizQuestionBody, { options: [{ text: '', correct: true }] }],
      ['register', RegisterBody, {}],
      ['address', AddressInput, {}],
      ['routine step', AddRoutineProductBody, {}],
    ];
    for (const [form, schema, base] of forms) {
      const shape = (schema instanceof z.ZodObject ? schema : z.object({})).shape as Record<
        string,
        z.ZodType
      >;
      // The fields typed as text (a form sends '' for one left empty).
      const keys = Object.keys(shape).filter(
        (k) => !shape[k]!.safeParse('abc').error?.issues.some((i) => i.code === 'invalid_type'),
      );
      expect(keys.length, form).toBeGreaterThan(1);
      const empty = Object.fromEntries(keys.map((k) => [k, '']));
      const long = Object.fromEntries(keys.map((k) => [k, 'x'.repeat(120_000)]));
      for (const value of [{ ...base }, { ...empty, ...base }, { ...long, ...base }]) {
        const said = messages(schema, value);
        expect(said.length, form).toBeGreaterThan(0);
        for (const m of said) expect(m, `${form}: “${m}”`).not.toMatch(ZOD_WORDS);
      }
    }
  });

  it('say a new product’s id rule as a rule, not as a lookup that failed', () => {
    const idMessages = (id: string) =>
      CreateProductBody.safeParse({ id }).error?.issues.filter((i) => i.path[0] === 'id');
    expect(idMessages('')?.map((i) => i.message)).toEqual(['Required']);
    expect(idMessages('Calm Booster')?.map((i) => i.message)).toEqual([
      'Lower-case letters, digits and hyphens',
    ]);
    expect(idMessages('calm-booster')).toEqual([]);
  });
});

describe('every contract module', () => {
  it('brings the plain words with it, so any app that parses a schema says them', () => {
    const dir = new URL('.', import.meta.url);
    const modules = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'plain-errors.ts');
    const usingZod = modules.filter((f) =>
      fs.readFileSync(new URL(f, dir), 'utf8').includes("from 'zod'"),
    );
    expect(usingZod.length).toBeGreaterThan(15);
    const without = usingZod.filter(
      (f) => !fs.readFileSync(new URL(f, dir), 'utf8').includes("import './plain-errors';"),
    );
    expect(without).toEqual([]);
  });
});
