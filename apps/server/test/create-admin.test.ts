// `npm run create-admin` from the repository root, as the README shows it: on the database of the
// server running there (its embedded cluster in DATA_DIR), and on that DATA_DIR when none runs.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverRoot, '../..');
const bundle = path.join(serverRoot, '.tmp/dist-admin/server.js');
const children = new Set<ChildProcess>();
const tempDirs: string[] = [];
const PASSWORD = 'a long admin passphrase';

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', '.tmp/dist-admin'], {
    cwd: serverRoot,
    stdio: 'pipe',
  });
});
afterAll(async () => {
  for (const child of children) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR given relative to the repository root, as `./data` is. */
function relativeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-admin-'));
  fs.chmodSync(dir, 0o711); // as root, postgres (another user) must enter it
  tempDirs.push(dir);
  return path.relative(repoRoot, dir);
}

const baseEnv = (dataDir: string) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
});

function createAdmin(dataDir: string, email: string) {
  const run = spawnSync('npm', ['run', 'create-admin', '--', '--email', email], {
    cwd: repoRoot,
    env: baseEnv(dataDir),
    input: `${PASSWORD}\n`,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

function startServer(dataDir: string): Promise<string> {
  const child = spawn(process.execPath, [bundle], {
    cwd: repoRoot,
    env: { ...baseEnv(dataDir), PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Lumiskin is running at (http:\/\/localhost:\d+)/);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

const signIn = (url: string, email: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });

describe('npm run create-admin from the repository root', () => {
  it('acts on the running server database, without a stack trace or the password', async () => {
    const dataDir = relativeDataDir();
    const url = await startServer(dataDir);
    const email = `admin.${Date.now()}@example.test`;
    const run = createAdmin(dataDir, email);
    expect(run.output).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.output).not.toContain(PASSWORD);
    expect(run.status).toBe(0);
    expect(run.output).toContain(`Created admin ${email}`);
    const res = await signIn(url, email);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin');
  }, 180_000);

  it('starts the cluster in DATA_DIR when no server runs, and the server then finds the admin', async () => {
    const dataDir = relativeDataDir();
    const email = `first.${Date.now()}@example.test`;
    const run = createAdmin(dataDir, email);
    expect(run.output).not.toContain(PASSWORD);
    expect(run.status).toBe(0);
    const url = await startServer(dataDir);
    expect((await signIn(url, email)).status).toBe(200);
  }, 180_000);
});
