import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's settings: its defaults (HSTS, nosniff, frame and referrer policies, COOP/CORP…)
 * and our Content-Security-Policy.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    // What the Vite-built React SPA needs: own scripts only, inline styles (radix positions
    // popovers with style attributes), camera frames and uploads as data:/blob: images,
    // a service worker. No upgrade-insecure-requests: it breaks plain http on a LAN address.
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      // 'wasm-unsafe-eval': the on-device skin engine compiles its WebAssembly (our own .wasm,
      // from /engine/); it allows WebAssembly compilation only, not eval or inline scripts.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      scriptSrcAttr: ["'none'"],
    },
  },
};

/**
 * The headers helmet's middleware writes for `options`, read once by running it against a
 * response that only records them. Every value is static here (no CSP nonce, no directive given
 * as a function of the request), so every response gets exactly these.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const nonce = /nonce-|function/;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  if (Object.values(headers).some((value) => nonce.test(value))) {
    throw new Error('helmetHeaders: the headers depend on the request');
  }
  return headers;
}

/**
 * Helmet's settings for API answers (JSON, and the photos and files the API sends): what the
 * OWASP REST Security cheat sheet asks of every API response (decision 117). A strict CSP that
 * lets the answer load nothing and be framed by no one, `X-Frame-Options: DENY` for browsers
 * without frame-ancestors, nosniff, HSTS, CORP and no referrer. Off: what only means something
 * for a document (COOP, Origin-Agent-Cluster, DNS prefetch of a page's links, IE8's download
 * prompt, Flash/Acrobat cross-domain policies, the retired XSS auditor's switch).
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

const API = /^\/api(?:[/?]|$)/;
const API_DOCS = /^\/api\/docs(?:[/?]|$)/;

/**
 * Whether a request is answered by the API (JSON, or a photo or file it sends), not a document:
 * everything under /api but the Swagger UI's pages (/api/docs), which are HTML.
 */
export function isApiAnswer(url: string): boolean {
  return API.test(url) && !API_DOCS.test(url);
}

/**
 * Helmet's security headers on every response, computed once at start (decision 092): API
 * answers get the short JSON set, documents (the SPA, server-rendered pages, built files, the
 * Swagger UI) the full set with our CSP (decision 117). @fastify/helmet built helmet's whole
 * middleware chain again for every request: ~8 % of the CPU time of a cached catalogue request.
 */
async function securityHeaders(
  app: FastifyInstance,
  options: { helmet: HelmetOptions; api: HelmetOptions },
) {
  const documents = helmetHeaders(options.helmet);
  const api = helmetHeaders(options.api);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.headers(isApiAnswer(request.url) ? api : documents);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
