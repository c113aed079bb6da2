// The real server as a process, bundled like `npm start`, on its own embedded PostgreSQL: its own
// life on the runtime it runs on. A SIGKILL loses no acknowledged write, SIGTERM finishes what is in
// flight, bad configuration is refused. Run on Node 20 here and on Node 24 by
// scripts/test-node24.mjs; the start-up paths are server-startup.test.ts.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundledServer,
  embeddedSql,
  isAlive,
  postmasterPid,
  register,
  registration,
} from './server-process';

const { tempDir, startServer } = bundledServer('dist-lifecycle');

describe('the server process, once started', () => {
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
      // Without the demo: building its story runs nine scans through the engine, which the
      // browser journey on this runtime does already (decision 197).
      const server = await startServer({ DATA_DIR: dataDir });
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
      expect(isAlive(pgPid)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
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
