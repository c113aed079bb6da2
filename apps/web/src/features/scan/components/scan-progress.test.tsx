import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { ScanJob } from '@lumiskin/contract/scan';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isScanJob, useUploadScan } from '@/features/scan/api/upload-scan';
import { ScanProgress } from '@/features/scan/components/scan-progress';
import { getAnalysisQueryOptions } from '@/lib/api/get-analysis';
import { getScanHistoryQueryOptions } from '@/lib/api/get-scan-history';
import { ANALYSIS_ID, createAnalysis } from '@/testing/scan-factory';
import { fakeApi, reply } from '@/testing/fake-api';
import { apiError } from '@/testing/test-utils';

const JOB_ID = '0b7c1e4e-3f55-4c1a-9d52-3d3d0f6f2a10';

function job(overrides: Partial<ScanJob> = {}): ScanJob {
  return {
    job_id: JOB_ID,
    status: 'queued',
    status_url: `/api/analysis/jobs/${JOB_ID}`,
    created_at: '2026-03-01T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    ahead: null,
    analysis_id: null,
    error: null,
    ...overrides,
  };
}

/** The server's answers to the polls, one per call (the last repeats). */
function serve(answers: ScanJob[], analysis: Analysis) {
  let polls = 0;
  return fakeApi(
    {
      'GET /api/analysis/jobs/:id': ({ url }) => {
        if (url !== `/api/analysis/jobs/${JOB_ID}`) return apiError(404, 'Not found', 'not_found');
        const answer = answers[Math.min(polls, answers.length - 1)]!;
        polls += 1;
        return answer;
      },
      'GET /api/analysis/:id': ({ url }) =>
        url === `/api/analysis/${analysis.id}` ? analysis : apiError(404, 'Not found', 'not_found'),
    },
    () => apiError(404, 'Not found', 'not_found'),
  );
}

function renderProgress(accepted: ScanJob) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(getScanHistoryQueryOptions().queryKey, { items: [], total: 0 });
  const onDone = vi.fn();
  const onFailed = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ScanProgress accepted={accepted} onDone={onDone} onFailed={onFailed} />
    </QueryClientProvider>,
  );
  return { queryClient, onDone, onFailed };
}

describe('the progress of a queued scan', () => {
  it('follows the job from the queue to the result, which it fetches and caches', async () => {
    const analysis = createAnalysis();
    const fetch = serve(
      [
        job({ status: 'running', started_at: '2026-03-01T10:00:02.000Z' }),
        job({ status: 'done', analysis_id: ANALYSIS_ID, finished_at: '2026-03-01T10:00:05.000Z' }),
      ],
      analysis,
    );
    const { queryClient, onDone, onFailed } = renderProgress(job({ ahead: 2 }));

    // The 202 answer at once: in line behind two others.
    expect(screen.getByText('Your scan is in line: 2 scans ahead of yours.')).toBeInTheDocument();
    expect(screen.getByText('Waiting for an analyser').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );

    // Polled every second: running, then done.
    expect(
      await screen.findByText(
        'Analysing your skin… This usually takes a few seconds.',
        {},
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(onDone).toHaveBeenCalledWith(analysis);
    expect(onFailed).not.toHaveBeenCalled();
    // Cached like an inline scan's analysis; the history is refreshed.
    expect(queryClient.getQueryData(getAnalysisQueryOptions(ANALYSIS_ID).queryKey)).toEqual(
      analysis,
    );
    expect(queryClient.getQueryState(getScanHistoryQueryOptions().queryKey)?.isInvalidated).toBe(
      true,
    );

    // Done means no more polling.
    const calls = fetch.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('hands a failed job’s error over, as an inline scan would have answered it', async () => {
    const error = {
      detail: 'We could not find a face in this photo.',
      code: 'validation_error',
      reason: 'no_face',
      angle: 'front' as const,
    };
    serve([job({ status: 'failed', error })], createAnalysis());
    const { onDone, onFailed } = renderProgress(job({ status: 'running' }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(onFailed).toHaveBeenCalledWith(error);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('a scan the server queued', () => {
  it('comes back as its job (202), and nothing is cached until the job is done', async () => {
    const accepted = job({ ahead: 0 });
    fakeApi({
      'POST /api/analysis/scan-upload': () =>
        reply('POST /api/analysis/scan-upload', accepted, 202),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(getScanHistoryQueryOptions().queryKey, { items: [], total: 0 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUploadScan(), { wrapper });
    const answer = await result.current.mutateAsync({
      location: 'London, UK',
      analysisType: 'quick',
      concerns: [],
      captures: ['data:image/jpeg;base64,/9j/AAEC'],
      file: null,
    });
    expect(isScanJob(answer) && answer.job_id).toBe(JOB_ID);
    expect(queryClient.getQueryState(getScanHistoryQueryOptions().queryKey)?.isInvalidated).toBe(
      false,
    );
  });
});
