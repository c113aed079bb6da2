// @ts-check
// `npm start`: build when the sources changed or a build is missing, then start the server.
// `npm run worker` (`node scripts/start.mjs worker`): the same, then start a job worker.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildNeeded, sourceFingerprint, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reason = process.env.LUMISKIN_FORCE_BUILD === '1' ? 'asked to' : buildNeeded(root);
if (reason) {
  console.log(`[lumiskin] building (${reason})`);
  const fingerprint = sourceFingerprint(root);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeStamp(root, fingerprint);
} else {
  console.log('[lumiskin] build is up to date; starting');
}
const entry = process.argv[2] === 'worker' ? 'worker' : 'server';
await import(pathToFileURL(path.join(root, `apps/server/dist/${entry}.js`)).href);
