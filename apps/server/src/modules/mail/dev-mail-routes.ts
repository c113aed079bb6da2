import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import { latestOutbox } from './mailer';

/** Headers a proxy adds: a request carrying one came from further away than the proxy. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

/**
 * Whether the request comes from this machine: the socket's peer is a loopback address (never the
 * X-Forwarded-For address, which a client writes itself) and no proxy forwarded it (a proxy on the
 * same host would otherwise make every visitor look local).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const peer = (request.raw.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  if (peer === '::1') return true;
  return net.isIPv4(peer) && peer.startsWith('127.');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Links in a mail's text, made clickable (the text itself escaped). */
function linkify(text: string): string {
  return escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * GET /dev/mail: the development mailbox, a server-rendered list of the mail_outbox (password-reset
 * and email-change mail) for following their links without a mail server. Registered only when no SMTP is set and
 * NODE_ENV is not production (config.devMailbox); otherwise the path is an ordinary 404. It holds
 * live reset links, so it answers this machine only (decision 070): any other client gets the
 * same 404, whatever HOST the server listens on.
 */
export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/mail', { schema: { hide: true } }, async (request, reply) => {
    if (!isLoopbackRequest(request)) throw notFound();
    const mails = await latestOutbox(app.db);
    const items = mails
      .map(
        (m) => `<article>
<h2>${escape(m.subject)}</h2>
<p class="meta">To ${escape(m.to)} · ${m.createdAt.toISOString()}</p>
<pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · Lumiskin</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f1633}
article{border:1px solid #ddd3fe;border-radius:1rem;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0}.meta{color:#6b6280;font-size:.875rem}pre{white-space:pre-wrap;font:inherit}
a{color:#5b21b6}</style></head>
<body><h1>Development mailbox</h1>
<p>Mail the server would have sent (no SMTP_URL is set). This page exists only outside production.</p>
${items || '<p>No mail yet. Ask for a password reset or change your email to see one here.</p>'}
</body></html>`);
  });
}
