import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UnderPressureConfig } from '../config';
import { HttpError } from '../http/errors';
import { DATABASE_RETRY_AFTER_S } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a request now would be shed (503). */
    isUnderPressure(): boolean;
  }
  interface FastifyContextConfig {
    /** A route's own answer under pressure; returning nothing serves the route anyway. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
}

/** The database check's own limit: a pool so busy that `select 1` waits this long is saturated. */
const DB_CHECK_TIMEOUT_MS = 2_000;
/** At most one "shedding load" line per this long (a flood of 503s must not flood the log). */
const LOG_EVERY_MS = 10_000;

/** What was over its limit, for the log (the names @fastify/under-pressure used). */
type PressureType = 'eventLoopDelay' | 'heapUsedBytes' | 'rssBytes' | 'healthCheck';

/** The event-loop delay histogram's resolution; its mean includes it, so it is taken off. */
const LOOP_RESOLUTION_MS = 10;

/**
 * The mean delay of the loop's 10 ms timer over one sampling window, in ms. A reset forgets the
 * timer's last tick, so the first tick after it records nothing: a window with no record is one in
 * which the timer could not tick twice, a loop blocked for (nearly) the whole window. Its mean is
 * NaN, and reading that as "no delay" made a stall that began right after a sample invisible
 * (2.5 s blocked, 0 ms measured); such a window's delay is its length.
 */
export function loopDelay(
  histogram: Pick<IntervalHistogram, 'count' | 'mean'>,
  windowMs: number,
): number {
  const meanMs = histogram.count > 0 ? histogram.mean / 1e6 : windowMs;
  return Number.isFinite(meanMs) ? Math.max(0, meanMs - LOOP_RESOLUTION_MS) : 0;
}

/**
 * Load shedding (as fastify/demo's `plugins/external/under-pressure.ts`, written out here since
 * issue 30): past the event-loop delay, heap or RSS threshold, or while the database does not
 * answer `select 1` within 2 s, every request gets 503 with Retry-After and our `{detail, code}`
 * before it costs anything, instead of queueing until the process drowns. The health routes opt
 * out (they must answer); /api/health/ready reports the pressure as its `load` check.
 *
 * Every figure is sampled inside try/catch: reading the RSS opens /proc/self/stat, which throws
 * EMFILE when the process is out of file descriptors, and @fastify/under-pressure's timer let that
 * escape and end the process (issue 30). A failed read keeps the last figure.
 */
async function underPressurePlugin(app: FastifyInstance, config: UnderPressureConfig) {
  let lastLogged = 0;
  const sampleIntervalMs = config.sampleIntervalMs ?? 1000;
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  let eventLoopDelay = 0;
  let heapUsed = 0;
  let rssBytes = 0;
  let isDatabaseHealthy = true;

  let windowStart = performance.now();
  const sample = () => {
    try {
      const now = performance.now();
      eventLoopDelay = loopDelay(loop, now - windowStart);
      windowStart = now;
      loop.reset();
      heapUsed = v8.getHeapStatistics().used_heap_size;
      rssBytes = process.memoryUsage().rss;
    } catch (error) {
      // EMFILE and friends: keep the last figures, say so at most once per LOG_EVERY_MS.
      if (Date.now() - lastLogged > LOG_EVERY_MS) {
        lastLogged = Date.now();
        app.log.warn({ err: error }, 'load shedding could not read the memory figures');
      }
    }
  };
  const sampler = setInterval(sample, sampleIntervalMs);
  sampler.unref();
  // What the start-up did before listening (seeding, the admin's hash, a machine busy starting
  // other instances) is no request's lag: a stall then would shed the first second of requests.
  app.addHook('onListen', (done) => {
    loop.reset();
    windowStart = performance.now();
    eventLoopDelay = 0;
    done();
  });

  const checkDatabase = async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.sql`select 1`,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS);
        }),
      ]);
      isDatabaseHealthy = true;
    } catch {
      isDatabaseHealthy = false;
    } finally {
      clearTimeout(timer);
    }
  };
  let dbTimer: NodeJS.Timeout | undefined;
  let isClosing = false;
  if (config.dbCheckIntervalMs > 0) {
    await checkDatabase();
    const again = () => {
      dbTimer = setTimeout(() => {
        void checkDatabase().finally(() => {
          if (!isClosing) again();
        });
      }, config.dbCheckIntervalMs);
      dbTimer.unref();
    };
    again();
  }
  app.addHook('onClose', async () => {
    isClosing = true;
    clearInterval(sampler);
    clearTimeout(dbTimer);
    loop.disable();
  });

  const pressure = (): { type: PressureType; value: number | undefined } | null => {
    if (config.maxEventLoopDelayMs > 0 && eventLoopDelay > config.maxEventLoopDelayMs)
      return { type: 'eventLoopDelay', value: eventLoopDelay };
    if (config.maxHeapUsedBytes > 0 && heapUsed > config.maxHeapUsedBytes)
      return { type: 'heapUsedBytes', value: heapUsed };
    if (config.maxRssBytes > 0 && rssBytes > config.maxRssBytes)
      return { type: 'rssBytes', value: rssBytes };
    if (!isDatabaseHealthy) return { type: 'healthCheck', value: undefined };
    return null;
  };
  app.decorate('isUnderPressure', () => pressure() !== null);

  /** Under pressure: the route's own answer, or a 503 thrown to the one error handler. */
  const shed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    found: NonNullable<ReturnType<typeof pressure>>,
  ) => {
    // A route's own handler (the health routes): it decides; returning nothing serves the route.
    const own = request.routeOptions.config?.pressureHandler;
    if (own) {
      own(request, reply);
      return;
    }
    const isDatabase = found.type === 'healthCheck';
    if (Date.now() - lastLogged > LOG_EVERY_MS) {
      lastLogged = Date.now();
      request.log.warn(found, 'under pressure: answering 503');
    }
    void reply.header(
      'retry-after',
      String(isDatabase ? DATABASE_RETRY_AFTER_S : config.retryAfterS),
    );
    // Thrown: the one error handler sends it, as for any HttpError.
    throw isDatabase
      ? new HttpError(
          503,
          'database_unavailable',
          'The service is briefly unavailable. Please try again in a few seconds.',
        )
      : new HttpError(
          503,
          'overloaded',
          'The server is very busy. Please try again in a few seconds.',
        );
  };
  // A callback hook: a request with no pressure passes without a promise (decision 131).
  app.addHook('onRequest', (request, reply, done) => {
    const found = pressure();
    if (!found) return done();
    shed(request, reply, found).then(() => done(), done);
  });

  app.readiness.add('load', async () => {
    if (app.isUnderPressure()) throw new Error('under pressure');
  });
}

export default fp(underPressurePlugin, {
  name: 'under-pressure',
  dependencies: ['db', 'readiness', 'errors'],
});
