import { ErrorCode } from '@lumiskin/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from '../../plugins/errors';

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

/**
 * Counts the request against `limiter`; over the limit, answers 429 with Retry-After and a
 * sentence built from the wait ("3 minutes").
 */
export async function enforceLimit(
  limiter: RouteLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  sentence: (wait: string) => string,
) {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', String(result.ttlInSeconds));
  const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
  throw new HttpError(
    429,
    ErrorCode.rateLimited,
    sentence(`${minutes} minute${minutes === 1 ? '' : 's'}`),
  );
}

/** Fixed-window counters in memory, bounded in size. */
class Counters {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly windowMs: number) {}

  get(key: string, now = Date.now()): { count: number; ttlSeconds: number } {
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

const normalEmail = (request: FastifyRequest) =>
  String((request.body as { email?: unknown }).email)
    .trim()
    .toLowerCase();

/**
 * Brute-force protection without a lock-out lever (decision 021). Counted: failures (or, for
 * endpoints without a failure, requests) per IP, per (account, IP) and per account.
 * - an (account, IP) pair over `authMax` in the window, or an IP over IP_FACTOR × `authMax`
 *   (shared NATs), gets 429;
 * - the account's own count only slows attempts down (exponential, capped at `slowdownMaxMs`),
 *   so nobody elsewhere can make the right password from a clean IP answer anything but 200.
 */
export function credentialThrottle(app: FastifyInstance) {
  const { authMax: max, authWindowS, slowdownMaxMs } = app.config.rateLimit;
  const maxDelay = slowdownMaxMs ?? DEFAULT_SLOWDOWN_MAX_MS;
  const counters = new Counters(authWindowS * 1000);
  const ipKey = (request: FastifyRequest) => `ip:${request.ip}`;
  const pairKey = (request: FastifyRequest) => `pair:${normalEmail(request)}\u0000${request.ip}`;
  const accountKey = (request: FastifyRequest) => `account:${normalEmail(request)}`;

  const refuseIfOver = (key: string, limit: number, reply: FastifyReply) => {
    const { count, ttlSeconds } = counters.get(key);
    if (count >= limit) throw tooMany(reply, ttlSeconds);
  };

  return {
    /** Hooks to spread into the route options: per IP before the body is parsed, then the rest. */
    hooks: {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) =>
        refuseIfOver(ipKey(request), max * IP_FACTOR, reply),
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        refuseIfOver(pairKey(request), max, reply);
        const over = counters.get(accountKey(request)).count - max;
        if (over >= 0) await sleep(Math.min(maxDelay, SLOWDOWN_BASE_MS * 2 ** Math.min(over, 16)));
      },
    },
    /** Counts a failure (or a request) against the IP, the (account, IP) pair and the account. */
    fail(request: FastifyRequest) {
      counters.add(ipKey(request));
      counters.add(pairKey(request));
      counters.add(accountKey(request));
    },
    /** A correct password forgives this IP's failures on this account. */
    succeed(request: FastifyRequest) {
      counters.clear(pairKey(request));
    },
  };
}

/**
 * Per client IP and per (email, IP) request limits, for endpoints where a count per email alone
 * would let anyone block someone else's address (registration).
 */
export function credentialLimits(app: FastifyInstance, name: string) {
  const { authMax: max, authWindowS } = app.config.rateLimit;
  const timeWindow = authWindowS * 1000;
  const perIp = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req) => `${name}:ip:${req.ip}`,
  });
  const perEmailAndIp = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req) => `${name}:email-ip:${normalEmail(req)}\u0000${req.ip}`,
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
