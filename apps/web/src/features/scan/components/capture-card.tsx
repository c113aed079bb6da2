import type { CaptureAngle } from '@lumiskin/contract/analysis';
import { CameraIcon, ImageIcon, ImageUpIcon, InfoIcon, UserRoundIcon, XIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CameraView } from '@/features/scan/components/camera-view';
import type { LiveAssess } from '@/features/scan/lib/live-guidance';
import { radioKeys } from '@/lib/radio-keys';
import { cn } from '@/lib/utils';

export type CaptureMode = 'single' | 'multi';

/** docs/product-rules.md#scan: angle 0 Front View, 1 Left Profile, 2 Right Profile. */
export const ANGLES = [
  { key: 'front', label: 'Front View', hint: 'Look straight at the camera' },
  { key: 'left', label: 'Left Profile', hint: 'Turn your head 45° to the right' },
  { key: 'right', label: 'Right Profile', hint: 'Turn your head 45° to the left' },
] as const satisfies ReadonlyArray<{ key: CaptureAngle; label: string; hint: string }>;

export interface CapturedImage {
  /** What the thumbnail shows: a data URL (camera) or an object URL (upload). */
  src: string;
  label: string;
}

/** Single photo or three angles; fixed once the camera is on or a photo is taken. */
function ModePicker({
  mode,
  locked,
  onChange,
}: {
  mode: CaptureMode;
  locked: boolean;
  onChange: (mode: CaptureMode) => void;
}) {
  const keys = radioKeys(['single', 'multi'] as const, mode, onChange);
  return (
    <div
      role="radiogroup"
      aria-label="Capture mode"
      className="mt-3 grid grid-cols-2 gap-2 rounded-2xl bg-muted p-1"
    >
      {(
        [
          ['single', 'Single Photo', 'One front photo'],
          ['multi', 'Multi-Angle', '3 angles · recommended'],
        ] as const
      ).map(([value, title, detail]) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={mode === value}
          {...keys(value)}
          disabled={locked}
          onClick={() => onChange(value)}
          className={cn(
            'min-h-11 rounded-xl px-3 py-2 text-sm transition-[background-color,box-shadow] duration-200 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed',
            mode === value
              ? 'bg-card font-semibold shadow-soft'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <span className="block">{title}</span>
          <span className="block text-xs font-normal text-muted-foreground">{detail}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * A photo's thumbnail. A photo this browser cannot show (a HEIC in Chrome, decision 178) is still
 * analysed by the server: it gets a plain tile instead of a broken image.
 */
function Thumbnail({ image }: { image: CapturedImage }) {
  const [unreadable, setUnreadable] = useState(false);
  if (unreadable)
    return (
      <div
        role="img"
        aria-label={image.label}
        className="flex size-24 flex-col items-center justify-center gap-1 rounded-xl border bg-muted px-2 text-center text-[11px] text-muted-foreground"
      >
        <ImageIcon className="size-6" aria-hidden />
        <span className="pb-5">No preview</span>
      </div>
    );
  return (
    <img
      src={image.src}
      alt={image.label}
      width={96}
      height={96}
      onError={() => setUnreadable(true)}
      className="size-24 rounded-xl border object-cover"
    />
  );
}

function CapturedPhotos({
  images,
  disabled,
  onRemove,
}: {
  images: CapturedImage[];
  disabled?: boolean;
  onRemove: (index: number) => void;
}) {
  return (
    <ul className="mt-4 flex flex-wrap gap-3" aria-label="Captured photos">
      {images.map((image, i) => (
        <li key={image.src} className="relative">
          <Thumbnail image={image} />
          <span className="absolute inset-x-1 bottom-1 truncate rounded-md bg-black/55 px-1.5 reduced-transparency:bg-black py-0.5 text-[11px] text-white">
            {image.label}
          </span>
          <button
            type="button"
            onClick={() => onRemove(i)}
            disabled={disabled}
            className="absolute -top-2 -right-2 inline-flex size-8 items-center justify-center rounded-full border bg-card shadow-soft hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <XIcon className="size-4" aria-hidden />
            <span className="sr-only">Remove {image.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function CaptureCard({
  mode,
  onModeChange,
  images,
  cameraOn,
  onStartCamera,
  onStopCamera,
  onCapture,
  onUpload,
  onRemove,
  onCameraError,
  disabled,
  liveAssess,
}: {
  mode: CaptureMode;
  onModeChange: (mode: CaptureMode) => void;
  images: CapturedImage[];
  cameraOn: boolean;
  onStartCamera: () => void;
  onStopCamera: () => void;
  onCapture: (dataUrl: string) => void;
  onUpload: (file: File) => void;
  onRemove: (index: number) => void;
  onCameraError: (message: string) => void;
  disabled?: boolean;
  /** The engine's live gate for the camera view (issue 32); without it, the view's own hints. */
  liveAssess?: LiveAssess;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const angle = ANGLES[Math.min(images.length, ANGLES.length - 1)] ?? ANGLES[0];

  return (
    <section aria-labelledby="capture-title" className="rounded-2xl border bg-card p-5 shadow-soft">
      <h2 id="capture-title" className="text-h3 font-semibold">
        1. Take or choose your photo
      </h2>
      <ModePicker
        mode={mode}
        locked={Boolean(disabled) || cameraOn || images.length > 0}
        onChange={onModeChange}
      />

      {mode === 'multi' ? (
        <ol className="mt-4 grid grid-cols-3 gap-2 text-center text-xs" aria-label="Angles">
          {ANGLES.map((a, i) => (
            <li
              key={a.label}
              className={cn(
                'rounded-xl border px-2 py-2',
                i < images.length
                  ? 'border-success/40 bg-success-soft text-success-soft-foreground'
                  : i === images.length
                    ? 'border-brand bg-primary-soft text-primary-soft-foreground'
                    : 'text-muted-foreground',
              )}
            >
              <span className="block font-semibold">{a.label}</span>
              <span>{a.hint}</span>
            </li>
          ))}
        </ol>
      ) : null}

      <p className="mt-4 flex gap-2 rounded-xl bg-primary-soft/70 px-3 py-2 text-sm text-primary-soft-foreground">
        <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        Your face should fill 60–80% of the frame, 12–18 inches (30–45 cm) from the camera, in soft
        even light.
      </p>

      {cameraOn ? (
        <div className="mt-4">
          <CameraView
            key={images.length}
            angleLabel={mode === 'multi' ? angle.label : 'Photo'}
            angleHint={mode === 'multi' ? angle.hint : 'Look straight at the camera'}
            angle={mode === 'multi' ? angle.key : 'front'}
            liveAssess={liveAssess}
            onCapture={onCapture}
            onCancel={onStopCamera}
            onError={onCameraError}
          />
        </div>
      ) : (
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          <Button size="lg" onClick={onStartCamera} disabled={disabled}>
            <CameraIcon aria-hidden /> Use Camera
          </Button>
          <Button
            size="lg"
            variant="outline"
            onClick={() => fileRef.current?.click()}
            disabled={disabled}
          >
            <ImageUpIcon aria-hidden /> Upload Photo
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label="Upload a photo"
            data-testid="scan-upload-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              // docs/product-rules.md#validation: anything that is not an image is silently ignored.
              if (file && file.type.startsWith('image/')) onUpload(file);
            }}
          />
        </div>
      )}

      {images.length > 0 ? (
        <CapturedPhotos images={images} disabled={disabled} onRemove={onRemove} />
      ) : (
        <div className="mt-4 flex items-center gap-3 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          <UserRoundIcon className="size-5" aria-hidden /> No photo yet
        </div>
      )}
    </section>
  );
}
