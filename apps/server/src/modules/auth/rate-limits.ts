import { ErrorCode } from '@lumiskin/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from '../../http/errors';

type RouteLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Longest wait an account's slow-down adds to one attempt (see decision 021). */
export const DEFAULT_SLOWDOWN_MAX_MS = 2_000;
const SLOWDOWN_BASE_MS = 250;
/** Counters kept in memory at most; beyond it expired, then oldest, keys are dropped. */
const MAX_KEYS = 50_000;
/** An IP may fail this many times `authMax` (many people behind one office or carrier NAT). */
export const IP_FACTOR = 3;

function tooMany(reply: FastifyReply, ttlSeconds: number): HttpError {
  reply.header('retry-after', String(ttlSeconds));
  const minutes = Math.max(1, Math.ceil(ttlSeconds / 60));
  return new HttpError(
    429,
    ErrorCode.rateLimited,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** Seconds to wait when the shared counters cannot be reached (decision 027). */
export const COUNTERS_RETRY_AFTER_S = 5;

/**
 * The answer when a credential limit cannot be checked (Redis down or slow): refusing beats
 * letting anyone guess without limit while it is away (decision 027).
 */
function countersUnavailable(reply: FastifyReply, request: FastifyRequest, error: unknown) {
  request.log.warn(
    { message: error instanceof Error ? error.message : String(error) },
    'credential limits unavailable: answering 503',
  );
  reply.header('retry-after', String(COUNTERS_RETRY_AFTER_S));
  return new HttpError(
    503,
    'temporarily_unavailable',
    'Signing in is briefly unavailable. Please try again in a few seconds.',
  );
}

/**
 * Counts the request against `limiter`; over the limit, answers 429 with Retry-After and a
 * sentence built from the wait ("3 minutes"). A limiter whose store fails (Redis down) and that
 * does not skip on errors (the credential ones) answers 503.
 */
export async function enforceLimit(
  limiter: RouteLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  sentence: (wait: string) => string,
) {
  let result: Awaited<ReturnType<RouteLimiter>>;
  try {
    result = await limiter(request);
  } catch (error) {
    throw countersUnavailable(reply, request, error);
  }
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', String(result.ttlInSeconds));
  const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
  throw new HttpError(
    429,
    ErrorCode.rateLimited,
    sentence(`${minutes} minute${minutes === 1 ? '' : 's'}`),
  );
}

/** One key's count in its current window and the seconds left of that window (0, 0: none). */
interface Count {
  count: number;
  ttlSeconds: number;
}

/**
 * Fixed-window failure counters, in this process or shared by every instance (Redis). Each key's
 * window starts at its first count and lasts the throttle's window.
 */
export interface CredentialCounters {
  read(keys: string[]): Promise<Count[]>;
  /** Adds one to every key, atomically. */
  add(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Fixed-window counters in memory, bounded in size. */
class Counters {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly windowMs: number) {}

  get(key: string, now = Date.now()): Count {
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) return { count: 0, ttlSeconds: 0 };
    return { count: entry.count, ttlSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  add(key: string, now = Date.now()): void {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count++;
      return;
    }
    this.entries.delete(key);
    if (this.entries.size >= MAX_KEYS) this.prune(now);
    this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    // Still full: drop the oldest windows (Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_KEYS) break;
      this.entries.delete(key);
    }
  }
}

export function memoryCounters(windowMs: number): CredentialCounters {
  const counters = new Counters(windowMs);
  return {
    read: async (keys) => keys.map((key) => counters.get(key)),
    add: async (keys) => keys.forEach((key) => counters.add(key)),
    clear: async (key) => counters.clear(key),
  };
}

/** Every key gets one more; a key's first count starts its window (atomic: one script). */
const ADD_SCRIPT = `
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 0`;
/** Count and milliseconds left of each key, flat: {count1, pttl1, count2, pttl2, ...}. */
const READ_SCRIPT = `
local out = {}
for _, key in ipairs(KEYS) do
  out[#out + 1] = tonumber(redis.call('GET', key) or '0')
  out[#out + 1] = redis.call('PTTL', key)
end
return out`;

interface ThrottleCommands {
  credentialAdd(keyCount: number, ...keysThenWindowMs: (string | number)[]): Promise<number>;
  credentialRead(keyCount: number, ...keys: string[]): Promise<number[]>;
}

/**
 * The same counters in Redis, shared by every instance: one round trip per hook, keys that expire
 * with their window (so the key space is bounded by the attempts of one window) and no email or
 * address in a key, only a hash of it.
 */
export function redisCounters(redis: Redis, windowMs: number): CredentialCounters {
  const commands = redis as unknown as Redis & ThrottleCommands;
  if (!('credentialAdd' in commands)) {
    redis.defineCommand('credentialAdd', { lua: ADD_SCRIPT });
    redis.defineCommand('credentialRead', { lua: READ_SCRIPT });
  }
  return {
    async read(keys) {
      const flat = await commands.credentialRead(keys.length, ...keys);
      return keys.map((_, i) => {
        const count = Number(flat[i * 2] ?? 0);
        const ttlMs = Number(flat[i * 2 + 1] ?? 0);
        return count > 0 && ttlMs > 0
          ? { count, ttlSeconds: Math.ceil(ttlMs / 1000) }
          : { count: 0, ttlSeconds: 0 };
      });
    },
    async add(keys) {
      await commands.credentialAdd(keys.length, ...keys, windowMs);
    },
    async clear(key) {
      await redis.del(key);
    },
  };
}

const normalEmail = (request: FastifyRequest) =>
  String((request.body as { email?: unknown }).email)
    .trim()
    .toLowerCase();

/** 128 bits of SHA-256: fixed-length keys that do not keep an email or IP readable. */
const digest = (text: string) =>
  crypto.createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * Brute-force protection without a lock-out lever (decision 021). Counted: failures (or, for
 * endpoints without a failure, requests) per IP, per (account, IP) and per account.
 * - an (account, IP) pair over `authMax` in the window, or an IP over IP_FACTOR × `authMax`
 *   (shared NATs), gets 429;
 * - the account's own count only slows attempts down (exponential, capped at `slowdownMaxMs`),
 *   so nobody elsewhere can make the right password from a clean IP answer anything but 200.
 * With Redis the counts are every instance's together; when they cannot be read the attempt is
 * refused with 503 (decision 027). `name` keeps each endpoint's counts apart.
 */
export function credentialThrottle(app: FastifyInstance, name: string) {
  const { authMax: max, authWindowS, slowdownMaxMs } = app.config.rateLimit;
  const maxDelay = slowdownMaxMs ?? DEFAULT_SLOWDOWN_MAX_MS;
  const windowMs = authWindowS * 1000;
  const counters = app.redis ? redisCounters(app.redis, windowMs) : memoryCounters(windowMs);
  const ipKey = (request: FastifyRequest) => `auth:${name}:ip:${digest(request.ip)}`;
  const pairKey = (request: FastifyRequest) =>
    `auth:${name}:pair:${digest(`${normalEmail(request)}\u0000${request.ip}`)}`;
  const accountKey = (request: FastifyRequest) =>
    `auth:${name}:account:${digest(normalEmail(request))}`;

  const read = async (request: FastifyRequest, reply: FastifyReply, keys: string[]) => {
    try {
      return await counters.read(keys);
    } catch (error) {
      throw countersUnavailable(reply, request, error);
    }
  };
  const refuseIfOver = ({ count, ttlSeconds }: Count, limit: number, reply: FastifyReply) => {
    if (count >= limit) throw tooMany(reply, ttlSeconds);
  };

  return {
    /** Hooks to spread into the route options: per IP before the body is parsed, then the rest. */
    hooks: {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const [ip] = await read(request, reply, [ipKey(request)]);
        refuseIfOver(ip!, max * IP_FACTOR, reply);
      },
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        const [pair, account] = await read(request, reply, [pairKey(request), accountKey(request)]);
        refuseIfOver(pair!, max, reply);
        const over = account!.count - max;
        if (over >= 0) await sleep(Math.min(maxDelay, SLOWDOWN_BASE_MS * 2 ** Math.min(over, 16)));
      },
    },
    /**
     * Counts a failure (or a request) against the IP, the (account, IP) pair and the account. A
     * count that cannot be written is logged; the attempt it counts was already made.
     */
    async fail(request: FastifyRequest) {
      await counters
        .add([ipKey(request), pairKey(request), accountKey(request)])
        .catch((error: unknown) => logLost(request, error));
    },
    /** A correct password forgives this IP's failures on this account. */
    async succeed(request: FastifyRequest) {
      await counters.clear(pairKey(request)).catch((error: unknown) => logLost(request, error));
    },
  };
}

function logLost(request: FastifyRequest, error: unknown) {
  request.log.warn(
    { message: error instanceof Error ? error.message : String(error) },
    'credential counter not written',
  );
}

/**
 * Per client IP and per (email, IP) request limits, for endpoints where a count per email alone
 * would let anyone block someone else's address (registration).
 */
export function credentialLimits(app: FastifyInstance, name: string) {
  const { authMax: max, authWindowS } = app.config.rateLimit;
  const timeWindow = authWindowS * 1000;
  // skipOnError false: with Redis down these refuse (503) instead of letting requests through.
  const perIp = app.createRateLimit({
    max,
    timeWindow,
    skipOnError: false,
    keyGenerator: (req) => `${name}:ip:${digest(req.ip)}`,
  });
  const perEmailAndIp = app.createRateLimit({
    max,
    timeWindow,
    skipOnError: false,
    keyGenerator: (req) => `${name}:email-ip:${digest(`${normalEmail(req)}\u0000${req.ip}`)}`,
  });

  const check = (limiter: RouteLimiter, request: FastifyRequest, reply: FastifyReply) =>
    enforceLimit(
      limiter,
      request,
      reply,
      (wait) => `Too many attempts. Please try again in ${wait}.`,
    );

  return {
    // Per IP before the body is even parsed; per (email, IP) once it is validated.
    onRequest: (request: FastifyRequest, reply: FastifyReply) => check(perIp, request, reply),
    preHandler: (request: FastifyRequest, reply: FastifyReply) =>
      check(perEmailAndIp, request, reply),
  };
}
