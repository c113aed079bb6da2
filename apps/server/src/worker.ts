// `npm run worker` (or `node --import tsx apps/server/src/worker.ts`, or dist/worker.js): a job
// worker beside the web servers — queued scans (SCAN_MODE=queue), mail, clean-up, reminders and
// photo sweeps — on the same database and environment as them. Run as many as you like, on any
// machines.
import { ConfigError, parseEnv, shutdownGraceMs, type Env } from './config';
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
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    say(`${signal}: taking no more jobs; finishing ${worker.app.jobs.running()} in flight`);
    setTimeout(() => {
      console.error('[lumiskin worker] shutdown took too long; exiting');
      process.exit(1);
    }, grace).unref();
    try {
      // Jobs still running near the end of the grace are handed back to the queue.
      await worker.stop(Math.max(1000, grace - 5000));
      say('stopped');
      process.exit(0);
    } catch (error) {
      console.error('[lumiskin worker] error while stopping', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(
    '[lumiskin worker] could not start:',
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
