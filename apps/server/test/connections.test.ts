// Issue 30 item 2: idle sockets no longer exhaust the process's file descriptors (decision 071).
// The real server as a process under `ulimit -n 1024`, on loopback, with 1,100 idle sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMaxConnections, openFileSoftLimit } from '../src/lib/file-limit';
import { createTestDatabase } from './helper';

const serverRoot = path.resolve(import.meta.dirname, '..');
const SOCKETS = 1_100;
const HEADERS_TIMEOUT_MS = 10_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let child: ChildProcess | undefined;
let output = '';
let exitCode: number | null | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  if (child && exitCode === undefined) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  await database.drop();
});

/** `ulimit -n 1024`, then the server from source (PORT 0, loopback); resolves with its URL. */
function startServer(): Promise<string> {
  child = spawn(
    'bash',
    ['-c', `ulimit -n 1024 && exec "${process.execPath}" --import tsx src/server.ts`],
    {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: database.url,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        SCAN_WORKERS_MIN: '0',
        NOTIFICATIONS_INTERVAL_S: '0',
        PHOTO_SWEEP_INTERVAL_S: '0',
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.on('exit', (code) => (exitCode = code));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Lumiskin is running at http:\/\/localhost:(\d+)/);
      if (match?.[1]) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', onData);
    child!.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

interface IdleSocket {
  socket: net.Socket;
  opened: boolean;
  /** ms after the start of the flood when the server closed it; undefined while open. */
  closedAfter?: number;
}

/** Connects and sends nothing; records when the other end closes it. */
function openIdle(port: number, started: number): Promise<IdleSocket> {
  return new Promise((resolve) => {
    const entry: IdleSocket = { socket: net.connect(port, '127.0.0.1'), opened: false };
    entry.socket.resume();
    entry.socket.on('connect', () => {
      entry.opened = true;
      resolve(entry);
    });
    entry.socket.on('error', () => resolve(entry));
    entry.socket.on('close', () => {
      entry.closedAfter ??= performance.now() - started;
      resolve(entry);
    });
  });
}

async function health(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
  await res.body?.cancel();
  return { status: res.status, ms: performance.now() - started };
}

describe('idle connections under a 1,024 file limit', () => {
  it('reads the soft limit and caps connections well below it', () => {
    const limits = 'Max open files            1024                 4096                 files\n';
    expect(openFileSoftLimit(() => limits)).toBe(1024);
    expect(defaultMaxConnections(1024)).toBe(512);
    expect(openFileSoftLimit(() => 'garbage')).toBe(1024);
  });

  it(
    'stays up with 1,100 idle sockets, closes them within 15 s, and answers health within 1 s after',
    { timeout: 120_000 },
    async () => {
      const url = await startServer();
      const port = Number(new URL(url).port);
      expect((await health(url)).status).toBe(200);

      const started = performance.now();
      const sockets: IdleSocket[] = [];
      // In batches, as a client would open them, without overrunning the listen backlog.
      for (let i = 0; i < SOCKETS; i += 100) {
        const batch = Array.from({ length: Math.min(100, SOCKETS - i) }, () =>
          openIdle(port, started),
        );
        sockets.push(...(await Promise.all(batch)));
      }
      // Beyond the cap (512 of 1,024) the server shuts new connections at once.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const refused = sockets.filter((s) => s.closedAfter !== undefined).length;
      expect(refused).toBeGreaterThanOrEqual(SOCKETS - 512);
      expect(exitCode).toBeUndefined();

      // Every idle socket is closed by the server within 15 s of being opened.
      const deadline = performance.now() + 16_000;
      while (sockets.some((s) => s.closedAfter === undefined) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const stillOpen = sockets.filter((s) => s.closedAfter === undefined);
      for (const s of stillOpen) s.socket.destroy();
      expect(stillOpen.length).toBe(0);
      const slowest = Math.max(...sockets.map((s) => s.closedAfter ?? Infinity));
      expect(slowest).toBeLessThan(15_000);

      // The process lived through it and answers at once.
      expect(exitCode).toBeUndefined();
      const after = await health(url);
      expect(after.status).toBe(200);
      expect(after.ms).toBeLessThan(1_000);
      expect(output).not.toMatch(/EMFILE|could not start/);
      console.info(
        `[connections] ${SOCKETS} idle sockets: ${refused} refused at the cap, the last closed ` +
          `after ${Math.round(slowest)} ms; health afterwards in ${Math.round(after.ms)} ms`,
      );
    },
  );
});
