import type { Analysis } from '@lumiskin/contract/analysis-api';
import {
  COMPREHENSIVE_METRICS,
  QUICK_METRICS,
  type AnalysisType,
} from '@lumiskin/contract/analysis';
import type { ScanError, ScanJob } from '@lumiskin/contract/scan';
import { SparklesIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { ScanProgress } from '@/features/scan/components/scan-progress';
import { bringIntoView } from '@/lib/scroll';

/** Shown once the photos are complete: what will be sent, the button, and the scan's progress. */
export function ReadyPanel({
  photoCount,
  analysisType,
  location,
  locating = false,
  onChooseLocation,
  analyzing,
  sent = null,
  queued,
  onStart,
  onDone,
  onFailed,
}: {
  photoCount: number;
  analysisType: AnalysisType;
  location: string | null;
  /** The place is still being detected (the device, the last scan, the IP). */
  locating?: boolean;
  /** Opens the place step: the button waits for a place, and says so (decision 081). */
  onChooseLocation?: () => void;
  analyzing: boolean;
  /** The share of the photos sent so far while they upload (null: nothing is being sent). */
  sent?: number | null;
  queued: ScanJob | null;
  onStart: () => void;
  onDone: (analysis: Analysis) => void;
  onFailed: (failure: ScanError) => void;
}) {
  // Still going out: a phone's photo on mobile data is seconds to a minute before any analysis.
  const sending = analyzing && sent !== null && sent < 1;
  const percent = Math.floor((sent ?? 0) * 100);
  // It appears below the photo step, out of sight on most screens: its button is the next step.
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => bringIntoView(panelRef.current), []);
  return (
    <section
      ref={panelRef}
      aria-labelledby="ready-title"
      className="scroll-mt-4 scroll-mb-4 animate-pop-in rounded-2xl border border-brand/40 bg-primary-soft/50 p-5"
    >
      <h2 id="ready-title" className="text-h3 font-semibold">
        Ready for Analysis
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {photoCount} photo{photoCount === 1 ? '' : 's'} ·{' '}
        {analysisType === 'quick'
          ? `Quick (${QUICK_METRICS.length} measures)`
          : `Comprehensive (${COMPREHENSIVE_METRICS.length} measures)`}{' '}
        · {location ?? (locating ? 'finding your town…' : 'no location yet')}
      </p>
      <Button
        size="lg"
        className="mt-4 w-full sm:w-auto"
        onClick={onStart}
        disabled={analyzing || !location}
        aria-describedby={!location && !locating && !analyzing ? 'ready-needs-place' : undefined}
      >
        {analyzing ? (
          <>
            {/* The words say it: the spinner adds nothing to the button's name. */}
            <Spinner className="size-4 text-current" aria-hidden />{' '}
            {sending
              ? `Sending your photo${photoCount === 1 ? '' : 's'}… ${percent} %`
              : 'Analysing your skin…'}
          </>
        ) : (
          <>
            <SparklesIcon aria-hidden /> Analyse My Skin
          </>
        )}
      </Button>
      {!location && !locating && !analyzing ? (
        <p className="mt-3 text-sm" id="ready-needs-place">
          Your town comes first: its UV and climate shape your routine.{' '}
          <Button variant="link" className="h-auto p-0 font-semibold" onClick={onChooseLocation}>
            Choose your town
          </Button>
        </p>
      ) : null}
      {sending ? (
        <Progress
          value={percent}
          aria-label={`Photo${photoCount === 1 ? '' : 's'} sent`}
          className="mt-3 max-w-sm"
        />
      ) : null}
      {queued ? (
        <ScanProgress accepted={queued} onDone={onDone} onFailed={onFailed} />
      ) : (
        <p className="mt-2 text-xs text-muted-foreground" aria-live="polite">
          {sending
            ? 'On a slow connection this can take a minute: keep this page open.'
            : analyzing
              ? 'This usually takes a few seconds.'
              : null}
        </p>
      )}
    </section>
  );
}
