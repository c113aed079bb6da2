import fs from 'node:fs';
import path from 'node:path';

/**
 * apps/server, found by walking up from this module. The same code runs from src/ (tsx, vitest)
 * and bundled from dist/, which sit at different depths, so fixed `../..` paths would break.
 */
function findServerRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@lumiskin/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find apps/server above ${import.meta.dirname}`);
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const defaultWebDist = path.resolve(serverRoot, '../web/dist');

export function serverVersion(): string {
  const manifest = path.join(serverRoot, 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}
