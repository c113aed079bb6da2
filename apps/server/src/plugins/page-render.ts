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

interface CachedPage {
  expires: number;
  html: string;
}

/**
 * Serves server-rendered pages: `page(request)` resolves to the whole HTML document, or null when
 * the request should get the plain index.html.
 */
export function createPageServer(
  app: FastifyInstance,
  options: { template: string; manifest: Record<string, ManifestChunk>; renderer: PageRenderer },
) {
  const { template, manifest, renderer } = options;
  const cache = new Map<string, CachedPage>();

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

  function remember(url: string, html: string) {
    cache.delete(url);
    cache.set(url, { expires: Date.now() + PAGE_TTL_MS, html });
    if (cache.size > PAGE_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }

  return {
    /** Forget every rendered page (after content an admin changed); the next visit renders anew. */
    invalidate() {
      cache.clear();
    },
    /**
     * The whole HTML document of a server-rendered page; `notFound` when no such page exists (the
     * shell is sent with a 404); null when the browser should render the page from the shell.
     */
    async page(request: FastifyRequest): Promise<string | 'notFound' | null> {
      // Dates and numbers follow the visitor's language: one cached page per language and URL.
      const key = `${language(request)} ${request.url}`;
      const cached = cache.get(key);
      if (cached && cached.expires > Date.now()) return cached.html;
      const page = await render(request);
      // A failed render is not kept: the next request tries again.
      if (!page) return null;
      if (page.status === 404) return 'notFound';
      const html = assemblePage(template, page, routeAssets(manifest, page.modules, template));
      if (page.cacheable) remember(key, html);
      return html;
    },
  };
}

/** True when the built index.html has the empty root the renderer's markup goes into. */
export function canHostRenderedPages(template: string): boolean {
  return template.includes(ROOT) && template.includes('</head>');
}
