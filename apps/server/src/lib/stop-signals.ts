/**
 * How a process (`server.ts`, `worker.ts`) stops on SIGINT/SIGTERM: it says so, runs `stop()`
 * and exits 0; an error while stopping, a second signal, or `graceMs` running out exits 1.
 */
export function exitOnStopSignals(options: {
  /** Printed before every line, e.g. `[lumiskin]`. */
  prefix: string;
  graceMs: number;
  /** The line printed when the first signal arrives. */
  announce: (signal: NodeJS.Signals) => string;
  stop: () => Promise<void>;
}): void {
  const { prefix, graceMs, announce, stop } = options;
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`${prefix} ${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${prefix} ${announce(signal)}`);
    setTimeout(() => {
      console.error(`${prefix} shutdown took too long; exiting`);
      process.exit(1);
    }, graceMs).unref();
    try {
      await stop();
      console.log(`${prefix} stopped`);
      process.exit(0);
    } catch (error) {
      console.error(`${prefix} error while stopping`, error);
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
