// @ts-check
/** The built server on a throwaway data directory, for the benchmarks (run `npm run build` first). */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const distDir = path.join(webRoot, 'dist');
const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the built server on a throwaway data directory; returns its URL and a stop function.
 * `webDist`: another build of the web app to serve (default apps/web/dist), for A/B benches.
 */
export async function startServer({ webDist = distDir } = {}) {
  for (const file of [path.join(webDist, 'index.html'), serverEntry]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-bench-'));
  fs.chmodSync(dataDir, 0o711); // as root, the embedded PostgreSQL runs as another user
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      EMBEDDED_DB: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, 120_000);
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
