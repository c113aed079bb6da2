import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ROUTE_MODULES_ID,
  type ApiTransport,
  type PageRenderer,
  type RenderedPage,
} from '@lumiskin/contract/page-render';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/*
 * Server rendering of the public pages (docs/decisions/013). The web app's renderer
 * (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr) renders a page for a visitor; this
 * file puts its HTML into the built index.html, answers the API calls it makes in process, keeps
 * each page for a few seconds, and falls back to the plain app shell whenever anything goes wrong.
 */

/** How long a rendered page is reused: the same for every visitor, and its data changes rarely. */
export const PAGE_TTL_MS = 5_000;
/** Distinct URLs (e.g. /shop?q=…) kept at once; the oldest goes first. */
export const PAGE_CACHE_SIZE = 100;
/** A render slower than this sends the app shell instead (the browser renders the page). */
export const RENDER_TIMEOUT_MS = 2_000;

const ROOT = '<div id="root"></div>';

/** The built renderer beside the web build, when there is one. */
export async function loadPageRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): Promise<PageRenderer | null> {
  const entry = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  try {
    const module: unknown = await import(pathToFileURL(entry).href);
    const render = (module as { render?: unknown }).render;
    if (typeof render !== 'function') throw new Error('it has no render function');
    return { render: render as PageRenderer['render'] };
  } catch (error) {
    log.warn({ err: error }, `Server rendering is off: ${entry} could not be loaded`);
    return null;
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * What a lazy route module needs, from Vite's manifest: its CSS as stylesheet links for <head>,
 * and its chunk and imports as a JSON list that the page's boot script preloads once the page
 * has painted (it starts the app then too: the HTML and stylesheet paint first, alone).
 */
export function routeAssets(
  manifest: Record<string, ManifestChunk>,
  modules: string[],
  alreadyInPage: string,
): { stylesheets: string; scripts: string } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  const fresh = (file: string) => !alreadyInPage.includes(`/${file}"`);
  const list = [...scripts].filter(fresh).map((file) => `/${file}`);
  return {
    stylesheets: [...styles]
      .filter(fresh)
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join(''),
    // File names only ([\w.-/]); nothing here can close the block.
    scripts: `<script type="application/json" id="${ROUTE_MODULES_ID}">${JSON.stringify(list)}</script>`,
  };
}

/** React puts a page's <title>, <meta> and preload <link>s first; they belong in <head>. */
function splitHead(html: string): { head: string; body: string } {
  const match = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/.exec(html);
  const head = match?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

/** index.html with the rendered page in it: its head tags, route assets, markup and data. */
export function assemblePage(
  template: string,
  page: RenderedPage,
  assets: { stylesheets: string; scripts: string },
): string {
  const { head, body } = splitHead(page.html);
  let document = template;
  // The page's own title and description replace the app's defaults.
  if (head.includes('<title>')) document = document.replace(/<title>[^<]*<\/title>/, '');
  if (/<meta name="description"/.test(head))
    document = document.replace(/<meta\s+name="description"[^>]*>/, '');
  return document
    .replace('</head>', () => `${head}${assets.stylesheets}</head>`)
    .replace(ROOT, () => `<div id="root">${body}</div>${page.state}${assets.scripts}`);
}

/** The first language the visitor asks for ('en-US,en;q=0.9' → 'en-US'), bounded. */
function language(request: FastifyRequest): string {
  const header = request.headers['accept-language'];
  return (typeof header === 'string' ? header : '')
    .split(',')[0]!
    .split(';')[0]!
    .trim()
    .slice(0, 35);
}

/**
 * Where rendered pages are kept: this process's map, or Redis shared by every instance. A read
 * returns the content version it saw; a render is stored under that version, so a page rendered
 * while an admin's change landed is never served as current (decision 027).
 */
export interface PageCache {
  get(key: string): Promise<{ html: string | null; version: string | null }>;
  set(key: string, html: string, version: string): Promise<void>;
  /** Every page rendered before this call is stale, on every instance sharing the cache. */
  invalidate(): Promise<void>;
}

export function memoryPageCache(): PageCache {
  const pages = new Map<string, { expires: number; html: string; version: string }>();
  let version = 0;
  return {
    async get(key) {
      const page = pages.get(key);
      const current = String(version);
      const isFresh = page && page.expires > Date.now() && page.version === current;
      return { html: isFresh ? page.html : null, version: current };
    },
    async set(key, html, renderedAt) {
      if (renderedAt !== String(version)) return;
      pages.delete(key);
      pages.set(key, { expires: Date.now() + PAGE_TTL_MS, html, version: renderedAt });
      if (pages.size > PAGE_CACHE_SIZE) {
        const oldest = pages.keys().next().value;
        if (oldest !== undefined) pages.delete(oldest);
      }
    },
    async invalidate() {
      version++;
      pages.clear();
    },
  };
}

const VERSION_KEY = 'pages:version';
const pageKey = (key: string) =>
  `pages:${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;

/**
 * The pages in Redis for every instance: one MGET reads the shared content version with the page
 * (stored as "version\nhtml", PAGE_TTL_MS), and an admin's change is one INCR of that version. If
 * Redis fails, pages are rendered without the cache (never an error page because of it).
 */
export function redisPageCache(redis: Redis, log: FastifyBaseLogger): PageCache {
  return {
    async get(key) {
      try {
        const [version, stored] = await redis.mget(VERSION_KEY, pageKey(key));
        const current = version ?? '0';
        const cut = stored?.indexOf('\n') ?? -1;
        const isFresh = stored && cut > 0 && stored.slice(0, cut) === current;
        return { html: isFresh ? stored.slice(cut + 1) : null, version: current };
      } catch (error) {
        log.debug({ err: error }, 'page cache: redis read failed');
        return { html: null, version: null };
      }
    },
    async set(key, html, version) {
      await redis
        .set(pageKey(key), `${version}\n${html}`, 'PX', PAGE_TTL_MS)
        .catch((error: unknown) => log.debug({ err: error }, 'page cache: redis write failed'));
    },
    async invalidate() {
      await redis.incr(VERSION_KEY).catch((error: unknown) => {
        // Pages live PAGE_TTL_MS: other instances show the old one that long at most.
        log.warn({ err: error }, 'page cache: other instances not told of the change (redis)');
      });
    },
  };
}

/**
 * Serves server-rendered pages: `page(request)` resolves to the whole HTML document, or null when
 * the request should get the plain index.html.
 */
export function createPageServer(
  app: FastifyInstance,
  options: {
    template: string;
    manifest: Record<string, ManifestChunk>;
    renderer: PageRenderer;
    cache: PageCache;
  },
) {
  const { template, manifest, renderer, cache } = options;
  /** Renders in flight by cache key: concurrent misses of one page wait for one render. */
  const rendering = new Map<string, Promise<Served>>();
  /** Keys whose last render was not reusable (an article counts a view): nobody waits on those. */
  const ownRender = new Set<string>();

  /** The page's API calls, answered in process for the visitor who asked (their IP's limits). */
  function transportFor(request: FastifyRequest): ApiTransport {
    return async (url, init) => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        remoteAddress: request.ip,
        headers: {
          accept: 'application/json',
          ...(request.headers['user-agent'] && { 'user-agent': request.headers['user-agent'] }),
        },
      });
      const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
      return new Response(hasBody ? answer.body : null, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
  }

  async function render(request: FastifyRequest): Promise<RenderedPage | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        request.log.warn(`Server render of ${request.url} took over ${RENDER_TIMEOUT_MS} ms`);
        resolve(null);
      }, RENDER_TIMEOUT_MS);
    });
    try {
      const page = await Promise.race([
        renderer.render(request.url, {
          fetch: transportFor(request),
          ...(language(request) && { acceptLanguage: language(request) }),
        }),
        timeout,
      ]);
      return page && (page.status === 200 || page.status === 404) ? page : null;
    } catch (error) {
      request.log.error({ err: error }, `Server render of ${request.url} failed`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A render for this request, its page stored when it may be reused. */
  async function renderAndKeep(
    request: FastifyRequest,
    key: string,
    version: string | null,
  ): Promise<Served> {
    const page = await render(request);
    // A failed render is not kept: the next request tries again.
    if (!page) return { html: null, isShared: true };
    if (page.status === 404) return { html: 'notFound', isShared: true };
    const html = assemblePage(template, page, routeAssets(manifest, page.modules, template));
    if (page.cacheable && version !== null) await cache.set(key, html, version);
    return { html, isShared: page.cacheable };
  }

  return {
    /** Forget every rendered page (after content an admin changed); the next visit renders anew. */
    invalidate: () => cache.invalidate(),
    /**
     * The whole HTML document of a server-rendered page; `notFound` when no such page exists (the
     * shell is sent with a 404); null when the browser should render the page from the shell.
     */
    async page(request: FastifyRequest): Promise<string | 'notFound' | null> {
      // Dates and numbers follow the visitor's language: one cached page per language and URL.
      const key = `${language(request)} ${request.url}`;
      const { html, version } = await cache.get(key);
      if (html !== null) return html;
      // Single flight in this process (other instances render their own, decision 027). A page
      // that counts a view is not shared: each waiting visitor then renders their own.
      const inFlight = ownRender.has(key) ? undefined : rendering.get(key);
      if (inFlight) {
        const served = await inFlight;
        if (served.isShared) return served.html;
      }
      const mine = renderAndKeep(request, key, version);
      if (!inFlight) {
        rendering.set(key, mine);
        void mine.finally(() => rendering.delete(key)).catch(() => {});
      }
      const served = await mine;
      if (served.isShared) ownRender.delete(key);
      else if (ownRender.size < PAGE_CACHE_SIZE) ownRender.add(key);
      return served.html;
    },
  };
}

/** A render's answer, and whether visitors waiting for the same page may be given it. */
interface Served {
  html: string | 'notFound' | null;
  isShared: boolean;
}
/** True when the built index.html has the empty root the renderer's markup goes into. */
export function canHostRenderedPages(template: string): boolean {
  return template.includes(ROOT) && template.includes('</head>');
}
