import type { RoutineResponse } from '@lumiskin/contract/routine';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UseRoutineButton } from '@/features/scan/components/use-routine-button';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';
import { routineResponse } from '@/testing/routine-factory';
import { fakeApi } from '@/testing/fake-api';
import { apiError, renderWithRouter } from '@/testing/test-utils';

// The keys the dashboard reads: the test proves the button refreshes what it shows.
const routineKey = getRoutineQueryOptions().queryKey;
const routineHistoryKey = getRoutineHistoryQueryOptions().queryKey;
const ID = '0b7e1d8a-5a44-4c3e-9a55-7f3f2f0b9c11';

const product = (name: string, time: 'morning' | 'evening') => ({
  id: name,
  name,
  type: 'cleanser' as const,
  purpose: 'Cleanse',
  application_time: time,
  frequency: 'daily' as const,
  added_date: '2026-03-01T10:00:00.000Z',
  notes: '',
  days: [],
  from_scan_date: '2026-02-28T09:30:00.000Z',
});

describe('UseRoutineButton', () => {
  it("replaces the routine with the analysis's, says so and refreshes the dashboard's routine", async () => {
    const routine: RoutineResponse = routineResponse({
      morning: [product('Gentle Cleanser', 'morning'), product('SPF 50', 'morning')],
      evening: [product('Barrier Cream', 'evening')],
    });
    const fetch = fakeApi({
      'POST /api/routine/from-analysis/:analysisId': ({ url }) =>
        url === `/api/routine/from-analysis/${ID}`
          ? routine
          : apiError(404, 'Not found', 'not_found'),
    });
    const { user, queryClient } = renderWithRouter(
      [{ path: '/', element: <UseRoutineButton analysisId={ID} /> }],
      '/',
    );
    queryClient.setQueryData(routineKey, routineResponse());
    queryClient.setQueryData(routineHistoryKey, { entries: [], total: 0 });

    await user.click(screen.getByRole('button', { name: 'Use this routine' }));

    expect(
      await screen.findAllByText(
        'Routine updated: 2 morning and 1 evening steps. See it on your dashboard.',
      ),
    ).not.toHaveLength(0);
    expect(fetch).toHaveBeenCalledWith(
      `/api/routine/from-analysis/${ID}`,
      expect.objectContaining({ method: 'POST' }),
    );
    await waitFor(() => {
      expect(queryClient.getQueryState(routineKey)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(routineHistoryKey)?.isInvalidated).toBe(true);
    });
  });

  it('shows the error when the analysis is gone', async () => {
    fakeApi({
      'POST /api/routine/from-analysis/:analysisId': () =>
        apiError(404, 'That analysis could not be found.', 'not_found'),
    });
    const { user } = renderWithRouter(
      [{ path: '/', element: <UseRoutineButton analysisId={ID} /> }],
      '/',
    );
    await user.click(screen.getByRole('button', { name: 'Use this routine' }));
    expect(await screen.findAllByText('That analysis could not be found.')).not.toHaveLength(0);
  });
});
