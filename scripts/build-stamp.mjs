// @ts-check
// `npm start` builds only when the sources changed since the last build, or a build is missing:
// a stamp (a hash of every source file's path, size, modification time and content) is written
// next to the server bundle after each build and compared at the next start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the production build reads, relative to the repository root. */
export const SOURCE_ROOTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/scripts',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/skin-engine/src',
  'packages/skin-engine/package.json',
  'packages/skin-advice/src',
  'packages/skin-advice/package.json',
];

/** Files the build must have produced for a start without building. */
export const BUILD_OUTPUTS = [
  'apps/server/dist/server.js',
  'apps/server/dist/worker.js',
  'apps/web/dist/index.html',
];

export const STAMP_FILE = 'apps/server/dist/.build-stamp';

/**
 * @param {string} root repository root
 * @param {string[]} [roots] files or directories to fingerprint
 * @returns {string} hex digest of every file's relative path, size, mtime and content (sorted)
 */
export function sourceFingerprint(root, roots = SOURCE_ROOTS) {
  const hash = crypto.createHash('sha256');
  /** @param {string} rel */
  const visit = (rel) => {
    const abs = path.join(root, rel);
    let stat;
    try {
      stat = fs.statSync(abs);
    } catch {
      hash.update(`${rel}\0missing\n`);
      return;
    }
    if (stat.isDirectory()) {
      const names = fs.readdirSync(abs).filter((n) => n !== 'node_modules' && n !== 'dist');
      for (const name of names.sort()) visit(path.posix.join(rel, name));
    } else {
      // The content too: a file's modification time moves in steps of the kernel's clock (a few
      // ms), so an edit that keeps the size within the same step as the build left path, size and
      // time alike, and the start ran the old build (seen in CI). ≈ 30 ms for the 6.5 MB read.
      hash.update(`${rel}\0${stat.size}\0${Math.trunc(stat.mtimeMs)}\0`);
      hash.update(fs.readFileSync(abs));
      hash.update('\n');
    }
  };
  for (const rel of roots) visit(rel);
  return hash.digest('hex');
}

/**
 * Why a build is needed, or null when the last build is up to date.
 * @param {string} root
 * @param {{ roots?: string[], outputs?: string[], stampFile?: string }} [options]
 * @returns {string | null}
 */
export function buildNeeded(root, options = {}) {
  const outputs = options.outputs ?? BUILD_OUTPUTS;
  const missing = outputs.find((file) => !fs.existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  let stamp;
  try {
    stamp = fs.readFileSync(path.join(root, options.stampFile ?? STAMP_FILE), 'utf8').trim();
  } catch {
    return 'no build stamp';
  }
  if (stamp !== sourceFingerprint(root, options.roots)) return 'sources changed';
  return null;
}

/**
 * Records the fingerprint taken before the build (so an edit during the build means a rebuild).
 * @param {string} root
 * @param {string} fingerprint
 * @param {{ stampFile?: string }} [options]
 */
export function writeStamp(root, fingerprint, options = {}) {
  const file = path.join(root, options.stampFile ?? STAMP_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${fingerprint}\n`);
}
