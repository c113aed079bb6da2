import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local HTTPS server standing in for a browser's push service (RFC 8030). It accepts a message
 * only when it is a real Web Push request: VAPID authorization (RFC 8292: `vapid t=<ES256 JWT>,
 * k=<key>`, signature checked, audience this origin), `Content-Encoding: aes128gcm`, a TTL, and a
 * body that decrypts with the subscriber's private key (RFC 8291). Paths under /gone/ answer 410.
 */
export interface PushServiceStandIn {
  origin: string;
  /** Certificate to trust (an https.Agent with it as `ca`). */
  ca: string;
  /** A browser's subscription for this service: its keys, and what it received, decrypted. */
  subscribe(options?: { gone?: boolean }): BrowserSubscription;
  /** Requests refused (with why), for assertions. */
  rejected: string[];
  close(): Promise<void>;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  received: { payload: unknown; ttl: number; urgency: string | undefined }[];
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-stand-in-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: the plaintext of a single-record aes128gcm body. */
function decrypt(body: Buffer, uaPrivate: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // Last record: data, then the 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks the VAPID JWT (ES256 over the key in `k`); returns why not, or null. */
function checkVapid(header: string | undefined, origin: string): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) return `authorization is not vapid t=…,k=…: ${header}`;
  const [, jwt, k] = match as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) return 'JWT signature does not verify with k';
  const headerJson = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (headerJson.alg !== 'ES256') return `alg ${headerJson.alg}`;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) return 'bad exp';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'bad sub';
  return null;
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map<
    string,
    { ecdh: crypto.ECDH; auth: Buffer; gone: boolean; sub: BrowserSubscription }
  >();
  const rejected: string[] = [];
  let origin = '';

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const refuse = (status: number, why: string) => {
        rejected.push(why);
        res.writeHead(status).end(why);
      };
      const entry = subscriptions.get(req.url ?? '');
      if (req.method !== 'POST' || !entry) return refuse(404, `unknown ${req.method} ${req.url}`);
      const vapid = checkVapid(req.headers.authorization, origin);
      if (vapid) return refuse(401, vapid);
      if (req.headers['content-encoding'] !== 'aes128gcm') {
        return refuse(400, `content-encoding ${req.headers['content-encoding']}`);
      }
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, `TTL ${req.headers.ttl}`);
      let payload: unknown;
      try {
        payload = JSON.parse(decrypt(Buffer.concat(chunks), entry.ecdh, entry.auth).toString());
      } catch (error) {
        return refuse(400, `does not decrypt: ${(error as Error).message}`);
      }
      if (entry.gone) return refuse(410, 'subscription expired');
      entry.sub.received.push({
        payload,
        ttl,
        urgency: req.headers.urgency as string | undefined,
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    ca: cert,
    rejected,
    subscribe(options = {}) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomBytes(8).toString('hex');
      const pathname = options.gone ? `/gone/${id}` : `/push/${id}`;
      const sub: BrowserSubscription = {
        endpoint: `${origin}${pathname}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
        received: [],
      };
      subscriptions.set(pathname, { ecdh, auth, gone: options.gone === true, sub });
      return sub;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
