// The real server as a process, bundled like `npm start` on its own embedded PostgreSQL: what
// server-lifecycle.test.ts and server-startup.test.ts share.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');

export interface Running {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * The server bundled into `.tmp/<outdir>` once before the file's tests (each file its own, so
 * files running side by side never build over each other), and its processes and temp dirs
 * removed after them.
 */
export function bundledServer(outdir: string) {
  const bundle = path.join(serverRoot, '.tmp', outdir, 'server.js');
  const children = new Set<ChildProcess>();
  const tempDirs: string[] = [];

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build.mjs', path.join('.tmp', outdir)], {
      cwd: serverRoot,
      stdio: 'pipe',
    });
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  function tempDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-server-'));
    fs.chmodSync(dir, 0o711); // as root, postgres (another user) must enter it
    tempDirs.push(dir);
    return dir;
  }

  /** The bundled server as a child process, its output gathered as it comes. */
  function spawnServer(env: Record<string, string>): Omit<Running, 'url'> {
    const child = spawn(process.execPath, [bundle], {
      cwd: os.tmpdir(),
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        RATE_LIMIT_MAX: '1000000',
        RATE_LIMIT_AUTH_MAX: '1000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const gather = (chunk: Buffer) => (output += chunk.toString());
    child.stdout?.on('data', gather);
    child.stderr?.on('data', gather);
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        children.delete(child);
        resolve(code);
      }),
    );
    return { child, output: () => output, exited };
  }

  async function startServer(env: Record<string, string>): Promise<Running> {
    const server = spawnServer(env);
    const match = await waitForOutput(server, /Lumiskin is running at (http:\/\/localhost:\d+)/);
    return { ...server, url: match[1]!.replace('localhost', '127.0.0.1') };
  }

  return { tempDir, spawnServer, startServer };
}

/** Resolves once `pattern` is in the server's output; rejects if it exits first. */
export function waitForOutput(
  server: Omit<Running, 'url'>,
  pattern: RegExp,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = server.output().match(pattern);
      if (!match) return false;
      server.child.stdout?.off('data', check);
      server.child.stderr?.off('data', check);
      resolve(match);
      return true;
    };
    if (check()) return;
    server.child.stdout?.on('data', check);
    server.child.stderr?.on('data', check);
    void server.exited.then((code) =>
      reject(new Error(`server exited (${code}) before ${pattern}:\n${server.output()}`)),
    );
  });
}

export const registration = (email: string) => ({
  name: 'Durable',
  email,
  password: 'durable-pass',
  confirmPassword: 'durable-pass',
});

export async function register(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration(email)),
  });
  return res.status;
}

export function postmasterPid(dataDir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A free port of 127.0.0.1 held by a plain TCP server until `close()`. */
export async function holdPort(): Promise<{ port: number; close(): Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return {
    port: (holder.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => holder.close(() => resolve())),
  };
}

/** A client of the app database in the embedded PostgreSQL a running server keeps in `dataDir`. */
export function embeddedSql(dataDir: string) {
  return postgres({
    host: '127.0.0.1',
    port: postmasterPid(dataDir)!.port,
    user: 'postgres',
    password: fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim(),
    database: 'lumiskin',
    max: 1,
    onnotice: () => {},
  });
}
