import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres, SUPERUSER, type EmbeddedPostgres } from './embedded-postgres';
import { ensureDatabase, runMigrations } from './migrate';

export const EMBEDDED_DATABASE = 'lumiskin';

export interface PreparedDatabase {
  /** Connection URL of the migrated application database. */
  url: string;
  /** The private cluster when no DATABASE_URL was given; stopped last on shutdown. */
  embedded: EmbeddedPostgres | null;
  /** Stops the embedded cluster (if any) and releases DATA_DIR. */
  release(): Promise<void>;
}

/**
 * One app per DATA_DIR: a second instance would otherwise stop the first one's PostgreSQL,
 * taking it for a leftover. The lock names our pid; a dead pid means the lock is stale.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.pid');
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`Another Lumiskin server (pid ${pid}) is using ${dataDir}; stop it first`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid), { mode: 0o600 });
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EPERM' || (code === 'ENOENT' && process.platform !== 'linux');
  }
}

/**
 * The application database of the server running on DATA_DIR, or null when none runs there.
 * For scripts (create-admin) that must act on the app's data while it runs: the cluster is the
 * server's (it stays up and locked), we only connect to it with the port from postmaster.pid and
 * the password file beside it.
 */
export function runningClusterUrl(dataDir: string): string | null {
  const dir = path.resolve(dataDir);
  try {
    const serverPid = Number.parseInt(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8'), 10);
    if (!serverPid || !isAlive(serverPid)) return null;
    // postmaster.pid: pid, data directory, start time, port, ... (PostgreSQL's storage docs).
    const lines = fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const port = Number.parseInt(lines[3] ?? '', 10);
    const password = fs.readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
    if (!port) return null;
    return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Why DATABASE_URL's server could not be reached, naming its host (never its password). */
function unreachable(databaseUrl: string, error: unknown): unknown {
  const why: Record<string, string> = {
    ECONNREFUSED: 'refused the connection',
    ENOTFOUND: 'names a host that does not resolve',
    EAI_AGAIN: 'names a host that does not resolve',
    ETIMEDOUT: 'did not answer',
  };
  // The driver's error, or one it wraps (a query error's cause, a connection's AggregateError).
  let reason: string | undefined;
  for (let e: unknown = error, depth = 0; e && !reason && depth < 5; depth++) {
    const err = e as NodeJS.ErrnoException & { errors?: unknown[] };
    reason = why[err.code ?? ''];
    e = err.cause ?? err.errors?.[0];
  }
  if (!reason) return error;
  let where = 'its host';
  try {
    const url = new URL(databaseUrl);
    where = `${url.hostname}:${url.port || 5432}`;
  } catch {
    // not a URL the parser knows: the host is not named
  }
  return new Error(
    `the PostgreSQL server in DATABASE_URL (${where}) ${reason}: is it running, and is the address right?`,
  );
}

/**
 * With a DATABASE_URL: migrate that server and use it (DATA_DIR is not touched).
 * Without: run a private PostgreSQL in DATA_DIR/pg, create the app database and migrate it.
 */
export async function prepareDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log: (message: string) => void;
}): Promise<PreparedDatabase> {
  if (options.databaseUrl) {
    await runMigrations(options.databaseUrl).catch((error: unknown) => {
      throw unreachable(options.databaseUrl as string, error);
    });
    return { url: options.databaseUrl, embedded: null, release: async () => {} };
  }

  const dataDir = path.resolve(options.dataDir);
  // As root, postgres runs as another user that must be able to enter DATA_DIR (not list it).
  fs.mkdirSync(dataDir, { recursive: true, mode: process.getuid?.() === 0 ? 0o711 : 0o700 });
  const unlock = lockDataDir(dataDir);
  let embedded: EmbeddedPostgres;
  try {
    embedded = await startEmbeddedPostgres({
      dir: path.join(dataDir, 'pg'),
      passwordFile: path.join(dataDir, 'pg-password'),
      logFile: path.join(dataDir, 'postgres.log'),
      log: options.log,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  try {
    await ensureDatabase(embedded.url(), EMBEDDED_DATABASE);
    const url = embedded.url(EMBEDDED_DATABASE);
    await runMigrations(url);
    // Once, however many callers ask (a signal during start-up and the start's own clean-up).
    let released: Promise<void> | undefined;
    return {
      url,
      embedded,
      release() {
        released ??= embedded.stop().then(unlock);
        return released;
      },
    };
  } catch (error) {
    await embedded.stop();
    unlock();
    throw error;
  }
}
