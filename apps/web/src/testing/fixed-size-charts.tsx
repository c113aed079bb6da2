import type { ReactNode } from 'react';
import type * as Recharts from 'recharts';

/**
 * recharts whose ResponsiveContainer has a fixed size: jsdom lays nothing out, so a chart sized
 * by its container would draw nothing (and warn). For a test's
 * `vi.mock('recharts', async (original) => (await import('@/testing/fixed-size-charts')).withFixedSize(original))`.
 */
export async function withFixedSize(importOriginal: <T>() => Promise<T>) {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactNode }) => (
      <recharts.ResponsiveContainer width={640} height={280}>
        {children}
      </recharts.ResponsiveContainer>
    ),
  };
}
