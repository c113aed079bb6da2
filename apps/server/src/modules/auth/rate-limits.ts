import { ErrorCode } from '@lumiskin/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';

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

  async function check(limiter: typeof perIp, request: FastifyRequest, reply: FastifyReply) {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
    throw new HttpError(
      429,
      ErrorCode.rateLimited,
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  return {
    // Per IP before the body is even parsed; per email once it is validated.
    onRequest: (request: FastifyRequest, reply: FastifyReply) => check(perIp, request, reply),
    preHandler: (request: FastifyRequest, reply: FastifyReply) => check(perEmail, request, reply),
  };
}
