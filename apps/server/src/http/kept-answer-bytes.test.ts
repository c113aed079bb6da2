import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { contentSeeders, runSeeders } from '../seed';

/*
 * A kept answer, sent from the route's onRequest hook (`answerKept`), is on the wire the answer
 * the handler sent when it made it (`answerFromMemory`), byte for byte but the Date line, in every
 * encoding, as a 304 and for HEAD; what the app's onSend hooks change still changes (a signed-in
 * request's cache-control, an unread body's closed connection). Decision 154 checked a second way
 * of writing kept answers (Node's response without Fastify's send) against this and left it out.
 */
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildTestApp();
  await runSeeders(app.db, () => {}, contentSeeders);
  port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(() => app.close());

interface Wire {
  /** Status line and headers as sent, the Date line taken out (it is the clock's). */
  head: string;
  body: Buffer;
}

/**
 * One request on a fresh kept-alive connection (no `connection` header, as a browser sends
 * it), read as it arrives: the head, then as many body bytes as its content-length says.
 */
function wire(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<Wire> {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = received.subarray(0, end + 4).toString('latin1');
      const length = /\r\ncontent-length: (\d+)\r\n/i.exec(head);
      const bodyLength = method === 'HEAD' || !length ? 0 : Number(length[1]);
      if (received.length < end + 4 + bodyLength) return;
      socket.destroy();
      resolve({
        head: head.replace(/\r\nDate: [^\r]*/i, ''),
        body: received.subarray(end + 4, end + 4 + bodyLength),
      });
    });
  });
}

describe.each(['/api/shop/products', '/api/blog/posts', '/api/shop/products?featured=true'])(
  '%s',
  (path) => {
    it('a kept answer is the answer its handler sent, byte for byte, in each encoding and as a 304', async () => {
      const first = await wire('GET', path);
      const etag = /\r\netag: ([^\r]+)/i.exec(first.head)?.[1];
      expect(etag).toMatch(/^W\/"/);
      const cases: Record<string, string>[] = [
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'br;q=0, gzip;q=0.5' },
        { 'accept-encoding': 'identity' },
        {},
        { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag! },
        { 'if-none-match': `"other", ${etag}` },
        { 'accept-encoding': 'br', 'if-none-match': 'W/"not-this-one"' },
      ];
      for (const headers of cases) {
        // Forgotten first, so the handler makes and sends it…
        await app.publicContent.invalidate();
        const byHandler = await wire('GET', path, headers);
        // …then kept: the onRequest hook sends it.
        const kept = await wire('GET', path, headers);
        expect(kept.head, JSON.stringify(headers)).toBe(byHandler.head);
        expect(kept.body.equals(byHandler.body), JSON.stringify(headers)).toBe(true);
        expect(kept.head).toMatch(/\r\nConnection: keep-alive\r\n/);
        expect(kept.head).toMatch(/\r\ncontent-security-policy: /);
        if (headers['if-none-match']?.includes(etag!)) {
          expect(kept.head).toMatch(/^HTTP\/1\.1 304 /);
          expect(kept.head).not.toMatch(/\r\ncontent-(length|type):/i);
        } else {
          expect(kept.head).toMatch(/^HTTP\/1\.1 200 /);
        }
      }
      // HEAD: Fastify's HEAD route sets the GET's length, a 304 says 0.
      await app.publicContent.invalidate();
      const head = await wire('HEAD', path, { 'accept-encoding': 'br' });
      const get = await wire('GET', path, { 'accept-encoding': 'br' });
      expect(head.head).toBe(get.head);
      const head304 = await wire('HEAD', path, { 'if-none-match': etag! });
      expect(head304.head).toMatch(/^HTTP\/1\.1 304 [^]*\r\ncontent-length: 0\r\n/);
    });
  },
);

describe('what the onSend hooks change still changes', () => {
  it('a signed-in request gets the kept catalogue as a private answer', async () => {
    const user = await createUser(app);
    await wire('GET', '/api/shop/products');
    const visitor = await wire('GET', '/api/shop/products', { 'accept-encoding': 'br' });
    expect(visitor.head).toMatch(/\r\ncache-control: public, max-age=60\r\n/);
    const signedIn = await wire('GET', '/api/shop/products', {
      'accept-encoding': 'br',
      authorization: user.headers.authorization!,
    });
    expect(signedIn.head).toMatch(/\r\ncache-control: private, no-store\r\n/);
    expect(signedIn.body.equals(visitor.body)).toBe(true);
  });

  it('a kept answer given before an announced body was read closes the connection', async () => {
    await wire('GET', '/api/shop/products');
    const kept = await wire('GET', '/api/shop/products', {}, '');
    expect(kept.head).toMatch(/\r\nConnection: keep-alive\r\n/);
    // The body is announced, not sent: the answer leaves before any of it is read.
    const unread = await wire('GET', '/api/shop/products', { 'content-length': '5' });
    expect(unread.head).toMatch(/^HTTP\/1\.1 200 [^]*\r\nconnection: close\r\n/i);
    expect(unread.body.equals(kept.body)).toBe(true);
  });
});
