import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { AnalysisType, ScanConcern } from '@lumiskin/contract/analysis';
import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import {
  SCAN_MAX_BYTES,
  ScanErrorCode,
  ScanMessages,
  type ScanError,
  type ScanJob,
} from '@lumiskin/contract/scan';
import { CircleAlertIcon, PartyPopperIcon, RotateCcwIcon, SparklesIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConsent, useGiveConsent } from '@/lib/api/consent';
import { detectLocation, type DetectedVia } from '@/features/scan/api/geo';
import { captureFile, isScanJob, useUploadScan } from '@/features/scan/api/upload-scan';
import {
  ANGLES,
  CaptureCard,
  type CapturedImage,
  type CaptureMode,
} from '@/features/scan/components/capture-card';
import { ConsentDialog } from '@/features/scan/components/consent-dialog';
import { DeviceAnalysisToggle } from '@/features/scan/components/device-analysis-toggle';
import { LocationCard } from '@/features/scan/components/location-card';
import { AnalysisSummary } from '@/features/scan/components/analysis-summary';
import { AnalysisTypePicker, ConcernChips } from '@/features/scan/components/scan-options';
import { GUIDE_STEPS, ScanGuide } from '@/features/scan/components/scan-guide';
import { ReadyPanel } from '@/features/scan/components/ready-panel';
import { TechnologyCard } from '@/features/scan/components/technology-card';
import { useDeviceScan } from '@/features/scan/lib/device-scan';
import { canShrink, photoToSend } from '@/features/scan/lib/shrink-upload';
import { useEngineLive, usePreloadEngine } from '@/features/scan/lib/use-engine-live';
import { paths } from '@/config/paths';
import {
  ApiRequestError,
  errorMessage,
  isOfflineFailure,
  OFFLINE_ACTION_MESSAGE,
} from '@/lib/api/api-client';
import { useSession } from '@/lib/api/auth';
import { useAccount } from '@/lib/api/get-account';
import { getScanHistoryQueryOptions } from '@/lib/api/get-scan-history';
import { bringIntoView } from '@/lib/scroll';

/** docs/product-rules.md#errors-and-messages: the sentence to show for a failed scan, and whether manual entry opens. */
/** What the photo step says as photos come in: how many of how many, then that they are ready. */
function photoSaid(count: number, needed: number, complete: boolean): string {
  if (count === 0) return '';
  if (complete) {
    return count === 1
      ? 'Your photo is ready for analysis.'
      : `All ${count} photos are ready for analysis.`;
  }
  return `Photo ${count} of ${needed} taken.`;
}

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

/** Where the scan is: found from the device (or the last scan), or typed by the person. */
function useScanLocation() {
  const [location, setLocation] = useState<string | null>(null);
  const [via, setVia] = useState<DetectedVia | 'manual'>('none');
  const [detecting, setDetecting] = useState(true);
  const [editingLocation, setEditingLocation] = useState(false);

  const queryClient = useQueryClient();
  // Each detection and each place the person chooses takes a number: only the latest one sets the
  // place. A detection still running when the person types their town (the IP lookup, a slow
  // history read) ended later and wiped the town they had chosen.
  const latest = useRef(0);
  const detect = useCallback(() => {
    const run = ++latest.current;
    setDetecting(true);
    // The person's last scan's place, when the device cannot say where it is.
    const lastPlace = () =>
      queryClient
        .fetchQuery(getScanHistoryQueryOptions(LAST_SCAN))
        .then((history) => history.items[0]?.location ?? null);
    void detectLocation(lastPlace).then(({ location: found, via: how }) => {
      if (run !== latest.current) return;
      setLocation(found);
      setVia(how);
      setDetecting(false);
    });
  }, [queryClient]);
  useEffect(detect, [detect]);
  /** The person's own choice: it stands, whatever a detection still running finds. */
  const choose = useCallback((place: string) => {
    latest.current++;
    setLocation(place);
    setVia('manual');
    setDetecting(false);
  }, []);

  return {
    location,
    choose,
    via,
    detecting,
    editingLocation,
    setEditingLocation,
    detect,
  };
}

/** The photos for a scan: camera captures (one, or one per angle) or one uploaded file. */
function usePhotos() {
  const [mode, setMode] = useState<CaptureMode>('multi');
  const [captures, setCaptures] = useState<string[]>([]);
  const [upload, setUpload] = useState<{ file: File; url: string } | null>(null);
  const [cameraOn, setCameraOn] = useState(false);

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

  return {
    mode,
    setMode,
    captures,
    setCaptures,
    upload,
    setUpload,
    cameraOn,
    setCameraOn,
    needed,
    captureComplete,
    images,
  };
}

/** The photo step: the capture card wired to the photos, its failures shown as the page's error. */
function PhotoStep({
  photos,
  disabled,
  onError,
}: {
  photos: ReturnType<typeof usePhotos>;
  disabled: boolean;
  onError: (message: string | null) => void;
}) {
  const { captures, setCaptures, upload, setUpload, setCameraOn, needed } = photos;
  const liveAssess = useEngineLive(photos.cameraOn);
  return (
    <CaptureCard
      liveAssess={liveAssess}
      mode={photos.mode}
      onModeChange={photos.setMode}
      images={photos.images}
      cameraOn={photos.cameraOn}
      disabled={disabled}
      onStartCamera={() => {
        onError(null);
        setUpload(null);
        setCameraOn(true);
      }}
      onStopCamera={() => setCameraOn(false)}
      onCameraError={(message) => {
        setCameraOn(false);
        onError(message);
      }}
      onCapture={(dataUrl) => {
        const next = [...captures, dataUrl];
        setCaptures(next);
        if (next.length >= needed) setCameraOn(false);
      }}
      onUpload={(file) => {
        setCameraOn(false);
        setCaptures([]);
        onError(null);
        setUpload({ file, url: URL.createObjectURL(file) });
      }}
      onRemove={(index) => {
        if (upload) setUpload(null);
        else setCaptures((list) => list.filter((_, i) => i !== index));
      }}
    />
  );
}

function ScanResult({ result, onReset }: { result: Analysis; onReset: () => void }) {
  // The result takes the form's place: the focus goes to it (a screen reader reads it) and its top
  // comes just under the header (focus alone would centre a result taller than the window).
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    sectionRef.current?.focus({ preventScroll: true });
    bringIntoView(sectionRef.current, 'start');
  }, []);
  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      aria-labelledby="result-title"
      className="scroll-mt-4 animate-pop-in rounded-2xl border bg-card p-6 shadow-lift outline-none"
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
          <Button size="lg" variant="outline" onClick={onReset}>
            <RotateCcwIcon aria-hidden /> New Scan
          </Button>
        }
      />
    </section>
  );
}

function ScanHeader({ name }: { name: string | undefined }) {
  return (
    <header className="mb-8">
      <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
        <SparklesIcon className="size-3.5" aria-hidden /> AI Skin Analysis
      </p>
      <h1 className="mt-2 text-h1 font-semibold wrap-anywhere">
        {name ? `Hi ${name}!` : 'AI Skin Analysis'}
      </h1>
      <p className="mt-2 text-muted-foreground">
        Take or choose a clear photo in soft light; Lumiskin reads your skin zone by zone.
      </p>
    </header>
  );
}

function ScanErrorAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive" role="alert" className="p-4">
      <CircleAlertIcon aria-hidden />
      <div>
        <p className="font-semibold">Analysis Error</p>
        <p className="mt-0.5">{message}</p>
      </div>
    </Alert>
  );
}

/** The guide's props: folded, the photo step leads the page; it opens with a tap (issue 34). */
function useGuide() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(0);
  return {
    open,
    step,
    onToggle: () => setOpen((o) => !o),
    onSkip: () => setOpen(false),
    onNext: () => {
      if (step >= GUIDE_STEPS.length - 1) setOpen(false);
      else setStep((s) => s + 1);
    },
  };
}

/** The location card wired to the scan's place; a typed place is the person's ('manual'). */
function PlaceStep({
  place,
  disabled,
  onChanged,
}: {
  place: ReturnType<typeof useScanLocation>;
  disabled: boolean;
  onChanged: () => void;
}) {
  return (
    <LocationCard
      location={place.location}
      via={place.via}
      detecting={place.detecting}
      editing={place.editingLocation}
      onEditingChange={place.setEditingLocation}
      onChange={(value) => {
        place.choose(value);
        onChanged();
      }}
      onDetect={place.detect}
      disabled={disabled}
    />
  );
}

export default function ScanRoute() {
  const session = useSession();
  const name = session?.user.name.trim();

  const [analysisType, setAnalysisType] = useState<AnalysisType>('quick');
  const [concerns, setConcerns] = useState<ScanConcern[]>([]);
  const guide = useGuide();

  const place = useScanLocation();
  const { location, setEditingLocation } = place;
  const photos = usePhotos();
  const { captures, setCaptures, upload, setUpload, setCameraOn, captureComplete } = photos;

  const [result, setResult] = useState<Analysis | null>(null);
  /** A scan the server queued (202): followed by ScanProgress until it is done. */
  const [queued, setQueued] = useState<ScanJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [consentOpen, setConsentOpen] = useState(false);

  const consent = useConsent();
  const giveConsent = useGiveConsent();
  const scan = useUploadScan();
  // Decision 100: the photo stays on this device; only the results are sent.
  const onDevice = useAccount().data?.settings.analyse_on_device ?? false;
  const device = useDeviceScan();
  usePreloadEngine(onDevice);
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  /**
   * The share of the photos sent while the upload runs (null: nothing is being sent; 0 from the
   * moment the photo is being made ready to send, decision 191).
   */
  const [sent, setSent] = useState<number | null>(null);
  const analyzing = scan.isPending || device.isPending || queued !== null || sent !== null;

  const reset = () => {
    setCaptures([]);
    setUpload(null);
    setCameraOn(false);
    setResult(null);
    setQueued(null);
    setError(null);
    setNotice(null);
    scan.reset();
  };

  const showResult = useCallback(
    (analysis: Analysis) => {
      setQueued(null);
      setResult(analysis);
      setCameraOn(false);
    },
    [setCameraOn],
  );

  const showFailure = useCallback(
    (failure: unknown) => {
      setQueued(null);
      const { message, openManual } = describeError(failure);
      setError(message);
      if (openManual) setEditingLocation(true);
    },
    [setEditingLocation],
  );

  const queuedFailed = useCallback(
    (failure: ScanError) => showFailure(new ApiRequestError(422, failure)),
    [showFailure],
  );

  const analyseOnDevice = async (place: string) => {
    const files = upload ? [upload.file] : captures.map((c, i) => captureFile(c, `${i}.jpg`));
    const outcome = await device.run({ photos: files, analysisType, location: place, concerns });
    if (outcome.kind === 'done') void navigate(paths.analysis.href(outcome.analysis.id));
    else if (outcome.kind === 'queued') setNotice(DeviceScanMessages.queued);
    else setError(outcome.message);
  };

  const analyse = async () => {
    if (!location || analyzing || !captureComplete) return;
    setError(null);
    setNotice(null);
    try {
      if (onDevice) return await analyseOnDevice(location);
      setSent(0);
      // A phone's large photo goes at twice the analysed size (decision 191), a JPEG without
      // its metadata (decision 192).
      const file = upload ? await photoToSend(upload.file) : null;
      if (file && file.size > SCAN_MAX_BYTES) {
        setError(ScanMessages.tooLarge);
        return;
      }
      const answer = await scan.mutateAsync({
        location,
        analysisType,
        concerns,
        captures,
        file,
        onProgress: setSent,
      });
      if (isScanJob(answer)) setQueued(answer);
      else showResult(answer);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setSent(null);
    }
  };

  const start = () => {
    // Said now, not after the whole file has gone out to be refused (a phone's 50 MP photo on
    // mobile data); a device scan sends no photo, so any size is analysed there. A JPEG, PNG or
    // WebP is shrunk before it goes (decision 191) and checked then.
    if (!onDevice && upload && upload.file.size > SCAN_MAX_BYTES && !canShrink(upload.file)) {
      setError(ScanMessages.tooLarge);
      return;
    }
    // A device scan sends no photo: the photo-processing consent is not asked (decision 100).
    if (onDevice || consent.data?.consented) void analyse();
    else setConsentOpen(true);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <title>AI Skin Analysis — Lumiskin</title>
      <ScanHeader name={name} />

      {result ? (
        <ScanResult result={result} onReset={reset} />
      ) : (
        <div className="space-y-6">
          <PhotoStep photos={photos} disabled={analyzing} onError={setError} />
          {/* A photo chosen or taken changes the page below the finger (its thumbnail, the next
              angle, the Ready panel) without a word: said here, politely. */}
          <p className="sr-only" aria-live="polite" data-testid="photo-said">
            {photoSaid(photos.images.length, photos.needed, captureComplete)}
          </p>

          {error ? <ScanErrorAlert message={error} /> : null}
          {notice ? (
            <Alert role="status" className="p-4">
              {notice}
            </Alert>
          ) : null}

          {captureComplete ? (
            <ReadyPanel
              photoCount={photos.images.length}
              analysisType={analysisType}
              location={location}
              locating={place.detecting}
              onChooseLocation={() => {
                setEditingLocation(true);
                // Already open: back to its field (the card focuses it when it opens).
                document.getElementById('manual-location')?.focus();
              }}
              analyzing={analyzing}
              sent={sent}
              queued={queued}
              onStart={start}
              onDone={showResult}
              onFailed={queuedFailed}
            />
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
          <DeviceAnalysisToggle disabled={analyzing} />
          <PlaceStep place={place} disabled={analyzing} onChanged={() => setError(null)} />
          <ScanGuide {...guide} />
          <TechnologyCard />
        </div>
      )}

      <ConsentDialog
        open={consentOpen}
        onOpenChange={setConsentOpen}
        status={consent.data}
        pending={giveConsent.isPending}
        error={
          giveConsent.error ? errorMessage(giveConsent.error, ScanMessages.analysisFailed) : null
        }
        onAgree={(version) =>
          giveConsent.mutate(version, {
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
