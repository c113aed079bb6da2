import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withHandlerTimeout } from '../http/handler-timeout';
import { sendNotFound } from './errors';
import type { PageRenderer } from '@lumiskin/contract/page-render';
import {
  canHostRenderedPages,
  createPageServer,
  loadPageRenderer,
  memoryPageCache,
  redisPageCache,
} from './page-render';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html and un-hashed files (favicon, manifest, service worker) are revalidated every time.
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lumiskin</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<h1>Lumiskin's API is running</h1>
<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>) from the
repository root, then reload this page.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p>
</body></html>`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Client-side routes get index.html; paths that look like files (or /assets/...) do not. */
function isAppRoute(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return (
    !pathname.startsWith('/assets/') &&
    !pathname.startsWith('/engine/') &&
    path.extname(pathname) === ''
  );
}

export interface SpaOptions {
  webDist: string | null;
  /**
   * Renders the public pages on the server (page-render.ts). Left out: the web build's own
   * renderer (apps/web/dist-ssr) when it exists; null: never (every page is the plain shell).
   */
  pageRenderer?: PageRenderer | null;
}

/** Reads a JSON file, or {} when it is missing or unreadable. */
function readJson(file: string): Record<string, never> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, never>;
  } catch {
    return {};
  }
}

/**
 * Serves the built SPA (apps/web/dist) beside the API: hashed files under /assets/ and the
 * on-device engine's files under /engine/<content hash>/ (decision 094) are cached for a year, everything else is revalidated, unknown app paths fall back to index.html and
 * unknown /api paths get a JSON 404. The public pages come server-rendered when a renderer exists.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The server-rendered public pages' cache; content writes call invalidate() (every instance's
     * pages when they share Redis).
     */
    pages: { invalidate(): Promise<void> };
  }
}

async function spaPlugin(app: FastifyInstance, options: SpaOptions) {
  const root = options.webDist;
  const hasBuild = root !== null && fs.existsSync(path.join(root, 'index.html'));
  if (root && !hasBuild) app.log.warn(`No web build in ${root}; run \`npm run build\``);

  const template = hasBuild ? fs.readFileSync(path.join(root, 'index.html'), 'utf8') : '';
  const renderer =
    hasBuild && canHostRenderedPages(template)
      ? options.pageRenderer === undefined
        ? await loadPageRenderer(root, app.log)
        : options.pageRenderer
      : null;
  const pages = renderer
    ? createPageServer(app, {
        template,
        manifest: readJson(path.join(root ?? '', '.vite', 'manifest.json')),
        renderer,
        cache: app.redis ? redisPageCache(app.redis, app.log) : memoryPageCache(),
      })
    : null;

  app.decorate('pages', { invalidate: async () => pages?.invalidate() });

  /** An app route: its server-rendered page, else index.html (the browser renders it). */
  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    // HEAD gets the shell's headers: a render can have an effect (an article's view).
    const html = request.method === 'GET' ? await pages?.page(request) : null;
    if (html === 'notFound')
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(template);
    if (!html) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(html);
  }

  if (hasBuild) {
    const assets = path.join(root, 'assets') + path.sep;
    // The on-device engine's models and WASM, in a directory named by their content hash.
    const engine = path.join(root, 'engine') + path.sep;
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      cacheControl: false,
      // The web build writes .br and .gz copies of its text files (apps/web/vite.config.ts):
      // sent as they are, instead of compressing every script for every visitor (decision 040).
      // A file without copies is compressed on the fly by @fastify/compress as before.
      preCompressed: true,
      // Build metadata (.vite/manifest.json) is the server's, not the web's.
      allowedPath: (pathname) => !pathname.split('/').some((part) => part.startsWith('.')),
      // @fastify/static 10 passes the reply, not the raw response.
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(assets) || filePath.startsWith(engine);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
    // The wildcard route would answer / as a directory (403).
    app.get('/', { schema: { hide: true } }, sendApp);
  }

  // The app's handler timeout, which Fastify gave the not-found handler while it was server-wide
  // (decision 148): the public pages render here.
  const notFound = withHandlerTimeout(
    app.config.requestTimeoutMs,
    async (request: FastifyRequest, reply: FastifyReply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (!isRead || isApiPath(request.url) || root === null || !isAppRoute(request.url)) {
        return sendNotFound(request, reply);
      }
      if (!hasBuild)
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', REVALIDATE)
          .send(NOT_BUILT_PAGE);
      return sendApp(request, reply);
    },
  );
  app.setNotFoundHandler(notFound);
}

export default fp(spaPlugin, { name: 'spa', dependencies: ['redis'] });
