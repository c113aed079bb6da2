// `npm run worker` (or `node --import tsx apps/server/src/worker.ts`, or dist/worker.js): a job
// worker beside the web servers — queued scans (SCAN_MODE=queue), mail, clean-up, reminders and
// photo sweeps — on the same database and environment as them. Run as many as you like, on any
// machines.
import { ConfigError, parseEnv, shutdownGraceMs, type Env } from './config';
import { exitOnStopSignals } from './lib/stop-signals';
import { startWorker } from './start-worker';

const say = (message: string) => console.log(`[lumiskin worker] ${message}`);

async function main() {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(
      `[lumiskin worker] ${error.message}\nFix these variables (see apps/server/.env.example) and start again.`,
    );
    process.exit(1);
  }
  // `npm run worker -w @lumiskin/server` runs in apps/server: a relative DATA_DIR means the
  // directory npm was started from, as for the server.
  const worker = await startWorker(env, { cwd: process.env.INIT_CWD ?? process.cwd() });
  say(`ready (pid ${process.pid}): taking ${worker.queues.join(', ')}`);

  const grace = shutdownGraceMs(env);
  exitOnStopSignals({
    prefix: '[lumiskin worker]',
    graceMs: grace,
    announce: (signal) =>
      `${signal}: taking no more jobs; finishing ${worker.app.jobs.running()} in flight`,
    // Jobs still running near the end of the grace are handed back to the queue.
    stop: () => worker.stop(Math.max(1000, grace - 5000)),
  });
}

main().catch((error: unknown) => {
  console.error(
    '[lumiskin worker] could not start:',
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
