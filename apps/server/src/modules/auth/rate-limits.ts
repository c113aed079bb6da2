import { ErrorCode } from '@lumiskin/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';

type RouteLimiter = ReturnType<FastifyInstance['createRateLimit']>;

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

/**
 * Two independent limits on credential endpoints: per client IP (one machine trying many
 * accounts) and per email (many machines trying one account). Each has its own counter.
 */
export function credentialLimits(app: FastifyInstance, name: string) {
  const { authMax: max, authWindowS } = app.config.rateLimit;
  const timeWindow = authWindowS * 1000;
  const perIp = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req) => `${name}:ip:${req.ip}`,
  });
  const perEmail = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req) =>
      `${name}:email:${String((req.body as { email?: unknown }).email)
        .trim()
        .toLowerCase()}`,
  });

  const check = (limiter: RouteLimiter, request: FastifyRequest, reply: FastifyReply) =>
    enforceLimit(
      limiter,
      request,
      reply,
      (wait) => `Too many attempts. Please try again in ${wait}.`,
    );

  return {
    // Per IP before the body is even parsed; per email once it is validated.
    onRequest: (request: FastifyRequest, reply: FastifyReply) => check(perIp, request, reply),
    preHandler: (request: FastifyRequest, reply: FastifyReply) => check(perEmail, request, reply),
  };
}
