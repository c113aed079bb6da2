import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startEmbeddedPostgres, type Binaries } from '../../src/db/embedded-postgres';
import { ensureDatabase } from '../../src/db/migrate';
import { startS3Server, type S3TestServer } from '../s3-server';
import { startRedisServer, type RedisServer } from '../services/redis-server';

/*
 * The scale proof's stack (scripts/test-scale.mjs): Debian's PostgreSQL and redis-server on free
 * loopback ports, an S3-compatible server (s3rver, test/s3-server.ts), app instances started as
 * `npm start` would start them (the real server entry) and queue workers started as
 * `npm run worker` would (src/worker.ts), each a child process. Everything started is stopped by
 * `stack.stop()`, which the suite's afterAll calls and which also runs if the process exits;
 * every wait is bounded.
 *
 * To add a scenario's own process: `stack.process({...})` starts any command and waits for a line
 * of its output; `stack.track(stop)` hands the stack anything else to stop.
 */

const serverRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverRoot, '../..');
const STOP_TIMEOUT_MS = 15_000;

/** Debian's PostgreSQL binaries (the newest in /usr/lib/postgresql, or PG_BIN_DIR). */
export function debianPostgresBinaries(): Binaries {
  const dir =
    process.env.PG_BIN_DIR ??
    fs
      .readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((x, y) => Number(y) - Number(x))
      .map((v) => `/usr/lib/postgresql/${v}/bin`)[0];
  if (!dir || !fs.existsSync(path.join(dir, 'postgres'))) {
    throw new Error('No Debian PostgreSQL: run `bash scripts/ensure-services.sh postgresql`');
  }
  return { postgres: path.join(dir, 'postgres'), initdb: path.join(dir, 'initdb') };
}

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once it exited. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after STOP_TIMEOUT_MS; resolves once it exited. */
  stop(): Promise<void>;
}

export interface Instance extends ManagedProcess {
  /** http://127.0.0.1:port */
  readonly url: string;
}

export interface ProcessOptions {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** A line of output meaning "ready"; its first capture group (if any) is returned. */
  ready: RegExp;
  timeoutMs?: number;
}

/**
 * As a load balancer does before sending an instance traffic: /api/health/ready answers 200
 * (database, Redis, bucket and load all fine). Listening is not enough: on a machine busy
 * starting four instances, one was still shedding load (503) for its first second.
 */
async function untilReady(name: string, url: string, output: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} not ready within ${timeoutMs} ms (${last}):\n${output()}`);
}

export class Stack {
  private readonly stops: { name: string; stop: () => Promise<void> }[] = [];
  private readonly children = new Set<ChildProcess>();
  private readonly outputs = new Map<string, () => string>();
  readonly tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-scale-'));
  private readonly onExit = () => {
    // Last resort (a crash): no await possible here, so kill what is still running.
    for (const child of this.children) child.kill('SIGKILL');
  };

  constructor() {
    fs.chmodSync(this.tempDir, 0o711); // as root, postgres (another user) must enter it
    process.on('exit', this.onExit);
  }

  /** Anything else to stop with the stack (last in, first out). */
  track(name: string, stop: () => Promise<void>): void {
    this.stops.push({ name, stop });
  }

  async postgres(): Promise<{ url: string; adminUrl: string }> {
    const pg = await startEmbeddedPostgres({
      dir: path.join(this.tempDir, 'pg'),
      passwordFile: path.join(this.tempDir, 'pg-password'),
      logFile: path.join(this.tempDir, 'postgres.log'),
      binaries: debianPostgresBinaries(),
      relocationDir: path.join(this.tempDir, 'relocated'),
      // a throwaway cluster: no durability needed, and room for several instances' pools
      settings: { fsync: 'off', synchronous_commit: 'off', max_connections: '200' },
    });
    this.track('postgresql', () => pg.stop());
    await ensureDatabase(pg.url(), 'lumiskin');
    return { url: pg.url('lumiskin'), adminUrl: pg.url() };
  }

  async redis(): Promise<RedisServer> {
    const redis = await startRedisServer();
    this.track('redis', () => redis.close());
    return redis;
  }

  /** s3rver with an empty bucket; `env` is what points an app process at it. */
  async s3(bucket: string): Promise<S3TestServer & { env: Record<string, string> }> {
    const s3 = await startS3Server(bucket);
    this.track('s3', () => s3.close());
    const { config } = s3;
    return {
      ...s3,
      env: {
        S3_BUCKET: config.bucket,
        S3_ENDPOINT: config.endpoint ?? '',
        S3_REGION: config.region,
        S3_ACCESS_KEY_ID: config.accessKeyId ?? '',
        S3_SECRET_ACCESS_KEY: config.secretAccessKey ?? '',
        S3_FORCE_PATH_STYLE: String(config.forcePathStyle),
        S3_KEY_PREFIX: config.keyPrefix,
      },
    };
  }

  /** What every app process gets before its own variables: a production process, quiet. */
  private baseEnv(name: string): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(this.tempDir, `data-${name}`),
    };
  }

  /** Starts any command and waits for `ready` in its output (bounded). */
  async process(options: ProcessOptions): Promise<ManagedProcess & { match: RegExpMatchArray }> {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd ?? repoRoot,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.add(child);
    let output = '';
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        this.children.delete(child);
        resolve(code);
      }),
    );
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    };
    this.track(options.name, stop);
    this.outputs.set(options.name, () => output);
    const timeoutMs = options.timeoutMs ?? 90_000;
    const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${options.name} not ready within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const found = options.ready.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${options.name} exited (${code}) before it was ready:\n${output}`));
      });
    });
    return { name: options.name, child, output: () => output, exited, stop, match };
  }

  /**
   * An app instance: the real server entry (src/server.ts through tsx, as `npm run dev` minus the
   * watcher; the same code `npm run build` bundles) on a free port, against the given services.
   */
  async instance(name: string, env: Record<string, string>): Promise<Instance> {
    const port = await freePort();
    const started = await this.process({
      name,
      command: process.execPath,
      args: ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')],
      cwd: serverRoot,
      env: {
        ...this.baseEnv(name),
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
        // no scan thread warms up at start: an instance scans nothing inline here (queued
        // scans are the workers')
        SCAN_WORKERS_MIN: '0',
        ...env,
      },
      ready: /Lumiskin is running at http:\/\/localhost:(\d+)/,
    });
    const url = `http://127.0.0.1:${started.match[1]}`;
    await untilReady(name, url, started.output);
    return { ...started, url };
  }

  /**
   * A job worker (src/worker.ts through tsx, as `npm run worker` minus npm) with one engine
   * thread; ready once it has loaded the engine and takes jobs.
   */
  async worker(name: string, env: Record<string, string>): Promise<ManagedProcess> {
    return this.process({
      name,
      command: process.execPath,
      args: ['--import', 'tsx', path.join(serverRoot, 'src/worker.ts')],
      cwd: serverRoot,
      env: {
        ...this.baseEnv(name),
        SCAN_MODE: 'queue',
        SCAN_WORKERS_MIN: '1',
        SCAN_WORKERS_MAX: '1',
        ...env,
      },
      ready: /\[lumiskin worker\] ready/,
    });
  }

  /** The last lines each process printed, to read when a scenario failed. */
  logs(lines = 30): string {
    return [...this.outputs]
      .map(
        ([name, output]) =>
          `--- ${name} ---\n${output().trim().split('\n').slice(-lines).join('\n')}`,
      )
      .join('\n');
  }

  /** Stops everything started, newest first; collects failures instead of stopping at one. */
  async stop(): Promise<void> {
    const problems: string[] = [];
    for (const { name, stop } of this.stops.reverse()) {
      try {
        await Promise.race([
          stop(),
          sleep(STOP_TIMEOUT_MS * 2).then(() => {
            throw new Error('did not stop in time');
          }),
        ]);
      } catch (error) {
        problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.stops.length = 0;
    this.onExit();
    process.off('exit', this.onExit);
    fs.rmSync(this.tempDir, { recursive: true, force: true });
    if (problems.length) throw new Error(`stack teardown:\n${problems.join('\n')}`);
  }
}

/** Polls `fn` until it returns true (bounded); returns the last answer. */
export async function eventually(fn: () => Promise<boolean>, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
}
