import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

// public/theme-init.js runs before the first paint, as a plain script.
const script = fs.readFileSync(path.resolve(__dirname, '../public/theme-init.js'), 'utf8');
const run = () => new Function(script)() as void;
const root = document.documentElement;

afterEach(() => {
  localStorage.clear();
  root.className = '';
  root.removeAttribute('data-session');
});

describe('before the first paint', () => {
  it('applies the remembered theme', () => {
    localStorage.setItem('lumiskin_theme', 'dark');
    run();
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
  });

  it('marks a stored session (both keys), and only then', () => {
    run();
    expect(root.hasAttribute('data-session')).toBe(false);
    localStorage.setItem('lumiskin_token', 'token');
    run();
    expect(root.hasAttribute('data-session')).toBe(false);
    localStorage.setItem('lumiskin_user', '{}');
    run();
    expect(root.hasAttribute('data-session')).toBe(true);
  });

  it('turns zod’s JIT off, the global config zod itself reads (no eval probe under the CSP)', () => {
    run();
    expect(z.config().jitless).toBe(true);
    // Parsing still works without the JIT.
    expect(z.object({ a: z.string() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x' });
  });
});
