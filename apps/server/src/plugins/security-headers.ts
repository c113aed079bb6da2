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
 * Helmet's security headers on every response (API, pages, files, 404s and errors), computed
 * once at start (decision 092). @fastify/helmet built helmet's whole middleware chain again for
 * every request (helmet(options)(req, res) in an onRequest hook): ~8 % of the CPU time of a
 * cached catalogue request.
 */
async function securityHeaders(app: FastifyInstance, options: { helmet: HelmetOptions }) {
  const headers = helmetHeaders(options.helmet);
  app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
