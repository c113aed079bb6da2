import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultHandlerTimeout } from './http/handler-timeout';
import { fastSerializerCompiler } from './lib/fast-serializer';
import type { AppConfig, ConnectionsConfig } from './config';
import adminRoutes from './modules/admin/routes';
import { productImageRoutes } from './modules/admin/products-routes';
import settingsRoutes from './modules/settings/routes';
import analysisRoutes from './modules/analysis/routes';
import authRoutes from './modules/auth/routes';
import blogRoutes from './modules/blog/routes';
import dashboardRoutes from './modules/dashboard/routes';
import geoRoutes from './modules/geo/routes';
import healthRoutes from './modules/health/routes';
import mixRoutes from './modules/mix/routes';
import ordersRoutes from './modules/orders/routes';
import quizRoutes from './modules/quiz/routes';
import routineRoutes from './modules/routine/routes';
import searchRoutes from './modules/search/routes';
import shopRoutes from './modules/shop/routes';
import emailChangeRoutes from './modules/users/email-change-routes';
import passwordResetRoutes from './modules/users/password-reset-routes';
import { apkFileRoutes, downloadInfoRoutes } from './modules/downloads/routes';
import usersRoutes from './modules/users/routes';
import { notificationsRoutes, pushRoutes, pushTokenRoutes } from './modules/notifications/routes';
import notificationsPlugin from './plugins/notifications';
import authPlugin from './plugins/auth';
import cataloguePlugin from './plugins/catalogue';
import jobsPlugin from './plugins/jobs';
import settingsPlugin from './plugins/settings';
import mailerPlugin from './plugins/mailer';
import photoStoragePlugin from './plugins/photo-storage';
import scanJobsPlugin from './plugins/scan-jobs';
import photoSweeperPlugin from './plugins/photo-sweeper';
import scanPoolPlugin from './plugins/scan-pool';
import weatherPlugin from './plugins/weather';
import dbPlugin from './plugins/db';
import errorsPlugin, { requestErrorCodes, sendFrameworkError } from './plugins/errors';
import markdownPlugin from './plugins/markdown';
import readinessPlugin from './plugins/readiness';
import redisPlugin from './plugins/redis';
import broadcastPlugin from './plugins/broadcast';
import publicContentPlugin from './plugins/public-content';
import underPressurePlugin from './plugins/under-pressure';
import requestGuardsPlugin from './plugins/request-guards';
import { authenticateDeclared } from './http/auth';
import { refuseUnreadBodies, strictValidatorCompiler } from './http/validation';
import { serializeError, serializeRequest } from './lib/log-serializers';
import { redactLogArguments } from './lib/log-redaction';
import { lazyChildLoggerFactory, REQUEST_ID_LABEL } from './lib/lazy-request-logger';
import securityHeadersPlugin, {
  API_HELMET_OPTIONS,
  HELMET_OPTIONS,
} from './plugins/security-headers';
import type { PageRenderer } from '@lumiskin/contract/page-render';
import spaPlugin from './plugins/spa';
import { devMailRoutes } from './modules/mail/dev-mail-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/**
 * Route modules, each mounted under /api + prefix. A new module is one line here:
 * its `routes.ts` default-exports a FastifyPluginAsyncZod.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plugins differ in their type provider
const modules: { prefix: string; routes: FastifyPluginAsync<any> }[] = [
  { prefix: '/auth', routes: authRoutes },
  { prefix: '/geo', routes: geoRoutes },
  { prefix: '/shop', routes: shopRoutes },
  { prefix: '/mix', routes: mixRoutes },
  { prefix: '/orders', routes: ordersRoutes },
  { prefix: '/blog', routes: blogRoutes },
  { prefix: '/search', routes: searchRoutes },
  { prefix: '/analysis', routes: analysisRoutes },
  { prefix: '/quiz', routes: quizRoutes },
  { prefix: '/dashboard', routes: dashboardRoutes },
  { prefix: '/routine', routes: routineRoutes },
  { prefix: '/users', routes: usersRoutes },
  { prefix: '/notifications', routes: notificationsRoutes },
  { prefix: '/push', routes: pushRoutes },
  // The spec's path (docs/product-rules.md#api): /api/user (singular) for the native app's token.
  { prefix: '/user', routes: pushTokenRoutes },
  { prefix: '/auth', routes: passwordResetRoutes },
  { prefix: '/auth', routes: emailChangeRoutes },
  { prefix: '/app', routes: downloadInfoRoutes },
  { prefix: '/shop', routes: productImageRoutes },
  { prefix: '/admin', routes: adminRoutes },
  { prefix: '/settings', routes: settingsRoutes },
];

/**
 * Fastify's trustProxy for TRUST_PROXY (decision 028). A hop count becomes "trust the nearest n
 * addresses" (Fastify 5 reads a bare number as trust nothing): with 1, the client is the address
 * the proxy appended, and whatever the client wrote further left is ignored.
 */
export function trustProxyOption(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Idle and slow connections end within seconds, and open connections stay well below the file
 * limit (decision 071): a client opening thousands of idle sockets once took the process's last
 * file descriptor, and an EMFILE thrown from a timer ended it.
 */
function limitConnections(app: FastifyInstance, connections: ConnectionsConfig): void {
  const server = app.server;
  // Node wants headersTimeout ≤ requestTimeout; requestTimeout is ≥ 60 s above.
  server.headersTimeout = Math.min(connections.headersTimeoutMs, server.requestTimeout || Infinity);
  // Beyond it Node closes a new connection at once; the rest are served as ever.
  server.maxConnections = connections.maxConnections;
  let lastWarned = 0;
  server.on('drop', () => {
    if (Date.now() - lastWarned < 10_000) return;
    lastWarned = Date.now();
    app.log.warn({ maxConnections: connections.maxConnections }, 'connection refused: at the cap');
  });
  // An accept that fails (EMFILE: out of descriptors anyway) is the listening server's 'error'
  // event, which ends the process when nothing listens for it: log it and keep serving.
  app.addHook('onListen', async () => {
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (Date.now() - lastWarned < 10_000) return;
      lastWarned = Date.now();
      app.log.warn({ code: error.code, syscall: error.syscall }, 'could not accept a connection');
    });
  });
}

/**
 * One line per answered request: `GET /api/blog/posts 200 4 ms`, the path without its query (a
 * query can hold a reset token, an email or a place), with the request id. 5xx are also logged
 * with their error by the error handler. Written through the root logger with the id, as the
 * request's child would write it, so that a request nothing else logs for makes no pino child
 * (decision 145, lib/lazy-request-logger.ts).
 */
function logRequests(app: FastifyInstance): void {
  // A callback hook, and nothing built when the level leaves info lines out (LOG_LEVEL=warn).
  app.addHook('onResponse', (request, reply, done) => {
    if (!LOGS_INFO.has(request.log.level)) return done();
    const path = request.url.split('?')[0];
    const ms = Math.round(reply.elapsedTime);
    const code = requestErrorCodes.get(request);
    app.log.info(
      { [REQUEST_ID_LABEL]: request.id, statusCode: reply.statusCode, ms, ...(code && { code }) },
      `${request.method} ${path} ${reply.statusCode} ${ms} ms${code ? ` ${code}` : ''}`,
    );
    done();
  });
}

/** The levels at which pino writes info lines. */
const LOGS_INFO = new Set(['info', 'debug', 'trace']);

export interface BuildAppOptions extends AppConfig {
  databaseUrl: string;
  /** The public pages' server renderer; see plugins/spa.ts (tests pass their own). */
  pageRenderer?: PageRenderer | null;
}

export async function buildApp(config: BuildAppOptions): Promise<FastifyInstance> {
  const { connections } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // URLs without token/code query values; database errors without their parameters.
      serializers: { req: serializeRequest, err: (error: Error) => serializeError(error) },
      ...(config.logStream && { stream: config.logStream }),
      hooks: {
        // Tokens, headers that carry secrets, personal data and photo bytes never reach the
        // log (lib/log-redaction.ts, decision 093): hidden here, when a line is written, not
        // for every request's child logger as pino's `redact` paths were.
        // @fastify/compress logs a browser that stopped reading a compressed answer (a page
        // left while an image or script was still arriving) as an error; it is not one.
        logMethod(args, method, level) {
          const [first] = args as unknown[];
          const isClientGone =
            level >= 50 && first instanceof Error && first.message === 'premature close';
          if (isClientGone) return this.debug(...(args as [Error]));
          return method.apply(this, redactLogArguments(args) as typeof args);
        },
      },
    },
    // Routes that take uploads raise this per route (`bodyLimit`).
    bodyLimit: config.bodyLimitBytes,
    // No server-wide `handlerTimeout`: the app's is given route by route (below, decision 148).
    // Receiving the request (slowloris protection); generous for uploads on slow links.
    requestTimeout: Math.max(config.requestTimeoutMs * 2, 60_000),
    // Idle kept-alive sockets close after this (Fastify's 72 s default let idle sockets pile up).
    ...(connections && { keepAliveTimeout: connections.keepAliveTimeoutMs }),
    // Node checks the head and request timeouts this often (default 30 s): a silent socket then
    // closes within headersTimeout + 1 s.
    http: { connectionsCheckingInterval: 1_000 },
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // An address that does not decode, or a segment over the router's 100 characters: answered
    // `{detail, code}` like every other error (plugins/errors.ts).
    frameworkErrors: sendFrameworkError,
    // node:crypto's own (the global webcrypto one goes through an extra layer per request).
    genReqId: () => randomUUID(),
    // Fastify's two lines per request (incoming, completed) become one (logRequests below).
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: REQUEST_ID_LABEL,
    }),
    // A request's pino child is made when something logs for it, not for every request
    // (decision 145): the id is bound the same way, redaction and serializers are the root's.
    childLoggerFactory: lazyChildLoggerFactory,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  // Whole request lifecycle, on every route added from here on but the reads answered from
  // memory; slow routes (analysis, the export) set their own `handlerTimeout` (decision 148).
  defaultHandlerTimeout(app, config.requestTimeoutMs);
  if (connections) limitConnections(app, connections);
  if (config.requestLog ?? true) logRequests(app);

  app.setValidatorCompiler(strictValidatorCompiler);
  refuseUnreadBodies(app);
  // Answers are written by code compiled from the zod contract's JSON Schema (decision 088).
  app.setSerializerCompiler(fastSerializerCompiler);
  app.decorate('config', config);

  // Once closing (SIGTERM), every answer still going out closes its connection: in
  // plugins/request-guards.ts, one onSend hook with the unread-body case (decision 145).

  // 1. External plugins (and what they need: readiness checks, the shared Redis)
  await app.register(errorsPlugin);
  await app.register(requestGuardsPlugin);
  await app.register(readinessPlugin);
  await app.register(redisPlugin, { config: config.redis ?? null });
  await app.register(broadcastPlugin);
  // Helmet's headers on every response, computed once (decision 092).
  await app.register(securityHeadersPlugin, { helmet: HELMET_OPTIONS, api: API_HELMET_OPTIONS });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.rateLimit.max,
    timeWindow: '1 minute',
    // With Redis the counts are every instance's together (decision 027).
    ...(app.redis && { redis: app.redis, nameSpace: 'rate-limit:' }),
    // Redis down: the general and scan limits let requests through (they guard capacity, not
    // secrets); the credential limits set skipOnError false and refuse instead (rate-limits.ts).
    skipOnError: true,
    // The x-ratelimit-* headers go with a 429 (beside retry-after), not on every answer: no
    // client reads them, and they were three of every answer's headers (decision 103).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
  // multipart/form-data only where uploads are taken (http/uploads.ts, decision 145).
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Lumiskin API', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // 2. Our decorators
  await app.register(dbPlugin, { databaseUrl: config.databaseUrl });
  if (config.underPressure) await app.register(underPressurePlugin, config.underPressure);
  await app.register(authPlugin);
  // The job queue before everything that declares jobs (they close first, it stops first).
  await app.register(jobsPlugin, { databaseUrl: config.databaseUrl });
  // Infrastructure the routes use, each a named plugin that closes what it opened.
  await app.register(photoStoragePlugin);
  await app.register(photoSweeperPlugin);
  await app.register(scanPoolPlugin);
  await app.register(weatherPlugin);
  await app.register(mailerPlugin);
  await app.register(cataloguePlugin);
  await app.register(publicContentPlugin);
  await app.register(scanJobsPlugin);
  await app.register(markdownPlugin);
  await app.register(settingsPlugin);
  await app.register(notificationsPlugin);

  // 3. Routes: everything under /api, with the general per-IP limit, except the health check
  // a load balancer polls (it must never answer 429).
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(
    async (api) => {
      const limit = api.rateLimit({ max: config.rateLimit.max, timeWindow: 60_000 });
      api.addHook('onRequest', limit);
      // Then a route that declares bearer security authenticates, once, before its body is read;
      // its handler reads the typed request.user (http/auth.ts).
      api.addHook('onRequest', authenticateDeclared);
      for (const { prefix, routes } of modules) await api.register(routes, { prefix });
    },
    { prefix: '/api' },
  );

  // Development only: the mailbox page (no SMTP, NODE_ENV not production).
  if (config.devMailbox) await app.register(devMailRoutes);

  // 4. Downloads (the Android app), the web app and the 404s
  await app.register(apkFileRoutes);
  await app.register(spaPlugin, { webDist: config.webDist, pageRenderer: config.pageRenderer });

  return app;
}
