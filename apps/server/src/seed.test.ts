import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { AuthResponse } from '@lumiskin/contract/auth';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from '../test/helper';
import { createDbClient } from './db/client';
import { findUserByEmail, insertUser } from './modules/auth/repository';
import { DEMO_USER } from './modules/auth/seed';
import { users } from './modules/auth/schema';
import type { Seeder } from './db/seeder';
import { contentSeeders, contentVersion, runSeeders, seedContentOnce } from './seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('seeding', () => {
  it('creates the demo user once, with the credentials the login page shows', async () => {
    await runSeeders(app.db, () => {});
    await runSeeders(app.db, () => {});
    const [row] = await app.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(1);
    expect(DEMO_USER).toEqual({
      name: 'Demo User',
      email: 'demo@lumiskin.app',
      password: 'glow-demo-2026',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo@lumiskin.app', password: 'glow-demo-2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(AuthResponse.parse(res.json()).user).toMatchObject({ name: 'Demo User', role: 'user' });
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${AuthResponse.parse(res.json()).access_token}` },
    });
    expect(me.json().user).toMatchObject({ email: 'demo@lumiskin.app', email_confirmed: true });
  });

  it('runs seeders in order', async () => {
    const ran: string[] = [];
    const seeder = (name: string): Seeder => ({ name, run: async () => void ran.push(name) });
    await runSeeders(app.db, () => {}, [seeder('products'), seeder('articles')]);
    expect(ran).toEqual(['products', 'articles']);
  });
});

describe('admins', () => {
  // Four runs of the script through tsx, each transpiling it: 9.5–11.6 s in CI, 20 s once on a
  // loaded machine, past the suite's 20 s default.
  it(
    'npm run create-admin creates the admin from the command line',
    { timeout: 60_000 },
    async () => {
      const database = await createTestDatabase();
      const run = promisify(execFile);
      const serverRoot = path.resolve(import.meta.dirname, '..');
      const tsx = path.resolve(serverRoot, '../../node_modules/.bin/tsx');
      try {
        // The password comes from ADMIN_PASSWORD (or stdin), never the command line: npm echoes it.
        const env = {
          ...process.env,
          DATABASE_URL: database.url,
          ADMIN_PASSWORD: 'cli-admin-pass',
        };
        const { stdout } = await run(
          tsx,
          ['src/scripts/create-admin.ts', '--email', 'cli@example.test', '--name', 'Cli Admin'],
          { cwd: serverRoot, env },
        );
        expect(stdout).toContain('Created admin cli@example.test');
        expect(stdout).not.toContain('cli-admin-pass');
        const bad = await run(tsx, ['src/scripts/create-admin.ts', '--email', 'nope'], {
          cwd: serverRoot,
          env,
        }).catch((e: { code: number; stderr: string }) => e);
        expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('usage:') });

        // An account someone registered first is refused without --promote-existing (decision 070).
        const client0 = createDbClient(database.url, { max: 1 });
        try {
          await insertUser(client0.db, {
            name: 'Squatter',
            email: 'ops@example.test',
            password: 'squatter-pass',
          });
        } finally {
          await client0.close();
        }
        const args = ['src/scripts/create-admin.ts', '--email', 'ops@example.test'];
        const refused = await run(tsx, args, { cwd: serverRoot, env }).catch(
          (e: { code: number; stderr: string }) => e,
        );
        expect(refused).toMatchObject({
          code: 1,
          stderr: expect.stringContaining('--promote-existing'),
        });
        const promoted = await run(tsx, [...args, '--promote-existing'], { cwd: serverRoot, env });
        expect(promoted.stdout).toContain('Promoted ops@example.test to admin');

        const client = createDbClient(database.url, { max: 1 });
        try {
          expect(await findUserByEmail(client.db, 'CLI@example.test')).toMatchObject({
            role: 'admin',
            name: 'Cli Admin',
          });
          expect(await findUserByEmail(client.db, 'ops@example.test')).toMatchObject({
            role: 'admin',
            name: 'Squatter',
          });
        } finally {
          await client.close();
        }
      } finally {
        await database.drop();
      }
    },
  );
});

describe('content seeding', () => {
  it('fills an empty database, adds new built-in items by id, and never overwrites an edited row', async () => {
    await runSeeders(app.db, () => {}, contentSeeders);
    await app.db.execute(
      sql`update products set price_pence = 4242, hidden = true where id = 'aquahydra'`,
    );
    await app.db.execute(
      sql`update blog_posts set title = 'Edited by a moderator' where slug = (select min(slug) from blog_posts)`,
    );
    await app.db.execute(sql`delete from products where id = 'daily-fluid-spf50'`);
    await runSeeders(app.db, () => {}, contentSeeders);
    const rows = await app.db.execute<{ id: string; price_pence: number; hidden: boolean }>(
      sql`select id, price_pence, hidden from products where id in ('aquahydra', 'daily-fluid-spf50') order by id`,
    );
    expect([...rows]).toEqual([
      { id: 'aquahydra', price_pence: 4242, hidden: true },
      expect.objectContaining({ id: 'daily-fluid-spf50' }),
    ]);
    const [post] = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from blog_posts where title = 'Edited by a moderator'`,
    );
    expect(post?.n).toBe(1);
  });
});

describe('content seeded once per content version', () => {
  it('two instances booting together on one database seed once; a new version seeds again', async () => {
    const database = await createTestDatabase();
    const clients = [createDbClient(database.url), createDbClient(database.url)];
    try {
      let runs = 0;
      const counted: Seeder[] = contentSeeders.map((seeder) => ({
        ...seeder,
        run: async (db, log) => {
          runs++;
          await seeder.run(db, log);
        },
      }));
      const version = contentVersion();
      const boot = (i: number) => seedContentOnce(clients[i]!.db, () => {}, counted, version);

      const seeded = await Promise.all([boot(0), boot(1)]);
      expect(seeded.sort()).toEqual([false, true]);
      expect(runs).toBe(contentSeeders.length);
      const [products] = await clients[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from products`,
      );
      expect(products!.n).toBeGreaterThan(10);

      // a restart with the same content does nothing
      expect(await boot(1)).toBe(false);
      expect(runs).toBe(contentSeeders.length);

      // new content (another build) seeds once more, and stores its version
      const next = await seedContentOnce(clients[1]!.db, () => {}, counted, `${version}-next`);
      expect(next).toBe(true);
      expect(runs).toBe(2 * contentSeeders.length);
      const [stored] = await clients[0]!.db.execute<{ version: string }>(
        sql`select version from content_versions where name = 'content'`,
      );
      expect(stored!.version).toBe(`${version}-next`);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await database.drop();
    }
  });

  it("derives the version from the seeders' data and code", () => {
    const base = contentVersion();
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(contentVersion()).toBe(base);
    const [first, ...rest] = contentSeeders;
    const changedData = { ...first!, content: { changed: true } };
    expect(contentVersion([changedData, ...rest])).not.toBe(base);
    const changedCode = { ...first!, run: async () => {} };
    expect(contentVersion([changedCode, ...rest])).not.toBe(base);
  });
});
