import type { Analysis } from '@lumiskin/contract/analysis-api';
import { ScanMessages, type ScanError, type ScanJob } from '@lumiskin/contract/scan';
import { useQueryClient } from '@tanstack/react-query';
import { CheckIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useScanJob } from '@/features/scan/api/get-scan-job';
import { cacheNewAnalysis } from '@/features/scan/api/upload-scan';
import { getAnalysisQueryOptions } from '@/lib/api/get-analysis';
import { cn } from '@/lib/utils';

const STEPS = [
  { key: 'uploaded', label: 'Photo received' },
  { key: 'queued', label: 'Waiting for an analyser' },
  { key: 'running', label: 'Analysing your skin' },
] as const;

function stepIndex(status: ScanJob['status']): number {
  if (status === 'queued') return 1;
  if (status === 'running') return 2;
  return 3;
}

function describe(job: ScanJob): string {
  if (job.status === 'queued') {
    if (!job.ahead) return 'Your scan is next in line.';
    return `Your scan is in line: ${job.ahead} ${job.ahead === 1 ? 'scan' : 'scans'} ahead of yours.`;
  }
  if (job.status === 'running') return 'Analysing your skin… This usually takes a few seconds.';
  if (job.status === 'done') return 'Done. Opening your results…';
  return job.error?.detail ?? ScanMessages.analysisFailed;
}

/**
 * A queued scan (server in SCAN_MODE=queue) from the 202 answer to its result: the job is asked
 * about every second; once done the analysis is fetched and cached like an inline scan's and
 * handed to `onDone`; a failed job hands its error (the inline scan's `{detail, code, reason}`)
 * to `onFailed`.
 */
export function ScanProgress({
  accepted,
  onDone,
  onFailed,
}: {
  accepted: ScanJob;
  onDone: (analysis: Analysis) => void;
  onFailed: (error: ScanError) => void;
}) {
  const queryClient = useQueryClient();
  const { data: job } = useScanJob(accepted);
  const finished = useRef(false);

  useEffect(() => {
    if (finished.current) return;
    if (job.status === 'failed') {
      finished.current = true;
      onFailed(job.error ?? { detail: ScanMessages.analysisFailed, code: 'scan_failed' });
    } else if (job.status === 'done') {
      finished.current = true;
      const id = job.analysis_id;
      if (!id) {
        onFailed({ detail: ScanMessages.analysisFailed, code: 'scan_failed' });
        return;
      }
      queryClient
        .fetchQuery(getAnalysisQueryOptions(id))
        .then((analysis) => {
          cacheNewAnalysis(queryClient, analysis);
          onDone(analysis);
        })
        .catch(() => onFailed({ detail: ScanMessages.analysisFailed, code: 'scan_failed' }));
    }
  }, [job, queryClient, onDone, onFailed]);

  const current = stepIndex(job.status);
  return (
    <div className="mt-4 space-y-3" aria-label="Scan progress">
      <Progress
        value={Math.round((current / STEPS.length) * 100)}
        aria-label="Scan progress"
        aria-valuetext={STEPS[Math.min(current, STEPS.length - 1)]?.label}
      />
      <ol className="grid gap-1.5 text-sm sm:grid-cols-3">
        {STEPS.map((step, i) => {
          const done = i < current;
          const active = i === current;
          return (
            <li
              key={step.key}
              className={cn(
                'flex items-center gap-2',
                done
                  ? 'text-foreground'
                  : active
                    ? 'font-medium text-foreground'
                    : 'text-muted-foreground',
              )}
              aria-current={active ? 'step' : undefined}
            >
              {done ? (
                <CheckIcon className="size-4 text-success" aria-hidden />
              ) : active ? (
                <Spinner className="size-4" label={step.label} />
              ) : (
                <span className="size-4 rounded-full border" aria-hidden />
              )}
              {step.label}
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
        {describe(job)}
      </p>
    </div>
  );
}
