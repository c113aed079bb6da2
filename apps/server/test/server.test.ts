// The real server as a process: bundled like `npm start`, on its own embedded PostgreSQL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

const serverRoot = path.resolve(import.meta.dirname, '..');
const bundle = path.join(serverRoot, '.tmp/dist/server.js');
const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', '.tmp/dist'], {
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

interface Running {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
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

/** Resolves once `pattern` is in the server's output; rejects if it exits first. */
function waitForOutput(server: Omit<Running, 'url'>, pattern: RegExp): Promise<RegExpMatchArray> {
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

async function startServer(env: Record<string, string>): Promise<Running> {
  const server = spawnServer(env);
  const match = await waitForOutput(server, /Lumiskin is running at (http:\/\/localhost:\d+)/);
  return { ...server, url: match[1]!.replace('localhost', '127.0.0.1') };
}

const registration = (email: string) => ({
  name: 'Durable',
  email,
  password: 'durable-pass',
  confirmPassword: 'durable-pass',
});

async function register(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration(email)),
  });
  return res.status;
}

function postmasterPid(dataDir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A free port of 127.0.0.1 held by a plain TCP server until `close()`. */
async function holdPort(): Promise<{ port: number; close(): Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return {
    port: (holder.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => holder.close(() => resolve())),
  };
}

/** A client of the app database in the embedded PostgreSQL a running server keeps in `dataDir`. */
function embeddedSql(dataDir: string) {
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

describe('the server process', () => {
  it(
    'keeps every acknowledged write across a SIGKILL, then restarts over the orphaned PostgreSQL',
    { timeout: 90_000 },
    async () => {
      const dataDir = path.join(tempDir(), 'data');
      const first = await startServer({ DATA_DIR: dataDir });
      const orphan = postmasterPid(dataDir);
      expect(orphan).not.toBeNull();

      // Writers hammer registrations; a 201 means the write was acknowledged.
      const acknowledged: string[] = [];
      let stop = false;
      let sent = 0;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const email = `w${w}-${i}@example.test`;
          sent++;
          try {
            if ((await register(first.url, email)) === 201) acknowledged.push(email);
          } catch {
            // killed mid-request: not acknowledged
          }
        }
      };
      const writers = Array.from({ length: 6 }, (_, w) => writer(w));
      while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));
      first.child.kill('SIGKILL'); // mid-write: other registrations are in flight right now
      await first.exited;
      stop = true;
      await Promise.all(writers);
      expect(sent).toBeGreaterThan(acknowledged.length); // some writes were cut off

      // postgres outlived the app and still holds the data dir
      expect(isAlive(orphan!.pid)).toBe(true);

      const second = await startServer({ DATA_DIR: dataDir });
      const now = postmasterPid(dataDir);
      expect(now?.pid).not.toBe(orphan!.pid);
      expect(isAlive(orphan!.pid)).toBe(false);
      expect(second.output()).toMatch(/stopping PostgreSQL \(pid \d+\) left running/);

      expect(fs.statSync(path.join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600);
      const sql = embeddedSql(dataDir);
      try {
        const rows = await sql<{ email: string }[]>`select email from users`;
        const stored = new Set(rows.map((r) => r.email));
        expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
        const [settings] = await sql<{ fsync: string; synchronous_commit: string }[]>`
        select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit`;
        expect(settings).toEqual({ fsync: 'on', synchronous_commit: 'on' });
      } finally {
        await sql.end();
      }
      // the restarted server answers, and the data dir is locked against a second instance
      expect(await register(second.url, 'after-restart@example.test')).toBe(201);
      const third = await startServer({ DATA_DIR: dataDir }).catch((e: Error) => e);
      expect(String(third)).toMatch(/Another Lumiskin server \(pid \d+\) is using/);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(postmasterPid(dataDir)).toBeNull(); // postgres stopped cleanly
      expect(isAlive(now!.pid)).toBe(false);
    },
  );

  it(
    'finishes a request in flight on SIGTERM, then stops its PostgreSQL',
    { timeout: 60_000 },
    async () => {
      const dataDir = path.join(tempDir(), 'data');
      const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
      const { pid: pgPid } = postmasterPid(dataDir)!;
      // Let start-up work that follows listen (module warm-ups) finish before timing anything.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const body = JSON.stringify(registration('inflight@example.test'));
      const { port } = new URL(server.url);

      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/auth/register',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        // Half the body now, the rest after the signal: the request is in flight across SIGTERM.
        req.write(body.slice(0, 20));
        setTimeout(() => {
          server.child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(20)), 500);
        }, 300);
      });
      const answer = await response;
      expect(answer.status, answer.body).toBe(201);
      expect(JSON.parse(answer.body)).toMatchObject({ user: { email: 'inflight@example.test' } });
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('SIGTERM: finishing requests, scans and jobs in flight');
      expect(server.output()).toMatch(/seed demo-user: created demo@lumiskin.app/);
      expect(isAlive(pgPid)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    },
  );

  it(
    'stops its PostgreSQL on a signal while it starts, and the next start builds the whole demo',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(tempDir(), 'data');
      // A first start builds the demo story with the engine: Ctrl-C while it does.
      const first = spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
      await waitForOutput(first, /seed demo-user: created demo@lumiskin.app/);
      const { pid: pgPid } = postmasterPid(dataDir)!;
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('SIGINT while starting: stopping');
      expect(first.output()).not.toMatch(/could not start|Lumiskin is running/);
      expect(isAlive(pgPid)).toBe(false);
      expect(postmasterPid(dataDir)).toBeNull();
      expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

      // However far the story got, the next start ends with all of it (decision 176).
      const second = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
      expect(second.output()).toMatch(/built the demo story \(9 scans\)/);
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@lumiskin.app', password: 'glow-demo-2026' }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const history = await fetch(`${second.url}/api/analysis/history?limit=50`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await history.json()) as unknown[]).length).toBe(9);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
  );

  it(
    'starts even when the demo cannot be brought up to date, and says why',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(tempDir(), 'data');
      const first = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
      // Three days later, on a database where the demo's scans cannot be moved.
      const sql = embeddedSql(dataDir);
      try {
        await sql`update analyses set created_at = created_at - interval '3 days'`;
        await sql.unsafe(`
          create function refuse_update() returns trigger language plpgsql as
            $$ begin raise exception 'this test refuses the move'; end $$;
          create trigger refuse_update before update on analyses
            for each row execute function refuse_update();`);
      } finally {
        await sql.end();
      }
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
      expect(second.output()).toContain('seed demo-story: not brought up to date (');
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
  );

  it(
    'says which port is taken when another program holds it, and stops its PostgreSQL',
    {
      timeout: 60_000,
    },
    async () => {
      const holder = await holdPort();
      const { port } = holder;
      try {
        const dataDir = path.join(tempDir(), 'data');
        const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain(
          `could not start: port ${port} on 127.0.0.1 is in use by another program`,
        );
        expect(postmasterPid(dataDir)).toBeNull();
      } finally {
        await holder.close();
      }
    },
  );

  it(
    'says plainly when the DATABASE_URL server cannot be reached, without its password',
    {
      timeout: 30_000,
    },
    async () => {
      // A port that was free a moment ago and has nothing listening now.
      const closed = await holdPort();
      const { port } = closed;
      await closed.close();
      const server = spawnServer({
        DATABASE_URL: `postgres://app:s3cret-pass@127.0.0.1:${port}/lumiskin`,
        DATA_DIR: path.join(tempDir(), 'unused'),
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `could not start: the PostgreSQL server in DATABASE_URL (127.0.0.1:${port}) refused the connection`,
      );
      expect(server.output()).not.toContain('s3cret-pass');
    },
  );

  it(
    'uses DATABASE_URL when given: migrates that server and creates no DATA_DIR',
    { timeout: 60_000 },
    async () => {
      const dir = tempDir();
      const external = await startEmbeddedPostgres({
        dir: path.join(dir, 'external-pg'),
        passwordFile: path.join(dir, 'external-password'),
        logFile: path.join(dir, 'external.log'),
      });
      try {
        const dataDir = path.join(dir, 'must-not-exist');
        const server = await startServer({
          DATABASE_URL: external.url(),
          DATA_DIR: dataDir,
          SEED_DEMO: 'true',
        });
        const health = await fetch(`${server.url}/api/health`);
        expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });
        expect(await register(server.url, 'external@example.test')).toBe(201);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);

        expect(fs.existsSync(dataDir)).toBe(false);
        const sql = postgres(external.url(), { max: 1, onnotice: () => {} });
        try {
          const rows = await sql<{ email: string }[]>`select email from users order by email`;
          // the demo user is only seeded into the private embedded database
          expect(rows.map((r) => r.email)).toEqual(['external@example.test']);
          // …but the product's content is seeded on any database, so the shop, blog and quiz work
          const [content] = await sql<{ products: number; posts: number; questions: number }[]>`
            select (select count(*)::int from products) as products,
                   (select count(*)::int from blog_posts) as posts,
                   (select count(*)::int from quiz_questions) as questions`;
          expect(content?.products).toBeGreaterThanOrEqual(25);
          expect(content?.posts).toBeGreaterThanOrEqual(10);
          expect(content?.questions).toBeGreaterThanOrEqual(60);
          const [migrations] =
            await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
          expect(migrations?.n).toBeGreaterThan(0);
        } finally {
          await sql.end();
        }
      } finally {
        await external.stop();
      }
    },
  );

  it(
    'refuses to start on bad configuration, listing each problem',
    { timeout: 30_000 },
    async () => {
      const result = await startServer({
        PORT: 'eighty',
        TOKEN_TTL_DAYS: '0',
        DATA_DIR: path.join(tempDir(), 'd'),
      }).catch((e: Error) => e);
      expect(result).toBeInstanceOf(Error);
      const message = String(result);
      expect(message).toMatch(/server exited \(1\)/);
      expect(message).toMatch(/- PORT: /);
      expect(message).toMatch(/- TOKEN_TTL_DAYS: /);
    },
  );

  it(
    'refuses production without a shared database unless EMBEDDED_DB=true, and TRUST_PROXY=true',
    { timeout: 30_000 },
    async () => {
      const dataDir = path.join(tempDir(), 'd');
      const result = await startServer({
        NODE_ENV: 'production',
        TRUST_PROXY: 'true',
        DATA_DIR: dataDir,
      }).catch((e: Error) => e);
      const message = String(result);
      expect(message).toMatch(/server exited \(1\)/);
      expect(message).toMatch(/- DATABASE_URL: NODE_ENV=production needs DATABASE_URL/);
      expect(message).toMatch(/EMBEDDED_DB=true/);
      expect(message).toMatch(/- TRUST_PROXY: .*e\.g\. 1 for one load balancer/);
      // nothing was started or written
      expect(fs.existsSync(dataDir)).toBe(false);
    },
  );
});
