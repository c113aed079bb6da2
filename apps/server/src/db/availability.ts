import type { FastifyBaseLogger } from 'fastify';

/** postgres.js / Node codes for "cannot reach the server". */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
/** SQLSTATEs meaning the server is there but cannot serve: shutting down, starting, out of disk, read only, timed out. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53100', '25006', '57014']);

/**
 * Whether an error (or one it wraps: drizzle puts the driver error in `cause`) means the
 * database is unreachable or cannot serve, rather than a bug in a query.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, hops = 0; e && typeof e === 'object' && hops < 5; hops++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))
        return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE or driver code of a database error, for logs (never its parameters). */
function errorCode(error: unknown): string | undefined {
  for (let e = error, hops = 0; e && typeof e === 'object' && hops < 5; hops++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Up or down, logged once per change: the first failure logs "unreachable" and starts a probe
 * every `probeMs` that logs "reachable again" when a query passes.
 */
export class DatabaseAvailability {
  private down = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly probe: () => Promise<unknown>,
    private readonly probeMs = 1000,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  markDown(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.error({ code: errorCode(error) }, 'database unreachable: API answers 503');
    this.timer = setInterval(() => {
      this.probe().then(
        () => this.markUp(),
        () => {},
      );
    }, this.probeMs);
    this.timer.unref();
  }

  markUp(): void {
    if (!this.down) return;
    this.down = false;
    this.stop();
    this.log.warn('database reachable again');
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
