import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's API the server uses (decision 084): POST
 * /v1/checkout/sessions, with Stripe's request shape (form-encoded, nested `a[b][0]` keys, bearer
 * secret key, Idempotency-Key) and response shapes (a `checkout.session` object, or
 * `{ error: { type, code, message } }`). Anything else is a 404, as at Stripe.
 * https://docs.stripe.com/api/checkout/sessions/create
 */

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  line_items: { name: string; unit_amount: number; quantity: number }[];
}

type Nested = { [key: string]: Nested | string };

/** `a[b][0][c]=v` pairs into nested objects (arrays stay objects keyed '0', '1', …). */
function parseForm(body: string): Nested {
  const root: Nested = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Nested;
    });
  }
  return root;
}

function stripeError(
  res: http.ServerResponse,
  status: number,
  type: string,
  message: string,
  param?: string,
) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, ...(param && { param }) } }));
}

export async function startStripeServer(secretKey: string) {
  const sessions = new Map<string, StripeSession>();
  const byIdempotencyKey = new Map<string, StripeSession>();
  const requests: { path: string; form: Nested; idempotencyKey: string | undefined }[] = [];
  /** Set to make the next session request fail with this status (an outage, a refusal). */
  let failNext: number | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      if (req.method !== 'POST' || url.pathname !== '/v1/checkout/sessions') {
        stripeError(
          res,
          404,
          'invalid_request_error',
          `Unrecognized request URL (${url.pathname})`,
        );
        return;
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
        return;
      }
      if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
        stripeError(res, 400, 'invalid_request_error', 'Invalid request (form encoding expected)');
        return;
      }
      const form = parseForm(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ path: url.pathname, form, idempotencyKey });
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        stripeError(res, status, 'api_error', 'Something went wrong on our end');
        return;
      }
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(known));
        return;
      }
      for (const param of ['mode', 'success_url', 'cancel_url', 'line_items'] as const) {
        if (!form[param]) {
          stripeError(
            res,
            400,
            'invalid_request_error',
            `Missing required param: ${param}.`,
            param,
          );
          return;
        }
      }
      const lines = Object.values(form.line_items as Nested).map((raw) => {
        const item = raw as Nested;
        const price = item.price_data as Nested;
        return {
          name: String((price.product_data as Nested).name),
          unit_amount: Number(price.unit_amount),
          quantity: Number(item.quantity),
          currency: String(price.currency),
        };
      });
      if (lines.some((l) => !Number.isInteger(l.unit_amount) || !Number.isInteger(l.quantity))) {
        stripeError(res, 400, 'invalid_request_error', 'Invalid integer', 'line_items');
        return;
      }
      const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`;
      const session: StripeSession = {
        id,
        object: 'checkout.session',
        mode: String(form.mode),
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0),
        currency: lines[0]?.currency ?? 'gbp',
        client_reference_id: (form.client_reference_id as string | undefined) ?? null,
        customer_email: (form.customer_email as string | undefined) ?? null,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        line_items: lines.map(({ name, unit_amount, quantity }) => ({
          name,
          unit_amount,
          quantity,
        })),
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` });
      res.end(JSON.stringify(session));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    failNextWith(status: number) {
      failNext = status;
    },
    /**
     * The `checkout.session.completed` event Stripe sends once the person paid, as its JSON
     * text (the exact bytes that get signed).
     */
    completedEvent(sessionId: string, overrides: Partial<StripeSession> = {}, eventId?: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const paid = { ...session, status: 'complete', payment_status: 'paid', ...overrides };
      return JSON.stringify({
        id: eventId ?? `evt_${crypto.randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2024-06-20',
        created: Math.floor(Date.now() / 1000),
        type: 'checkout.session.completed',
        livemode: false,
        data: { object: paid },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `Stripe-Signature` header Stripe sends with `payload`, signed with the endpoint's secret. */
export function signStripe(payload: string, secret: string, timestampS: number): string {
  const signature = crypto
    .createHmac('sha256', secret)
    .update(`${timestampS}.${payload}`)
    .digest('hex');
  return `t=${timestampS},v1=${signature}`;
}
