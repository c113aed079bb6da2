import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { reachableByOthers, startEmbeddedPostgres, type Binaries } from './embedded-postgres';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-root-home-'));
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The npm package's binaries, copied where a clone in /root would have them (under a 0700 dir). */
async function binariesUnder(home: string): Promise<Binaries> {
  // The platform package embedded-postgres installs (named at run time, as the server does).
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const bin = (await import(platformPackage)) as Binaries;
  const native = path.dirname(path.dirname(bin.postgres));
  const copy = path.join(home, 'lumiskin/node_modules/native');
  fs.cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
  return {
    postgres: path.join(copy, path.relative(native, bin.postgres)),
    initdb: path.join(copy, path.relative(native, bin.initdb)),
  };
}

async function selectOne(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ one: number }[]>`select 1 as one`;
    return row!.one;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

describe('the embedded PostgreSQL from a clone in a 0700 home directory', () => {
  it('knows which directories another user can walk into', () => {
    const closed = path.join(scratch, 'closed');
    fs.mkdirSync(path.join(closed, 'inner'), { recursive: true, mode: 0o700 });
    fs.chmodSync(closed, 0o700);
    expect(reachableByOthers(path.join(closed, 'inner'))).toBe(false);
    expect(reachableByOthers(path.join(scratch, 'anything'))).toBe(true);
  });

  it('starts, keeps its data across restarts, and (as root) moves what postgres cannot reach', async () => {
    const home = path.join(scratch, 'root-home');
    fs.mkdirSync(home, { mode: 0o700 });
    fs.chmodSync(home, 0o700);
    const binaries = await binariesUnder(home);
    const dataDir = path.join(home, 'lumiskin/data');
    fs.mkdirSync(dataDir, { recursive: true });
    const relocationDir = path.join(scratch, 'var-lib-lumiskin');
    const messages: string[] = [];
    const start = () =>
      startEmbeddedPostgres({
        dir: path.join(dataDir, 'pg'),
        passwordFile: path.join(dataDir, 'pg-password'),
        logFile: path.join(dataDir, 'postgres.log'),
        log: (m) => messages.push(m),
        relocationDir,
        binaries,
        settings: { fsync: 'off' },
      });

    const first = await start();
    try {
      expect(await selectOne(first.url())).toBe(1);
      const sql = postgres(first.url(), { max: 1, onnotice: () => {} });
      await sql`create table kept (n int)`;
      await sql`insert into kept values (42)`;
      await sql.end({ timeout: 5 });
    } finally {
      await first.stop();
    }

    const second = await start();
    try {
      const sql = postgres(second.url(), { max: 1, onnotice: () => {} });
      const [row] = await sql<{ n: number }[]>`select n from kept`;
      await sql.end({ timeout: 5 });
      expect(row?.n).toBe(42);
    } finally {
      await second.stop();
    }

    const asRoot = process.getuid?.() === 0;
    const copied = messages.filter((m) => m.includes('copying it to'));
    const moved = messages.filter((m) => m.includes('its cluster lives in'));
    if (asRoot) {
      // Copied once, reused at the second start; the cluster lives outside the 0700 home.
      expect(copied).toHaveLength(1);
      expect(moved.length).toBeGreaterThanOrEqual(1);
      const clusters = fs.readdirSync(path.join(relocationDir, 'clusters'));
      expect(clusters).toHaveLength(1);
      expect(
        fs.existsSync(path.join(relocationDir, 'clusters', clusters[0]!, 'pg/PG_VERSION')),
      ).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
    } else {
      // Not root: postgres runs as us and reads our home; nothing moves.
      expect(copied).toEqual([]);
      expect(moved).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, 'pg/PG_VERSION'))).toBe(true);
    }
    // The password stays with the app, in DATA_DIR.
    expect(fs.existsSync(path.join(dataDir, 'pg-password'))).toBe(true);
  }, 120_000);
});

it('restarts PostgreSQL on the same port when its process dies', { timeout: 120_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-restart-'));
  fs.chmodSync(dir, 0o711);
  const messages: string[] = [];
  const pg = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    passwordFile: path.join(dir, 'pg-password'),
    logFile: path.join(dir, 'postgres.log'),
    settings: { fsync: 'off' },
    log: (message) => messages.push(message),
  });
  try {
    const firstPid = pg.pid;
    process.kill(firstPid, 'SIGKILL');
    let answered = false;
    for (let i = 0; i < 120 && !answered; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const sql = postgres(pg.url(), { max: 1, connect_timeout: 2, onnotice: () => {} });
      answered = await sql`select 1`.then(
        () => true,
        () => false,
      );
      await sql.end({ timeout: 1 });
    }
    expect(answered).toBe(true);
    expect(pg.pid).not.toBe(firstPid);
    expect(messages.some((m) => /exited \(SIGKILL\); restarting/.test(m))).toBe(true);
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
