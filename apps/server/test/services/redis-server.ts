import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../src/db/embedded-postgres';

/**
 * A throwaway redis-server (Debian's, installed by scripts/ensure-services.sh) for the tests: on a
 * free loopback port, nothing persisted, its own temp directory. Valkey's server works the same.
 */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops it (SIGTERM; SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop), e.g. to end a simulated outage. */
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;

export function redisServerBinary(): string {
  const candidates = [
    process.env.REDIS_SERVER_PATH,
    '/usr/bin/redis-server',
    '/usr/bin/valkey-server',
    '/usr/local/bin/redis-server',
    '/usr/local/bin/valkey-server',
  ];
  const found = candidates.find((file) => file && fs.existsSync(file));
  if (!found) {
    throw new Error(
      'No redis-server: run `bash scripts/ensure-services.sh redis` from the repository root ' +
        '(npm test does), or set REDIS_SERVER_PATH to a redis-server or valkey-server binary.',
    );
  }
  return found;
}

/** Resolves when something answers PING on the port with PONG. */
async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function startRedisServer(
  options: { log?: (line: string) => void } = {},
): Promise<RedisServer> {
  const binary = redisServerBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    output = '';
    const proc = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      options.log?.(chunk.toString());
    };
    proc.stdout?.on('data', collect);
    proc.stderr?.on('data', collect);
    let exited: number | null | undefined;
    proc.once('exit', (code) => (exited = code));
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (exited !== undefined) throw new Error(`redis-server exited (${exited}):\n${output}`);
      if (await answersPing(port)) return;
      await sleep(25);
    }
    proc.kill('SIGKILL');
    throw new Error(`redis-server did not answer within ${READY_TIMEOUT_MS / 1000}s:\n${output}`);
  };

  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const kill = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(kill);
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
