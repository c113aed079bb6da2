import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
