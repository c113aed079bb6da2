import {
  errorCodes,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read answered from memory by its onRequest hook (`answerKept`): no handler timeout is
     * armed for its requests (decision 148, `ANSWERED_FROM_MEMORY` in cached-body.ts).
     */
    noHandlerTimeout?: boolean;
  }
}

/**
 * The app's handler timeout (REQUEST_TIMEOUT_MS) on every route that sets none of its own, but
 * the reads answered from memory, whose handlers arm it themselves (`timed`, decision 148).
 *
 * Fastify's server-wide `handlerTimeout` arms, for every request of every route and before the
 * first onRequest hook, an AbortController, a timer and a `close` listener on the request, and
 * takes them down when the answer is sent: ≈ 4–5 µs of CPU per request measured on a bare
 * Fastify route, about a tenth of what a kept public read costs in all. A route cannot opt out of
 * the server's value (a route's 0 is refused, and unset means the server's), so the app's value is
 * given route by route here instead: the same timeout for every route that had it, none from
 * Fastify for a route whose config says `noHandlerTimeout` (its kept answers leave from the
 * onRequest hook; its handler, run on a miss or for a reader, arms the same timeout itself).
 *
 * Registered on the root before any route, so every route of every scope passes through it (an
 * onRoute hook sees only routes added after it). The not-found handler is not a route: see
 * `withHandlerTimeout`.
 */
export function defaultHandlerTimeout(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.noHandlerTimeout === true) return;
    route.handlerTimeout ??= timeoutMs;
  });
}

/**
 * `work` (a handler's body) under a handler timeout of `timeoutMs`, as Fastify's own option gives
 * a route: an answer not sent by then becomes Fastify's FST_ERR_HANDLER_TIMEOUT (503 `timeout`
 * through the error handler), an answer already under way is cut. For what Fastify's option cannot
 * reach: the not-found handler (`setNotFoundHandler` takes none), and the handlers of the reads
 * answered from memory, which arm it only when they run (a miss, a reader's own list), not for
 * the kept answers their onRequest hook sends (decision 148).
 */
export async function timed<R>(
  request: FastifyRequest,
  reply: FastifyReply,
  timeoutMs: number,
  work: () => Promise<R>,
): Promise<R> {
  const timer = setTimeout(() => {
    if (reply.sent) return;
    const error = new errorCodes.FST_ERR_HANDLER_TIMEOUT(timeoutMs, request.url);
    if (reply.raw.headersSent) reply.raw.destroy(error);
    else void reply.send(error);
  }, timeoutMs);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
  }
}

/** A not-found handler under the app's handler timeout (`timed`). */
export function withHandlerTimeout<R>(
  timeoutMs: number,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<R>,
) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    timed(request, reply, timeoutMs, () => handler(request, reply));
}
