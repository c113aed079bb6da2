// @ts-check
// `npm run check:engines` (part of `npm run lint`): every installed package's `engines.node` must
// admit every Node version the README and the root package.json claim (decision 075). npm only
// warns (EBADENGINE) for the Node it runs on; this checks the versions we do not run today too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/**
 * The oldest release of each line we claim; a range that admits these admits the line's later
 * releases too (no dependency caps a line from above). Keep in step with README.md and the root
 * package.json's `engines.node`, which this script also checks.
 */
export const CLAIMED_NODE_VERSIONS = ['20.19.0', '22.13.0', '24.0.0'];

/** Every package.json under `node_modules` folders below `root` (nested and scoped ones too). */
function* installedPackages(root) {
  const stack = [path.join(root, 'node_modules')];
  for (const workspace of ['apps', 'packages']) {
    const dir = path.join(root, workspace);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) stack.push(path.join(dir, name, 'node_modules'));
  }
  stack.push(path.join(root, 'e2e', 'node_modules'));
  while (stack.length > 0) {
    const dir = /** @type {string} */ (stack.pop());
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // no such folder
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        stack.push(full);
        continue;
      }
      // Workspace links (@lumiskin/*) are ours: their engines are checked as the root's.
      if (entry.isSymbolicLink()) continue;
      const manifest = path.join(full, 'package.json');
      if (fs.existsSync(manifest)) yield manifest;
      stack.push(path.join(full, 'node_modules'));
    }
  }
}

/**
 * The installed packages whose `engines.node` leaves out a claimed version, and whether the root
 * package.json's own `engines.node` admits every claimed version.
 * @param {string} root
 * @param {string[]} [claimed]
 */
export function engineProblems(root, claimed = CLAIMED_NODE_VERSIONS) {
  /** @type {{ name: string; version: string; range: string; excludes: string[]; where: string }[]} */
  const problems = [];
  for (const manifest of installedPackages(root)) {
    /** @type {{ name?: string; version?: string; engines?: { node?: unknown } }} */
    let pkg;
    try {
      pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    } catch {
      continue;
    }
    const range = pkg.engines?.node;
    if (typeof range !== 'string' || !semver.validRange(range)) continue;
    const excludes = claimed.filter((v) => !semver.satisfies(v, range));
    if (excludes.length > 0) {
      problems.push({
        name: pkg.name ?? path.basename(path.dirname(manifest)),
        version: pkg.version ?? '?',
        range,
        excludes,
        where: path.relative(root, path.dirname(manifest)),
      });
    }
  }
  const rootRange = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines
    ?.node;
  const rootExcludes =
    typeof rootRange === 'string' ? claimed.filter((v) => !semver.satisfies(v, rootRange)) : [];
  return { problems, rootRange, rootExcludes };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, rootRange, rootExcludes } = engineProblems(root);
  for (const p of problems) {
    console.error(
      `${p.name}@${p.version} (${p.where}) needs Node ${p.range}: not ${p.excludes.join(', ')}`,
    );
  }
  if (rootExcludes.length > 0) {
    console.error(`package.json engines.node "${rootRange}" leaves out ${rootExcludes.join(', ')}`);
  }
  if (problems.length > 0 || rootExcludes.length > 0) {
    console.error(
      `Node versions claimed: ${CLAIMED_NODE_VERSIONS.join(', ')} (README.md). Pin a dependency ` +
        'that supports them (package.json overrides) or change the claim.',
    );
    process.exit(1);
  }
  console.log(`engines: every installed package supports Node ${CLAIMED_NODE_VERSIONS.join(', ')}`);
}
