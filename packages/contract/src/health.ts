import { z } from 'zod';
import './plain-errors';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** One dependency of GET /api/health/ready. `detail` says only "timeout" or "error" (the log says more). */
export const ReadinessCheck = z.object({
  name: z.string(),
  status: z.enum(['up', 'down']),
  latency_ms: z.number(),
  detail: z.enum(['timeout', 'error']).optional(),
});
export type ReadinessCheck = z.infer<typeof ReadinessCheck>;

/** Whether this instance should get traffic: every registered dependency answered. */
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.array(ReadinessCheck),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
