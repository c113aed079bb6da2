import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { AnalysisType, ScanConcern } from '@lumiskin/contract/analysis';
import { ScanErrorCode, ScanMessages, type ScanError, type ScanJob } from '@lumiskin/contract/scan';
import { CircleAlertIcon, PartyPopperIcon, RotateCcwIcon, SparklesIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConsent, useGiveConsent } from '@/features/scan/api/consent';
import { detectLocation, type DetectedVia } from '@/features/scan/api/geo';
import { isScanJob, useUploadScan } from '@/features/scan/api/upload-scan';
import {
  ANGLES,
  CaptureCard,
  type CapturedImage,
  type CaptureMode,
} from '@/features/scan/components/capture-card';
import { ConsentDialog } from '@/features/scan/components/consent-dialog';
import { LocationCard } from '@/features/scan/components/location-card';
import { AnalysisSummary } from '@/features/scan/components/analysis-summary';
import { AnalysisTypePicker, ConcernChips } from '@/features/scan/components/scan-options';
import { GUIDE_STEPS, ScanGuide } from '@/features/scan/components/scan-guide';
import { ScanProgress } from '@/features/scan/components/scan-progress';
import { TechnologyCard } from '@/features/scan/components/technology-card';
import { ApiRequestError, isOfflineFailure, OFFLINE_ACTION_MESSAGE } from '@/lib/api/api-client';
import { useSession } from '@/lib/api/auth';
import { getScanHistoryQueryOptions } from '@/lib/api/get-scan-history';

/** docs/product-rules.md#errors-and-messages: the sentence to show for a failed scan, and whether manual entry opens. */
function describeError(error: unknown): { message: string; openManual: boolean } {
  if (error instanceof ApiRequestError) {
    if (
      error.code === ScanErrorCode.locationRequired ||
      error.detail?.includes('location_required')
    ) {
      return { message: ScanMessages.locationRequired, openManual: true };
    }
    if (
      error.code === ScanErrorCode.locationNotFound ||
      error.detail?.includes('location_not_found')
    ) {
      return { message: ScanMessages.locationNotFound, openManual: true };
    }
    return {
      message: error.detail || error.message || ScanMessages.analysisFailed,
      openManual: false,
    };
  }
  // Scans run on the server: offline, say it will work once back online.
  if (isOfflineFailure(error)) return { message: OFFLINE_ACTION_MESSAGE, openManual: false };
  if (error instanceof Error && error.message) return { message: error.message, openManual: false };
  return { message: ScanMessages.analysisFailed, openManual: false };
}

/** The newest scan only: its place stands in when the device cannot say where it is. */
const LAST_SCAN = { limit: 1 };

export default function ScanRoute() {
  const session = useSession();
  const name = session?.user.name.trim();

  const [analysisType, setAnalysisType] = useState<AnalysisType>('quick');
  const [concerns, setConcerns] = useState<ScanConcern[]>([]);
  // Folded: the photo step leads the page; the guide opens with a tap (issue 34).
  const [guideOpen, setGuideOpen] = useState(false);
  const [guideStep, setGuideStep] = useState(0);

  const [location, setLocation] = useState<string | null>(null);
  const [via, setVia] = useState<DetectedVia | 'manual'>('none');
  const [detecting, setDetecting] = useState(true);
  const [editingLocation, setEditingLocation] = useState(false);

  const [mode, setMode] = useState<CaptureMode>('multi');
  const [captures, setCaptures] = useState<string[]>([]);
  const [upload, setUpload] = useState<{ file: File; url: string } | null>(null);
  const [cameraOn, setCameraOn] = useState(false);

  const [result, setResult] = useState<Analysis | null>(null);
  /** A scan the server queued (202): followed by ScanProgress until it is done. */
  const [queued, setQueued] = useState<ScanJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [consentOpen, setConsentOpen] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  const consent = useConsent();
  const giveConsent = useGiveConsent();
  const scan = useUploadScan();
  const analyzing = scan.isPending || queued !== null;

  const queryClient = useQueryClient();
  const detect = useCallback(() => {
    setDetecting(true);
    // The person's last scan's place, when the device cannot say where it is.
    const lastPlace = () =>
      queryClient
        .fetchQuery(getScanHistoryQueryOptions(LAST_SCAN))
        .then((history) => history.items[0]?.location ?? null);
    void detectLocation(lastPlace).then(({ location: found, via: how }) => {
      setLocation(found);
      setVia(how);
      setDetecting(false);
    });
  }, [queryClient]);
  useEffect(detect, [detect]);

  useEffect(() => () => (upload ? URL.revokeObjectURL(upload.url) : undefined), [upload]);

  const needed = mode === 'multi' ? ANGLES.length : 1;
  // docs/product-rules.md#scan: an upload completes at once; the camera after one (single) or three (multi) captures.
  const captureComplete = upload !== null || captures.length >= needed;
  const images: CapturedImage[] = upload
    ? [{ src: upload.url, label: upload.file.name || 'Uploaded photo' }]
    : captures.map((src, i) => ({
        src,
        label: mode === 'multi' ? (ANGLES[i]?.label ?? 'Photo') : 'Photo',
      }));

  const reset = () => {
    setCaptures([]);
    setUpload(null);
    setCameraOn(false);
    setResult(null);
    setQueued(null);
    setError(null);
    scan.reset();
  };

  const showResult = useCallback((analysis: Analysis) => {
    setQueued(null);
    setResult(analysis);
    setCameraOn(false);
    requestAnimationFrame(() => resultRef.current?.focus());
  }, []);

  const showFailure = useCallback((failure: unknown) => {
    setQueued(null);
    const { message, openManual } = describeError(failure);
    setError(message);
    if (openManual) setEditingLocation(true);
  }, []);

  const queuedFailed = useCallback(
    (failure: ScanError) => showFailure(new ApiRequestError(422, failure)),
    [showFailure],
  );

  const analyse = async () => {
    if (!location || analyzing || !captureComplete) return;
    setError(null);
    try {
      const answer = await scan.mutateAsync({
        location,
        analysisType,
        concerns,
        captures,
        file: upload?.file ?? null,
      });
      if (isScanJob(answer)) setQueued(answer);
      else showResult(answer);
    } catch (failure) {
      showFailure(failure);
    }
  };

  const start = () => {
    if (consent.data?.consented) void analyse();
    else setConsentOpen(true);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <title>AI Skin Analysis — Lumiskin</title>
      <header className="mb-8">
        <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
          <SparklesIcon className="size-3.5" aria-hidden /> AI Skin Analysis
        </p>
        <h1 className="mt-2 text-h1 font-semibold">{name ? `Hi ${name}!` : 'AI Skin Analysis'}</h1>
        <p className="mt-2 text-muted-foreground">
          Take or choose a clear photo in soft light; Lumiskin reads your skin zone by zone.
        </p>
      </header>

      {result ? (
        <section
          ref={resultRef}
          tabIndex={-1}
          aria-labelledby="result-title"
          className="animate-pop-in rounded-2xl border bg-card p-6 shadow-lift outline-none"
        >
          <AnalysisSummary
            analysis={result}
            heading={
              <>
                <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-success">
                  <PartyPopperIcon className="size-4" aria-hidden /> {result.location}
                </p>
                <h2 id="result-title" className="mt-1 text-h2 font-semibold">
                  Analysis Complete!
                </h2>
              </>
            }
            actions={
              <Button size="lg" variant="outline" onClick={reset}>
                <RotateCcwIcon aria-hidden /> New Scan
              </Button>
            }
          />
        </section>
      ) : (
        <div className="space-y-6">
          <CaptureCard
            mode={mode}
            onModeChange={setMode}
            images={images}
            cameraOn={cameraOn}
            disabled={analyzing}
            onStartCamera={() => {
              setError(null);
              setUpload(null);
              setCameraOn(true);
            }}
            onStopCamera={() => setCameraOn(false)}
            onCameraError={(message) => {
              setCameraOn(false);
              setError(message);
            }}
            onCapture={(dataUrl) => {
              const next = [...captures, dataUrl];
              setCaptures(next);
              if (next.length >= needed) setCameraOn(false);
            }}
            onUpload={(file) => {
              setCameraOn(false);
              setCaptures([]);
              setError(null);
              setUpload({ file, url: URL.createObjectURL(file) });
            }}
            onRemove={(index) => {
              if (upload) setUpload(null);
              else setCaptures((list) => list.filter((_, i) => i !== index));
            }}
          />

          {error ? (
            <Alert variant="destructive" role="alert" className="p-4">
              <CircleAlertIcon aria-hidden />
              <div>
                <p className="font-semibold">Analysis Error</p>
                <p className="mt-0.5">{error}</p>
              </div>
            </Alert>
          ) : null}

          {captureComplete ? (
            <section
              aria-labelledby="ready-title"
              className="animate-pop-in rounded-2xl border border-brand/40 bg-primary-soft/50 p-5"
            >
              <h2 id="ready-title" className="text-h3 font-semibold">
                Ready for Analysis
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                {images.length} photo{images.length === 1 ? '' : 's'} ·{' '}
                {analysisType === 'quick' ? 'Quick (7 concerns)' : 'Comprehensive (14 concerns)'} ·{' '}
                {location ?? 'no location yet'}
              </p>
              <Button
                size="lg"
                className="mt-4 w-full sm:w-auto"
                onClick={start}
                disabled={analyzing || !location}
              >
                {analyzing ? (
                  <>
                    <Spinner className="size-4 text-current" label="Analysing" /> Analysing your
                    skin…
                  </>
                ) : (
                  <>
                    <SparklesIcon aria-hidden /> Analyze My Skin
                  </>
                )}
              </Button>
              {queued ? (
                <ScanProgress accepted={queued} onDone={showResult} onFailed={queuedFailed} />
              ) : (
                <p className="mt-2 text-xs text-muted-foreground" aria-live="polite">
                  {analyzing ? 'This usually takes a few seconds.' : null}
                </p>
              )}
            </section>
          ) : null}
          <AnalysisTypePicker
            value={analysisType}
            onChange={setAnalysisType}
            disabled={analyzing}
          />
          <ConcernChips
            value={concerns}
            disabled={analyzing}
            onToggle={(c) =>
              setConcerns((list) => (list.includes(c) ? list.filter((x) => x !== c) : [...list, c]))
            }
          />
          <LocationCard
            location={location}
            via={via}
            detecting={detecting}
            editing={editingLocation}
            onEditingChange={setEditingLocation}
            onChange={(value) => {
              setLocation(value);
              setVia('manual');
              setError(null);
            }}
            onDetect={detect}
            disabled={analyzing}
          />
          {
            <ScanGuide
              open={guideOpen}
              step={guideStep}
              onToggle={() => setGuideOpen((o) => !o)}
              onSkip={() => setGuideOpen(false)}
              onNext={() => {
                if (guideStep >= GUIDE_STEPS.length - 1) setGuideOpen(false);
                else setGuideStep((s) => s + 1);
              }}
            />
          }
          <TechnologyCard />
        </div>
      )}

      <ConsentDialog
        open={consentOpen}
        onOpenChange={setConsentOpen}
        pending={giveConsent.isPending}
        onAgree={() =>
          giveConsent.mutate(undefined, {
            onSuccess: () => {
              setConsentOpen(false);
              void analyse();
            },
          })
        }
      />
    </div>
  );
}
