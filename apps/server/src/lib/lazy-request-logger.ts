import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * The label of the request id in a request's log lines (Fastify's default `requestIdLogLabel`,
 * passed to its LogController in app.ts). The request line written through the root logger
 * (app.ts, `logRequests`) uses it too, so every line of a request carries the same key.
 */
export const REQUEST_ID_LABEL = 'reqId';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes its pino child (the request id bound) only when a line is
 * actually written for that request (decision 145). Fastify asks for a child logger for every
 * request before any hook runs; a pino child was ~1.5 µs of a public read's ~40 in decision
 * 144's profile, and on most requests nothing logs through it (the request line goes through
 * the root logger with the id, app.ts). A call at a level the logger leaves out does not make
 * the child either.
 *
 * Every line written through it is the real child's: the same bindings (the request id), the
 * same serializers and the root's `logMethod` hook (redaction, lib/log-redaction.ts).
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined = undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use. */
  get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  /** Whether the pino child was made (tests). */
  get isMade(): boolean {
    return this.made !== undefined;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  // Methods on the prototype: one small object per request, no closures.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    // A level the logger leaves out writes nothing: no child for it (pino's own methods for such
    // a level are no-ops). A route's own level (none set today) makes the child to decide.
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
    if (this.made === undefined && this.options.level === undefined && parent.isLevelEnabled) {
      if (!parent.isLevelEnabled(level)) return;
    }
    (this.real[level] as (...line: unknown[]) => void)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy logger per request instead of a pino child (decision
 * 145). The request id is bound exactly as Fastify's default factory binds it.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
