import crypto from 'node:crypto';

/**
 * The two things we ask of Stripe, without its SDK (decision 084): create a Checkout Session
 * (POST /v1/checkout/sessions, form-encoded, bearer secret key) and check a webhook's
 * `Stripe-Signature`. https://docs.stripe.com/api/checkout/sessions/create
 * https://docs.stripe.com/webhooks#verify-manually
 */

export interface StripeConfig {
  secretKey: string;
  /** Without it no webhook is accepted (every one answers 400): orders stay awaiting payment. */
  webhookSecret: string | null;
  /** https://api.stripe.com by default; tests point it at their own server. */
  apiBase: string;
  /** Seconds a signed webhook stays valid (Stripe's libraries use 300). */
  toleranceS?: number;
}

export interface CheckoutLine {
  name: string;
  unitAmountPence: number;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export class StripeError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
  ) {
    super(message);
    this.name = 'StripeError';
  }
}

/** Stripe's form encoding: nested keys as `a[b][0][c]=…`. */
export function formEncode(params: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, i) => walk(`${prefix}[${i}]`, item));
    else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(`${prefix}[${key}]`, item);
    } else pairs.push([prefix, String(value as string | number | boolean)]);
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return new URLSearchParams(pairs).toString();
}

/** POST /v1/checkout/sessions for one order; the idempotency key makes a retry return the same session. */
export async function createCheckoutSession(
  config: StripeConfig,
  input: {
    orderId: string;
    orderNumber: number;
    lines: CheckoutLine[];
    successUrl: string;
    cancelUrl: string;
    customerEmail: string | null;
    idempotencyKey: string;
  },
  fetchImpl: typeof fetch = fetch,
): Promise<CheckoutSession> {
  const body = formEncode({
    mode: 'payment',
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    client_reference_id: input.orderId,
    customer_email: input.customerEmail ?? undefined,
    metadata: { order_id: input.orderId, order_number: input.orderNumber },
    payment_intent_data: { metadata: { order_id: input.orderId } },
    line_items: input.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: 'gbp',
        unit_amount: line.unitAmountPence,
        product_data: { name: line.name },
      },
    })),
  });
  let response: Response;
  try {
    response = await fetchImpl(new URL('/v1/checkout/sessions', config.apiBase), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': input.idempotencyKey,
        'stripe-version': '2024-06-20',
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new StripeError(`Stripe unreachable: ${(error as Error).name}`, null);
  }
  const json = (await response.json().catch(() => null)) as {
    id?: unknown;
    url?: unknown;
    error?: { type?: unknown; code?: unknown };
  } | null;
  if (!response.ok || typeof json?.id !== 'string' || typeof json.url !== 'string') {
    // Stripe's error type and code only: its message may quote what we sent.
    const kind = [json?.error?.type, json?.error?.code].filter((v) => typeof v === 'string');
    throw new StripeError(
      `Stripe refused the session (${kind.join('/') || 'no body'})`,
      response.status,
    );
  }
  return { id: json.id, url: json.url };
}

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/**
 * Stripe-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.<raw body>">[,v1=…]`. Valid when
 * one v1 matches (compared in constant time) and t is within the tolerance of now.
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowS: number,
  toleranceS = 300,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(nowS - timestamp) > toleranceS) return { ok: false, reason: 'stale' };
  const expected = crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(rawBody)
    .digest();
  const matches = signatures.some((hex) =>
    crypto.timingSafeEqual(Buffer.from(hex, 'hex'), expected),
  );
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' };
}
