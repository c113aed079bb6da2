import {
  ANALYSIS_SOURCE_LABELS,
  DEFAULT_RESULT_TEXT,
  type Analysis,
  type HistoryItem,
} from '@lumiskin/contract/analysis-api';
import {
  ArrowLeftIcon,
  CalendarIcon,
  ChevronDownIcon,
  DownloadIcon,
  FileTextIcon,
  MapPinIcon,
  PrinterIcon,
  ScanFaceIcon,
  Share2Icon,
  Trash2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ConditionsNote } from '@/components/conditions-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useDeleteAnalysis } from '@/features/scan/api/delete-analysis';
import { useScanBaseline } from '@/features/scan/api/get-scan-baseline';
import { useAnalysis } from '@/lib/api/get-analysis';
import { EnvironmentCard } from '@/features/scan/components/environment-card';
import { MetricList } from '@/features/scan/components/metric-list';
import { PhotoZones } from '@/features/scan/components/photo-zones';
import { RoutineCard } from '@/features/scan/components/routine-card';
import { ScoreRing } from '@/components/score/score-ring';
import { UseRoutineButton } from '@/features/scan/components/use-routine-button';
import { trendLabel } from '@/components/score/score-bands';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import { downloadFile } from '@/lib/platform/download';
import type { ScanBaseline } from '@/lib/scan/baseline';
import { changedMethods, overallComparable } from '@/lib/scan/methods';
import { MethodNote } from '@/components/method-note';
import { isNative } from '@/lib/platform/native';
import { cn } from '@/lib/utils';
import { formatDate, formatDateTime, formatScore } from '@/lib/format';

function shareText(analysis: Analysis): string {
  const lines = Object.entries(analysis.scores).map(
    ([k, v]) => `${k.replaceAll('_', ' ')}: ${formatScore(v)}`,
  );
  return `My Lumiskin skin score: ${analysis.overall_score}/100\n${lines.join('\n')}`;
}

function exportJson(analysis: Analysis) {
  downloadFile(
    `lumiskin-analysis-${analysis.created_at.slice(0, 10)}-${analysis.id.slice(0, 8)}.json`,
    'application/json',
    JSON.stringify(analysis, null, 2),
  );
}

/** Web Share API where there is one, otherwise the text goes to the clipboard (docs/product-rules.md#errors-and-messages). */
async function share(analysis: Analysis) {
  const text = shareText(analysis);
  if (navigator.share) {
    try {
      await navigator.share({ title: 'My Lumiskin analysis', text });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Success', description: 'Results copied to clipboard!' });
  } catch {
    toast({
      title: 'Error',
      description: 'Could not share or copy the results.',
      variant: 'destructive',
    });
  }
}

/** The analysis could not be shown: gone (or someone else's), or not loaded. */
function AnalysisLoadError({ analysis }: { analysis: ReturnType<typeof useAnalysis> }) {
  const missing =
    analysis.error instanceof ApiRequestError && [400, 404].includes(analysis.error.status);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Analysis — Lumiskin</title>
      <h1 className="text-h1 font-semibold">
        {missing ? 'Analysis not found' : 'Could not load this analysis'}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {missing
          ? 'It may have been deleted, or it belongs to another account.'
          : errorMessage(analysis.error, 'Please check your connection and try again.')}
      </p>
      <div className="mt-6 flex justify-center gap-2">
        {!missing ? <Button onClick={() => void analysis.refetch()}>Try again</Button> : null}
        <Button asChild variant="outline">
          <Link to={paths.scan.href}>New scan</Link>
        </Button>
      </div>
    </section>
  );
}

function AnalysisHeader({ analysis: a, onDelete }: { analysis: Analysis; onDelete: () => void }) {
  return (
    <header className="mt-2 flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
          Full analysis
        </p>
        <h1 className="mt-1 text-h1 font-semibold">Your skin, zone by zone</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarIcon className="size-4" aria-hidden />
            <time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MapPinIcon className="size-4" aria-hidden /> {a.location}
          </span>
          <Badge variant="secondary">{ANALYSIS_SOURCE_LABELS[a.analysis_source]}</Badge>
          <Badge variant="outline" className="capitalize">
            {a.analysis_type}
          </Badge>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="outline" size="sm" onClick={() => void share(a)}>
          <Share2Icon aria-hidden /> Share
        </Button>
        {/* The browser's print dialog also saves a PDF; Android's WebView has no print. */}
        {isNative() ? null : (
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <PrinterIcon aria-hidden /> Print or PDF
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => exportJson(a)}>
          <DownloadIcon aria-hidden /> Export JSON
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive-soft-foreground"
          onClick={onDelete}
        >
          <Trash2Icon aria-hidden /> Delete
        </Button>
      </div>
    </header>
  );
}

/** Asks before deleting the scan for good; once deleted, back to the dashboard. */
function DeleteScanDialog({
  analysisId,
  open,
  onOpenChange,
}: {
  analysisId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteAnalysis();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this scan?</DialogTitle>
          <DialogDescription>
            The analysis and its photo are removed for good. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(analysisId, {
                onSuccess: () => {
                  toast({ title: 'Success', description: 'Scan deleted.' });
                  void navigate(paths.dashboard.href, { replace: true });
                },
                onError: (error) =>
                  toast({
                    title: 'Error',
                    description: errorMessage(error, 'Could not delete the scan.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete scan'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export default function AnalysisRoute() {
  const { id = '' } = useParams();
  const analysis = useAnalysis(id);
  const baseline = useScanBaseline(analysis.data);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 64rem)');

  if (analysis.isPending) return <AnalysisSkeleton />;
  if (analysis.isError || !analysis.data) {
    return <AnalysisLoadError analysis={analysis} />;
  }

  const a = analysis.data;
  const compared = baseline.data ?? { kind: 'none' as const };
  const prev = compared.kind === 'none' ? null : compared.scan;
  const unlike = compared.kind === 'unlike' ? compared.reasons : undefined;

  const overall = (
    <section aria-labelledby="overall-title" className="rounded-2xl border bg-card p-5 shadow-soft">
      <div className="flex flex-wrap items-center gap-5">
        <ScoreRing score={a.overall_score} />
        <div className="flex-1">
          <h2 id="overall-title" className="text-h3 font-semibold">
            Overall skin score
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {Object.keys(a.scores).length} measures
            {a.unmeasured.length > 0 ? ` (${a.unmeasured.length} not measured)` : ''}, higher is
            healthier. Skin tone ITA° {a.skin_tone.ita} ({a.skin_tone.category.replaceAll('_', ' ')}
            ).
          </p>
          <Comparison analysis={a} baseline={compared} />
        </div>
      </div>
    </section>
  );
  const photo = (
    <section aria-label="Your photo" className="rounded-2xl border bg-card p-4 shadow-soft">
      <PhotoZones analysis={a} />
    </section>
  );
  const measures = (
    <section aria-labelledby="scores-title" className="rounded-2xl border bg-card p-5 shadow-soft">
      <h2 id="scores-title" className="text-h3 font-semibold">
        Each measure
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">
        Green 80+ is good, amber 60-79 is fair, red below 60 needs care.
        {prev ? ' Arrows compare with the scan above.' : ''}
      </p>
      <MetricList
        findings={a.findings}
        unmeasured={a.unmeasured}
        previous={prev}
        unlike={unlike}
        capture={a.capture}
        methods={a.methods}
      />
    </section>
  );
  const climate = <EnvironmentCard analysis={a} />;

  return (
    <article className="mx-auto max-w-5xl px-4 pt-6 pb-16 sm:pt-10">
      <title>{`Your analysis, ${formatDate(a.created_at)} — Lumiskin`}</title>
      <Link
        to={paths.dashboard.href}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-primary-text hover:underline print:hidden"
      >
        <ArrowLeftIcon className="size-4" aria-hidden /> Dashboard
      </Link>
      <p className="hidden text-sm font-semibold print:block">Lumiskin skin analysis</p>
      <AnalysisHeader analysis={a} onDelete={() => setConfirmOpen(true)} />

      {/* A phone leads with the score, then the photo, each measure and the climate (the score
          came a screen and a half down, after the photo and the weather); a wide window keeps
          the photo beside the scores. One order in the page for each, so the keyboard and a
          screen reader meet things in the order they show. */}
      {wide ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <div className="space-y-6">
            {photo}
            {climate}
          </div>
          <div className="space-y-6">
            {overall}
            {measures}
          </div>
        </div>
      ) : (
        <div className="mt-8 grid gap-6">
          {overall}
          {photo}
          {measures}
          {climate}
        </div>
      )}

      <div className="mt-6">
        <RoutineCard analysis={a} />
        <div className="mt-3 flex flex-wrap items-center justify-end gap-3 print:hidden">
          <p className="text-sm text-muted-foreground">
            Make this your routine on the dashboard (it replaces the current one).
          </p>
          <UseRoutineButton analysisId={a.id} />
        </div>
      </div>

      <FullReport text={a.full_response_text || DEFAULT_RESULT_TEXT} />

      <p className="mt-6 hidden text-xs text-muted-foreground print:block">
        Measured by Lumiskin from the photo, on {formatDateTime(a.created_at)}. A guide to your skin
        and its care, not a medical diagnosis.
      </p>

      <div className="mt-8 flex justify-center print:hidden">
        <Button asChild size="lg">
          <Link to={paths.scan.href}>
            <ScanFaceIcon aria-hidden /> New scan
          </Link>
        </Button>
      </div>

      <DeleteScanDialog analysisId={a.id} open={confirmOpen} onOpenChange={setConfirmOpen} />
    </article>
  );
}

/**
 * The engine's report in words, folded away under a heading that looks and reads as a control
 * (issue 13): a chevron that turns, "Show"/"Hide", and aria-expanded for screen readers.
 */
function FullReport({ text }: { text: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    // On paper: the report when it is open, nothing of it when folded.
    <section
      className={cn('mt-6 rounded-2xl border bg-card shadow-soft', !isOpen && 'print:hidden')}
    >
      <h2 className="text-h3 font-semibold">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls="full-report"
          onClick={() => setIsOpen((open) => !open)}
          className="flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-2xl p-5 text-left hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <FileTextIcon className="size-5 text-primary-text" aria-hidden />
          <span className="flex-1">The full report</span>
          {/* Said by the button's expanded state: the heading reads "The full report". */}
          <span aria-hidden className="text-sm font-medium text-muted-foreground print:hidden">
            {isOpen ? 'Hide' : 'Show'}
          </span>
          <ChevronDownIcon
            className={cn(
              'size-5 text-muted-foreground transition-transform motion-reduce:transition-none print:hidden',
              isOpen && 'rotate-180',
            )}
            aria-hidden
          />
        </button>
      </h2>
      <div
        id="full-report"
        hidden={!isOpen}
        className="px-5 pb-5 text-sm leading-relaxed whitespace-pre-line"
      >
        {text}
      </div>
    </section>
  );
}

/**
 * The overall change against the scan this one is compared with: the latest taken in similar
 * conditions, or the previous one with a note that the light or distance differed.
 */
function Comparison({
  analysis,
  baseline,
}: {
  analysis: Analysis;
  baseline: ScanBaseline<HistoryItem>;
}) {
  const score = analysis.overall_score;
  if (baseline.kind === 'none') {
    return (
      <p className="mt-3 text-sm text-muted-foreground" data-testid="comparison">
        Your first scan: the next one will show how each score moves.
      </p>
    );
  }
  // The overall score blends every metric: one measured with another method moves it as well.
  const newMethods = changedMethods(analysis, baseline.scan);
  if (!overallComparable(analysis, baseline.scan)) {
    return (
      <div className="mt-3 space-y-1">
        <p className="text-sm" data-testid="comparison">
          Your scan of {formatDate(baseline.scan.created_at)} was measured differently: no change is
          shown.
        </p>
        <MethodNote metrics={newMethods.length ? newMethods : undefined} />
      </div>
    );
  }
  const t = trendLabel(score, baseline.scan.overall_score, 'overall');
  const isUnlike = baseline.kind === 'unlike';
  return (
    <div className="mt-3 space-y-1">
      <p className="text-sm" data-testid="comparison">
        Compared with your scan of {formatDate(baseline.scan.created_at)}
        {baseline.kind === 'comparable' && !baseline.isPrevious
          ? ', the most recent in similar conditions'
          : ''}
        :{' '}
        <span
          className={cn(
            'font-semibold',
            !isUnlike && t?.kind === 'up' && 'text-success',
            !isUnlike && t?.kind === 'down' && 'text-destructive-soft-foreground',
          )}
        >
          {t?.text ?? 'No change'}
        </span>
      </p>
      {isUnlike ? <ConditionsNote reasons={baseline.reasons} /> : null}
    </div>
  );
}

function AnalysisSkeleton() {
  return (
    <div
      className="mx-auto max-w-5xl px-4 pt-10 pb-16"
      aria-busy="true"
      aria-label="Loading analysis"
    >
      <Skeleton className="h-8 w-64" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[5fr_6fr]">
        <Skeleton className="aspect-square rounded-2xl" />
        <div className="space-y-4">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-72 rounded-2xl" />
        </div>
      </div>
    </div>
  );
}
