import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildNeeded,
  SOURCE_ROOTS,
  sourceFingerprint,
  writeStamp,
} from '../../../scripts/build-stamp.mjs';

const options = {
  roots: ['src', 'package.json'],
  outputs: ['dist/server.js'],
  stampFile: 'dist/.stamp',
};
let root: string;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
const build = () => {
  const fingerprint = sourceFingerprint(root, options.roots);
  write('dist/server.js', 'built');
  writeStamp(root, fingerprint, options);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-stamp-'));
  write('src/a.ts', 'export const a = 1;');
  write('src/deep/b.ts', 'export const b = 2;');
  write('package.json', '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when needed', () => {
  it('builds when there is no build, then starts at once while nothing changed', () => {
    expect(buildNeeded(root, options)).toBe('dist/server.js is missing');
    build();
    expect(buildNeeded(root, options)).toBeNull();
  });

  it('builds again when a source file is edited, added or removed', () => {
    build();
    write('src/deep/b.ts', 'export const b = 3;');
    expect(buildNeeded(root, options)).toBe('sources changed');
    build();
    write('src/c.ts', '');
    expect(buildNeeded(root, options)).toBe('sources changed');
    build();
    fs.rmSync(path.join(root, 'src/a.ts'));
    expect(buildNeeded(root, options)).toBe('sources changed');
  });

  it('notices an edit that keeps the size and the modification time (both within one clock step)', () => {
    // A whole second: the time set again after the edit reads back exactly.
    const file = path.join(root, 'src/deep/b.ts');
    const when = new Date(1_796_000_000_000);
    fs.utimesSync(file, when, when);
    build();
    write('src/deep/b.ts', 'export const b = 9;');
    fs.utimesSync(file, when, when);
    expect(buildNeeded(root, options)).toBe('sources changed');
  });

  it('notices a touched file (same size, new modification time)', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/a.ts'), later, later);
    expect(buildNeeded(root, options)).toBe('sources changed');
  });

  it('builds when the stamp is missing or an output was deleted', () => {
    build();
    fs.rmSync(path.join(root, 'dist/.stamp'));
    expect(buildNeeded(root, options)).toBe('no build stamp');
    build();
    fs.rmSync(path.join(root, 'dist/server.js'));
    expect(buildNeeded(root, options)).toBe('dist/server.js is missing');
  });

  it('fingerprints every source the real build reads, all of which exist', () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    for (const rel of SOURCE_ROOTS) expect(fs.existsSync(path.join(repo, rel)), rel).toBe(true);
    expect(sourceFingerprint(repo)).toMatch(/^[0-9a-f]{64}$/);
  });
});
