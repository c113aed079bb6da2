import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

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
