// The real server as a process, bundled like `npm start`: how it starts. On its embedded PostgreSQL
// (a signal while it starts, a demo it cannot bring up to date, a port another program holds) and
// on a DATABASE_URL server (unreachable, or migrated and used). Its life once started, which Node 24
// runs too, is server-lifecycle.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import {
  bundledServer,
  embeddedSql,
  holdPort,
  isAlive,
  postmasterPid,
  register,
  waitForOutput,
} from './server-process';

const { tempDir, spawnServer, startServer } = bundledServer('dist-startup');

describe('the server process, starting', () => {
  it(
    'stops its PostgreSQL on a signal while it starts; the next start builds the whole demo, and a start that cannot bring it up to date still starts and says why',
    { timeout: 150_000 },
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

      // Three days later, on a database where the demo's scans cannot be moved (the same data
      // dir: building the story again would only repeat its nine scans).
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
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const third = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
      expect(third.output()).toContain('seed demo-story: not brought up to date (');
      expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
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
});
