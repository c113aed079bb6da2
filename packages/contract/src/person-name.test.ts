import { describe, expect, it } from 'vitest';
import { UpdateAccountBody } from './account';
import { cleanPersonName, RegisterBody } from './auth';

const register = (name: string) =>
  RegisterBody.safeParse({
    name,
    email: 'ada@example.test',
    password: 'quiet-harbour-lamp',
    confirmPassword: 'quiet-harbour-lamp',
  });

describe('a person’s name', () => {
  it('is kept without line breaks, tabs and the bidirectional overrides that disguise text', () => {
    // U+202E reverses what follows it: on the leaderboard "Ada ‮evil" reads "Ada live".
    expect(cleanPersonName('Ada\r\nLovelace\u202Eevil')).toBe('Ada Lovelace evil');
    expect(cleanPersonName('  Grace\t\tHopper \u2066x\u2069 ')).toBe('Grace Hopper x');
    expect(cleanPersonName('Zero\u200Bwidth\uFEFF')).toBe('Zero width');
  });

  it('keeps the joiners scripts and emoji need, and every letter', () => {
    expect(cleanPersonName('मित्र\u200D')).toBe('मित्र\u200D');
    expect(cleanPersonName('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(cleanPersonName('Zoë Ørsted-Łukasz 李')).toBe('Zoë Ørsted-Łukasz 李');
  });

  it('is cleaned where it is received, and a name of nothing but those characters is refused', () => {
    const ok = register('Ada\r\nLovelace\u202E');
    expect(ok.success && ok.data.name).toBe('Ada Lovelace');
    expect(register('\u202E\r\n\t').success).toBe(false);
    const patch = UpdateAccountBody.safeParse({ name: '\u2066Grace\u2069' });
    expect(patch.success && patch.data.name).toBe('Grace');
    expect(UpdateAccountBody.safeParse({ name: '\u200B' }).success).toBe(false);
    expect(register('a'.repeat(101)).success).toBe(false);
  });
});
