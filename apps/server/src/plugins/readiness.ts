import type { ReadinessCheck } from '@lumiskin/contract/health';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A dependency's probe: resolves when it can serve, rejects (or times out) when not. */
type Probe = () => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The named checks of GET /api/health/ready. A plugin that brings a dependency adds its own
     * (`app.readiness.add('storage', () => bucket.head())`); the route runs them all at once.
     */
    readiness: {
      add(name: string, probe: Probe): void;
      run(): Promise<{ isReady: boolean; checks: ReadinessCheck[] }>;
    };
  }
}

/** Each probe's time limit: a load balancer polls every few seconds and must get an answer. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

async function readinessPlugin(app: FastifyInstance) {
  const probes = new Map<string, Probe>();
  /** Last state per check, so a failure is logged when it starts and ends, not at every poll. */
  const wasDown = new Set<string>();

  async function check(name: string, probe: Probe): Promise<ReadinessCheck> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let detail: 'timeout' | 'error' | undefined;
    try {
      await Promise.race([
        probe(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new ProbeTimeout()), READY_CHECK_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      detail = error instanceof ProbeTimeout ? 'timeout' : 'error';
      if (!wasDown.has(name)) {
        const message = error instanceof Error ? error.message : String(error);
        app.log.warn({ check: name, detail, message }, `readiness: ${name} is down`);
      }
    } finally {
      clearTimeout(timer);
    }
    if (detail) wasDown.add(name);
    else if (wasDown.delete(name)) app.log.info({ check: name }, `readiness: ${name} is up again`);
    const latency_ms = Math.round((performance.now() - started) * 10) / 10;
    return { name, status: detail ? 'down' : 'up', latency_ms, ...(detail && { detail }) };
  }

  app.decorate('readiness', {
    add(name: string, probe: Probe) {
      if (probes.has(name)) throw new Error(`readiness check '${name}' is already registered`);
      probes.set(name, probe);
    },
    async run() {
      const checks = await Promise.all([...probes].map(([name, probe]) => check(name, probe)));
      return { isReady: checks.every((c) => c.status === 'up'), checks };
    },
  });
}

class ProbeTimeout extends Error {}

export default fp(readinessPlugin, { name: 'readiness' });
