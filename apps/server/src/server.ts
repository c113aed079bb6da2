import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { appConfigFromEnv, ConfigError, parseEnv, shutdownGraceMs, type Env } from './config';
import { prepareDatabase, type PreparedDatabase } from './db/database';
import { AdminBootstrapRefused, bootstrapAdmin } from './modules/auth/bootstrap-admin';
import { seedDemoStory } from './modules/demo/story';
import { getGazetteer } from './modules/geo/gazetteer';
import { startupLines } from './lib/startup-lines';
import { exitOnStopSignals } from './lib/stop-signals';
import { serverVersion } from './paths';
import { demoSeeders, runSeeders, seedContentOnce } from './seed';

const say = (message: string) => console.log(`[lumiskin] ${message}`);
/** A signal arrived before the server listened (see start). */
let stoppingWhileStarting = false;

async function start(env: Env): Promise<{ app: FastifyInstance; database: PreparedDatabase }> {
  // The offline gazetteer takes about a second of synchronous work to read and index: do it
  // first, before the app exists, so it never stalls requests (or a SIGTERM) once the server is
  // up, and the load shedding's event-loop figure (plugins/under-pressure.ts) never counts it.
  const geoStarted = performance.now();
  getGazetteer();
  say(`gazetteer ready in ${Math.round(performance.now() - geoStarted)} ms`);
  const database = await prepareDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    log: say,
  });
  // Until the server listens (a first start builds the demo story for seconds), a signal's
  // default action would end the process and leave the embedded PostgreSQL running until the
  // next start stops it: stop it now, and the start-up's own failure then says nothing.
  const stopWhileStarting = (signal: NodeJS.Signals) => {
    stoppingWhileStarting = true;
    say(`${signal} while starting: stopping`);
    void database.release().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stopWhileStarting);
  process.once('SIGTERM', stopWhileStarting);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ ...appConfigFromEnv(env, serverVersion()), databaseUrl: database.url });
    // Content (catalogue, articles, quiz bank) on every database, once per content version (not
    // at every boot of every instance); demo accounts only when asked.
    // A new content version changes what instances still running the last one keep in memory.
    if (await seedContentOnce(app.db, say)) await app.publicContent.invalidate();
    const seedDemo = database.embedded && env.SEED_DEMO;
    if (seedDemo) await runSeeders(app.db, say, demoSeeders);
    // The demo account's ten weeks of scans (the real engine, once) or its dates moved to today.
    // Demo content only: if it cannot be built or brought up to date, the app still starts and
    // says so (moving the dates is one transaction: nothing is left half moved).
    if (seedDemo) {
      try {
        await seedDemoStory(app, { log: (m) => say(`seed demo-story: ${m}`) });
      } catch (err) {
        if (stoppingWhileStarting) throw err;
        say(`seed demo-story: not brought up to date (${(err as Error).message.split('\n')[0]})`);
      }
    }
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      try {
        const { outcome, revokedSessions } = await bootstrapAdmin(app.db, {
          email: env.ADMIN_EMAIL,
          password: env.ADMIN_PASSWORD,
          name: env.ADMIN_NAME,
          promoteExisting: env.ADMIN_PROMOTE_EXISTING,
          via: 'ADMIN_EMAIL',
        });
        // Sessions it revoked may be kept by instances already running.
        if (revokedSessions > 0) await app.forgetUser('*');
        say(
          `${outcome} admin ${env.ADMIN_EMAIL}` +
            (revokedSessions > 0 ? ` (${revokedSessions} sessions revoked)` : ''),
        );
      } catch (error) {
        // Not fatal: the app runs without that admin, and every start says why (decision 070).
        if (!(error instanceof AdminBootstrapRefused)) throw error;
        say(`ADMIN_EMAIL not applied: ${error.message}`);
      }
    }
    // A signal came while starting: its handler is stopping PostgreSQL; never listen on that.
    if (stoppingWhileStarting) throw new Error('stopped while starting');
    await app.listen({ port: env.PORT, host: env.HOST }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      throw new Error(
        `port ${env.PORT} on ${env.HOST} is in use by another program: stop it, or choose another port (PORT=<port> npm start)`,
      );
    });
    return { app, database };
  } catch (error) {
    await app?.close();
    await database.release();
    throw error;
  } finally {
    // Listening (or failed): exitOnStopSignals or the failure's exit takes over.
    process.off('SIGINT', stopWhileStarting);
    process.off('SIGTERM', stopWhileStarting);
  }
}

async function main() {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(
      `[lumiskin] ${error.message}\nFix these variables (see apps/server/.env.example) and start again.`,
    );
    process.exit(1);
  }

  const { app, database } = await start(env);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(startupLines(env, port).join('\n'));

  // Long enough for an inline scan that started just before the signal (SHUTDOWN_GRACE_MS).
  const grace = shutdownGraceMs(env);

  exitOnStopSignals({
    prefix: '[lumiskin]',
    graceMs: grace,
    announce: (signal) =>
      `${signal}: finishing requests, scans and jobs in flight (up to ${grace / 1000} s), then stopping`,
    stop: async () => {
      // Stops taking jobs and lets running ones finish, stops accepting, waits for in-flight
      // requests (inline scans included: their limit is below the grace), closes the DB pool.
      await app.close();
      await database.release(); // stops the embedded PostgreSQL last
    },
  });
}

main().catch((error: unknown) => {
  // Stopped by a signal while starting: that handler exits once PostgreSQL has stopped.
  if (stoppingWhileStarting) return;
  console.error('[lumiskin] could not start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
