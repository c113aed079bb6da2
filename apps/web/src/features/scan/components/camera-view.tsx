import type { CaptureAngle } from '@lumiskin/contract/analysis';
import { ScanMessages } from '@lumiskin/contract/scan';
import { CameraIcon, CheckCircle2Icon, CircleAlertIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import {
  AutoCaptureToggle,
  LiveGuide,
  LiveInstructionLine,
} from '@/features/scan/components/live-guide';
import {
  assessFrame,
  DISTANCE_TEXT,
  LIGHT_TEXT,
  type Guidance,
} from '@/features/scan/lib/face-guidance';
import type { LiveAssess } from '@/features/scan/lib/live-guidance';
import { useGrowOnlyHeight } from '@/features/scan/lib/use-grow-only-height';
import { useLiveGuidance } from '@/features/scan/lib/use-live-guidance';
import { bringIntoView } from '@/lib/scroll';
import { cn } from '@/lib/utils';
import { isNative, takeNativePhoto } from '@/lib/platform/native';

/**
 * docs/product-rules.md#constants: front camera, ideal 1280×720; captured frames are JPEG at
 * quality 0.92 (decision 172; the observed app's 0.8 rounds a small papule's colour away).
 */
const CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};
const JPEG_QUALITY = 0.92;
const GUIDANCE_WIDTH = 96;
const GUIDANCE_INTERVAL_MS = 400;

export function cameraErrorMessage(error: unknown): string {
  if (
    error instanceof DOMException &&
    (error.name === 'NotAllowedError' || error.name === 'SecurityError')
  ) {
    return ScanMessages.cameraDenied;
  }
  return ScanMessages.cameraUnavailable;
}

const AUTO_CAPTURE_KEY = 'lumiskin.scan.autoCapture';

function storedAutoCapture(): boolean {
  try {
    return localStorage.getItem(AUTO_CAPTURE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * The front camera into `videoRef`, with the live guidance, in a browser and inside the Android app
 * alike (the app's WebView asks Android for the camera permission: decision 135). Inside the app,
 * where the WebView has no camera stream (an old WebView, a camera it cannot open), the device's
 * own camera screen takes the photo instead (lib/platform/native.ts). True once the preview plays.
 */
function useCameraStream(
  videoRef: RefObject<HTMLVideoElement | null>,
  onCapture: (dataUrl: string) => void,
  onCancel: () => void,
  onError: (message: string) => void,
): boolean {
  const [ready, setReady] = useState(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const onCaptureRef = useRef(onCapture);
  onCaptureRef.current = onCapture;
  const onCancelRef = useRef(onCancel);
  onCancelRef.current = onCancel;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    const nativeCamera = () =>
      takeNativePhoto().then(
        (dataUrl) => {
          if (cancelled) return;
          if (dataUrl) onCaptureRef.current(dataUrl);
          else onCancelRef.current();
        },
        (error: unknown) => !cancelled && onErrorRef.current(cameraErrorMessage(error)),
      );
    const stop = () => {
      cancelled = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
    if (!navigator.mediaDevices?.getUserMedia) {
      if (isNative()) void nativeCamera();
      else onErrorRef.current(ScanMessages.cameraUnavailable);
      return stop;
    }
    navigator.mediaDevices
      .getUserMedia(CONSTRAINTS)
      .then(async (s) => {
        if (cancelled) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = s;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = s;
        await video.play().catch(() => undefined);
        setReady(true);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = cameraErrorMessage(error);
        // A refusal is the person's answer (the system camera would need the same permission);
        // any other failure inside the app falls back to the device's own camera screen.
        if (isNative() && message !== ScanMessages.cameraDenied) void nativeCamera();
        else onErrorRef.current(message);
      });
    return stop;
  }, [videoRef]);
  return ready;
}

export function CameraView({
  angleLabel,
  angleHint,
  angle = 'front',
  liveAssess,
  onCapture,
  onCancel,
  onError,
}: {
  angleLabel: string;
  angleHint: string;
  /** Which way this photo is taken (profiles of multi-angle mode are meant to be turned). */
  angle?: CaptureAngle;
  /**
   * The engine's live gate on one camera frame (issue 32): face, distance, centring, angle,
   * light, evenness, cast, focus and motion. Without it (engine not loaded, or unavailable) the
   * view gives its own framing and light hints (face-guidance.ts).
   */
  liveAssess?: LiveAssess;
  onCapture: (dataUrl: string) => void;
  onCancel: () => void;
  onError: (message: string) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const guidanceRef = useGrowOnlyHeight<HTMLDivElement>();
  // The view opens where "Use Camera" was, often below the window's fold (a laptop, a phone held
  // sideways): bring the preview and its Capture button into view, just under the header.
  useEffect(() => bringIntoView(viewRef.current), []);
  const ready = useCameraStream(videoRef, onCapture, onCancel, onError);
  const [guidance, setGuidance] = useState<Guidance | null>(null);
  const [autoCaptureChosen, setAutoCapture] = useState(storedAutoCapture);
  // Profiles (multi-angle mode) wait for the shutter: the live gate holds only front views level,
  // so it cannot tell a turned head from one still facing the camera.
  const autoCapture = autoCaptureChosen && angle === 'front';
  const captureRef = useRef<() => void>(() => {});
  const live = useLiveGuidance({
    videoRef,
    active: ready,
    assess: liveAssess,
    angle,
    autoCapture,
    onAutoCapture: () => captureRef.current(),
  });
  const liveOn = Boolean(liveAssess) && !live.failed && live.instruction !== null;
  // Fallback hints on a tiny copy of the frame, a few times a second, while the engine's live
  // gate is not answering (not given, still loading, or failed).
  useEffect(() => {
    if (!ready || liveOn) return;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const timer = setInterval(() => {
      const video = videoRef.current;
      if (!video || !context || video.videoWidth === 0) return;
      canvas.width = GUIDANCE_WIDTH;
      canvas.height = Math.round((GUIDANCE_WIDTH * video.videoHeight) / video.videoWidth);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      setGuidance(assessFrame(data, canvas.width, canvas.height));
    }, GUIDANCE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [ready, liveOn]);

  const capture = () => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    live.captured();
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    onCapture(canvas.toDataURL('image/jpeg', JPEG_QUALITY));
  };
  captureRef.current = capture;

  const toggleAuto = (on: boolean) => {
    setAutoCapture(on);
    try {
      localStorage.setItem(AUTO_CAPTURE_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts for this camera session only.
    }
  };

  const distanceOk = guidance?.distance === 'good';
  const lightOk = guidance?.light === 'good';

  return (
    <div ref={viewRef} className="scroll-mt-4 scroll-mb-4 space-y-3">
      {/* As wide as leaves room below it for the guidance and Capture in a short window (a phone
          held sideways), and never narrower than 20 rem. */}
      <div className="relative mx-auto w-full max-w-[max(20rem,calc((100dvh-14rem)*16/9))] overflow-hidden rounded-2xl bg-[#1f1a1d]">
        {/* Mirrored like a mirror; the captured photo is not. */}
        <video
          ref={videoRef}
          playsInline
          muted
          aria-label="Camera preview"
          className="aspect-video w-full -scale-x-100 object-cover"
        />
        {liveOn ? (
          <LiveGuide
            instruction={live.instruction}
            ready={live.report?.ready === true}
            holdingSince={autoCapture ? live.holdingSince : null}
          />
        ) : (
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0 flex items-center justify-center"
          >
            <div
              className={cn(
                'aspect-[3/4] h-[72%] rounded-[50%] border-[3px] border-dashed transition-colors duration-200',
                distanceOk && lightOk ? 'border-success' : 'border-white/80',
              )}
            />
          </div>
        )}
        <div className="absolute inset-x-0 top-0 flex items-center justify-between bg-gradient-to-b from-black/75 via-black/60 via-75% to-transparent p-3 text-white">
          <div>
            <p className="text-sm font-semibold">{angleLabel}</p>
            <p className="text-xs">{angleHint}</p>
          </div>
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex size-11 items-center justify-center rounded-full bg-black/30 hover:bg-black/50 reduced-transparency:bg-[#1f1a1d] focus-visible:outline-2 focus-visible:outline-white"
          >
            <XIcon className="size-5" aria-hidden />
            <span className="sr-only">Close camera</span>
          </button>
        </div>
      </div>
      {/* Capture stays put while the guidance changes size (useGrowOnlyHeight). */}
      <div ref={guidanceRef}>
        {liveOn && live.instruction ? (
          <LiveInstructionLine
            instruction={live.instruction}
            capturing={autoCapture && live.holdingSince !== null}
          />
        ) : (
          <FallbackGuidance guidance={guidance} />
        )}
      </div>
      <Button size="lg" className="w-full" onClick={capture} disabled={!ready}>
        <CameraIcon aria-hidden /> Capture {angleLabel}
      </Button>
      {liveAssess && angle === 'front' ? (
        <AutoCaptureToggle checked={autoCapture} onChange={toggleAuto} />
      ) : null}
    </div>
  );
}

/** The view's own framing and light hints (face-guidance.ts), while the engine is not answering. */
function FallbackGuidance({ guidance }: { guidance: Guidance | null }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-live="polite" aria-label="Camera guidance">
      <GuidanceLine
        ok={guidance?.distance === 'good'}
        text={guidance ? DISTANCE_TEXT[guidance.distance] : 'Starting camera…'}
      />
      <GuidanceLine
        ok={guidance?.light === 'good'}
        text={guidance ? LIGHT_TEXT[guidance.light] : 'Checking the light…'}
      />
    </ul>
  );
}

function GuidanceLine({ ok, text }: { ok: boolean; text: string }) {
  const Icon = ok ? CheckCircle2Icon : CircleAlertIcon;
  return (
    <li
      className={cn(
        'flex items-center gap-2 rounded-xl px-3 py-2 text-sm',
        ok
          ? 'bg-success-soft text-success-soft-foreground'
          : 'bg-warning-soft text-warning-soft-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {text}
    </li>
  );
}
