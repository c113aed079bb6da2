import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * A word to every instance: "forget user X's sessions", "the public content changed". Caches in
 * this process subscribe to a topic and drop what a message names (decision 086).
 */
export interface Broadcast {
  /**
   * Runs this process's handlers of `topic` at once, then publishes to every other instance
   * (with Redis); resolves once Redis took the message (or could not: logged).
   */
  publish(topic: string, message: string): Promise<void>;
  /**
   * `handler(message)` for every message of `topic`, from here or another instance; `null` when
   * messages may have been missed (the subscription came back after an outage): forget all.
   */
  subscribe(topic: string, handler: (message: string | null) => void): void;
  /**
   * False while another instance's messages could be missed (Redis is configured but this
   * process is not subscribed): an in-memory cache must not answer from memory then.
   */
  isLive(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    broadcast: Broadcast;
  }
}

const CHANNEL = 'broadcast';
/** How long start-up waits for the subscription before going on without it (not live). */
const SUBSCRIBE_WAIT_MS = 5_000;

async function broadcastPlugin(app: FastifyInstance) {
  const handlers = new Map<string, ((message: string | null) => void)[]>();
  const deliver = (topic: string, message: string | null) => {
    for (const handler of handlers.get(topic) ?? []) handler(message);
  };
  const forgetAll = () => {
    for (const topic of handlers.keys()) deliver(topic, null);
  };
  const subscribe: Broadcast['subscribe'] = (topic, handler) => {
    handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
  };
  const redis: Redis | null = app.redis;
  if (!redis) {
    app.decorate('broadcast', {
      async publish(topic, message) {
        deliver(topic, message);
      },
      subscribe,
      isLive: () => true,
    } satisfies Broadcast);
    return;
  }

  // Channels are not keys: ioredis does not prefix them, so the deployment's prefix is added here.
  const channel = `${String(redis.options.keyPrefix ?? '')}${CHANNEL}`;
  const self = crypto.randomUUID();
  // A connection in subscriber mode can do nothing else: its own, queueing the SUBSCRIBE until
  // connected (and re-subscribing after every reconnect, ioredis's default).
  const subscriber = redis.duplicate({
    keyPrefix: '',
    enableOfflineQueue: true,
    lazyConnect: true,
  });
  let isSubscribed = false;
  let everSubscribed = false;
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    try {
      const { topic, message, sender } = JSON.parse(raw) as {
        topic: string;
        message: string;
        sender: string;
      };
      if (sender !== self) deliver(topic, message);
    } catch {
      app.log.warn('broadcast: a message that is not ours was ignored');
    }
  });
  const onSubscribed = () => {
    // Back after an outage: whatever was said meanwhile is lost, so everything is forgotten.
    if (everSubscribed) forgetAll();
    everSubscribed = true;
    isSubscribed = true;
  };
  subscriber.on('ready', () => {
    // ioredis re-subscribes on its own right after 'ready'; confirmed when SUBSCRIBE answers.
    if (everSubscribed) {
      subscriber.subscribe(channel).then(onSubscribed, () => {});
    }
  });
  subscriber.on('close', () => {
    isSubscribed = false;
  });
  subscriber.on('error', () => {
    isSubscribed = false; // logged by the main client; this one only loses its subscription
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      subscriber.connect().then(() => subscriber.subscribe(channel)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), SUBSCRIBE_WAIT_MS);
      }),
    ]);
    onSubscribed();
  } catch (error) {
    app.log.error(
      { message: error instanceof Error ? error.message : String(error) },
      'broadcast: not subscribed at start; caches answer from the database until it is',
    );
    subscriber.once('ready', () => {
      subscriber.subscribe(channel).then(onSubscribed, () => {});
    });
  } finally {
    clearTimeout(timer);
  }
  app.addHook('onClose', async () => {
    subscriber.disconnect();
  });

  app.decorate('broadcast', {
    async publish(topic, message) {
      deliver(topic, message);
      await redis
        .publish(channel, JSON.stringify({ topic, message, sender: self }))
        .catch((error: unknown) => {
          app.log.warn({ err: error }, `broadcast: other instances not told (${topic})`);
        });
    },
    subscribe,
    isLive: () => isSubscribed && subscriber.status === 'ready',
  } satisfies Broadcast);
}

export default fp(broadcastPlugin, { name: 'broadcast', dependencies: ['redis'] });
