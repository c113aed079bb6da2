import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { AnalysisType } from '@lumiskin/contract/analysis';
import type { ScanError, ScanJob } from '@lumiskin/contract/scan';
import { SparklesIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ScanProgress } from '@/features/scan/components/scan-progress';

/** Shown once the photos are complete: what will be sent, the button, and the scan's progress. */
export function ReadyPanel({
  photoCount,
  analysisType,
  location,
  analyzing,
  queued,
  onStart,
  onDone,
  onFailed,
}: {
  photoCount: number;
  analysisType: AnalysisType;
  location: string | null;
  analyzing: boolean;
  queued: ScanJob | null;
  onStart: () => void;
  onDone: (analysis: Analysis) => void;
  onFailed: (failure: ScanError) => void;
}) {
  return (
    <section
      aria-labelledby="ready-title"
      className="animate-pop-in rounded-2xl border border-brand/40 bg-primary-soft/50 p-5"
    >
      <h2 id="ready-title" className="text-h3 font-semibold">
        Ready for Analysis
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {photoCount} photo{photoCount === 1 ? '' : 's'} ·{' '}
        {analysisType === 'quick' ? 'Quick (7 concerns)' : 'Comprehensive (14 concerns)'} ·{' '}
        {location ?? 'no location yet'}
      </p>
      <Button
        size="lg"
        className="mt-4 w-full sm:w-auto"
        onClick={onStart}
        disabled={analyzing || !location}
      >
        {analyzing ? (
          <>
            <Spinner className="size-4 text-current" label="Analysing" /> Analysing your skin…
          </>
        ) : (
          <>
            <SparklesIcon aria-hidden /> Analyze My Skin
          </>
        )}
      </Button>
      {queued ? (
        <ScanProgress accepted={queued} onDone={onDone} onFailed={onFailed} />
      ) : (
        <p className="mt-2 text-xs text-muted-foreground" aria-live="polite">
          {analyzing ? 'This usually takes a few seconds.' : null}
        </p>
      )}
    </section>
  );
}
