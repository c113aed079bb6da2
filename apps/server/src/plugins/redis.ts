import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RedisConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The Redis/Valkey every instance shares (rate limits, page and Markdown caches), or null
     * when REDIS_URL is not set: then each of those keeps its state in this process, as before.
     */
    redis: Redis | null;
  }
}

/** How long start-up waits for a first connection before going on without it (logged). */
const CONNECT_WAIT_MS = 5_000;

/**
 * A client that never makes a request wait for Redis: commands fail at once while it is
 * disconnected (no offline queue) and after `commandTimeoutMs` when it is slow, and each user of
 * it decides what a failure means (decision 027). It reconnects on its own in the background.
 */
export function createRedisClient(config: RedisConfig, log: FastifyBaseLogger): Redis {
  const client = new Redis(config.url, {
    keyPrefix: config.keyPrefix,
    commandTimeout: config.commandTimeoutMs,
    connectTimeout: Math.max(1_000, config.commandTimeoutMs * 4),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    // Reconnect every 100 ms … 2 s, for ever: an outage ends when Redis is back.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // Logged once per change of state, never per failed command (an outage would flood the log).
  let isUp = false;
  client.on('ready', () => {
    if (!isUp) log.info('redis connected');
    isUp = true;
  });
  client.on('error', (error: Error & { code?: string }) => {
    if (isUp) log.error({ code: error.code, message: error.message }, 'redis unreachable');
    isUp = false;
  });
  client.on('end', () => {
    isUp = false;
  });
  return client;
}

async function redisPlugin(app: FastifyInstance, options: { config: RedisConfig | null }) {
  if (!options.config) {
    app.decorate('redis', null);
    return;
  }
  const client = createRedisClient(options.config, app.log);
  app.decorate('redis', client);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), CONNECT_WAIT_MS);
      }),
    ]);
  } catch (error) {
    // Starting anyway: /api/health/ready says "redis down" (the balancer sends no traffic),
    // and the client keeps reconnecting.
    app.log.error(
      { message: error instanceof Error ? error.message : String(error) },
      'redis not reachable at start; going on without it until it is',
    );
  } finally {
    clearTimeout(timer);
  }
  app.readiness.add('redis', async () => {
    await client.ping();
  });
  app.addHook('onClose', async () => {
    // QUIT lets replies in flight arrive; a dead server gets a disconnect instead of a wait.
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  });
}

export default fp(redisPlugin, { name: 'redis', dependencies: ['readiness'] });
