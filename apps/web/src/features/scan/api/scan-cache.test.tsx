import type { Analysis } from '@lumiskin/contract/analysis-api';
import { routineResponse } from '@/testing/routine-factory';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useDeleteAnalysis } from '@/features/scan/api/delete-analysis';
import { useUploadScan } from '@/features/scan/api/upload-scan';
import { getAnalysisQueryOptions } from '@/lib/api/get-analysis';
import { getDashboardStatsQueryOptions } from '@/lib/api/get-dashboard-stats';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';
import { getScanHistoryQueryOptions } from '@/lib/api/get-scan-history';
import { createAnalysis, createHistoryItem } from '@/testing/scan-factory';
import { fakeApi, reply } from '@/testing/fake-api';
import { apiError } from '@/testing/test-utils';

// What the screens read: the dashboard's latest scans, the profile's History tab, the stats and
// the routine a first scan sets up.
const dashboardHistory = getScanHistoryQueryOptions({ limit: 20 }).queryKey;
const profileHistory = getScanHistoryQueryOptions({ limit: 50 }).queryKey;
const stats = getDashboardStatsQueryOptions().queryKey;
const routine = getRoutineQueryOptions().queryKey;
const routineHistory = getRoutineHistoryQueryOptions().queryKey;

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const kept = createHistoryItem();
  queryClient.setQueryData(dashboardHistory, { items: [kept], total: 1 });
  queryClient.setQueryData(profileHistory, { items: [kept], total: 1 });
  queryClient.setQueryData(stats, {
    total_analyses: 1,
    average_score: 70,
    this_week: 1,
    streak_days: 1,
  });
  queryClient.setQueryData(routine, routineResponse());
  queryClient.setQueryData(routineHistory, { entries: [], total: 0 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const isInvalidated = (key: readonly unknown[]) =>
    queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, wrapper, isInvalidated };
}

describe('the cache after a scan or a delete', () => {
  it('a scan caches the new analysis and refreshes the history lists, the stats and the routine', async () => {
    const analysis = createAnalysis({ id: 'scan_new' });
    let sent: FormData | null = null;
    fakeApi({
      'POST /api/analysis/scan-upload': ({ init }) => {
        sent = init.body as FormData;
        return reply('POST /api/analysis/scan-upload', analysis, 201);
      },
    });
    const { queryClient, wrapper, isInvalidated } = setUp();
    const { result } = renderHook(() => useUploadScan(), { wrapper });

    await result.current.mutateAsync({
      location: 'London, UK',
      analysisType: 'quick',
      concerns: [],
      captures: ['data:image/jpeg;base64,/9j/AAEC', 'data:image/png;base64,iVBORw=='],
      file: null,
    });

    // Camera captures go as multipart files, decoded from their data URLs.
    const form = sent as FormData | null;
    const front = form?.get('image') as File;
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(front);
    });
    expect([...new Uint8Array(bytes)]).toEqual([0xff, 0xd8, 0xff, 0, 1, 2]);
    expect(front.type).toBe('image/jpeg');
    expect((form?.getAll('images') as File[]).map((file) => file.type)).toEqual(['image/png']);
    expect(form?.get('location')).toBe('London, UK');

    expect(queryClient.getQueryData(getAnalysisQueryOptions('scan_new').queryKey)).toEqual(
      analysis,
    );
    await waitFor(() => {
      for (const key of [dashboardHistory, profileHistory, stats, routine, routineHistory]) {
        expect(isInvalidated(key), JSON.stringify(key)).toBe(true);
      }
    });
  });

  it('a delete drops the analysis from the cache and refreshes the history lists and the stats', async () => {
    fakeApi({
      'DELETE /api/analysis/:id': ({ url }) =>
        url === '/api/analysis/scan_gone'
          ? new Response(null, { status: 204 })
          : apiError(404, 'Not found', 'not_found'),
    });
    const { queryClient, wrapper, isInvalidated } = setUp();
    const gone = getAnalysisQueryOptions('scan_gone').queryKey;
    const other = getAnalysisQueryOptions('scan_other').queryKey;
    queryClient.setQueryData(gone, { id: 'scan_gone' } as unknown as Analysis);
    queryClient.setQueryData(other, { id: 'scan_other' } as unknown as Analysis);
    const { result } = renderHook(() => useDeleteAnalysis(), { wrapper });

    await result.current.mutateAsync('scan_gone');

    expect(queryClient.getQueryState(gone)).toBeUndefined();
    expect(queryClient.getQueryData(other)).toEqual({ id: 'scan_other' });
    await waitFor(() => {
      for (const key of [dashboardHistory, profileHistory, stats]) {
        expect(isInvalidated(key), JSON.stringify(key)).toBe(true);
      }
    });
    // Deleting a scan leaves the routine as it is.
    expect(isInvalidated(routine)).toBe(false);
  });
});
