import { LiveGuidanceText } from '@lumiskin/contract/scan';
import {
  CheckCircle2Icon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronUpIcon,
  CircleAlertIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { AUTO_CAPTURE_HOLD_MS } from '@/features/scan/lib/auto-capture';
import type { LiveInstruction } from '@/features/scan/lib/live-guidance';
import { cn } from '@/lib/utils';

/** The chevron on the preview (mirrored, as the person sees it) showing which way to move. */
const MARKERS = {
  move_left: { Icon: ChevronLeftIcon, place: 'left-[12%] top-1/2 -translate-y-1/2' },
  move_right: { Icon: ChevronRightIcon, place: 'right-[12%] top-1/2 -translate-y-1/2' },
  move_up: { Icon: ChevronUpIcon, place: 'top-[4%] left-1/2 -translate-x-1/2' },
  move_down: { Icon: ChevronDownIcon, place: 'bottom-[4%] left-1/2 -translate-x-1/2' },
} as const;

/**
 * The visual guide over the camera preview: the oval to fit the face in (green when every check
 * passes), a ring that fills around it while the photo is about to be taken, and a chevron when
 * moving one way would help. Decorative: the instruction itself is text (CameraView).
 */
export function LiveGuide({
  instruction,
  ready,
  holdingSince,
}: {
  instruction: LiveInstruction | null;
  ready: boolean;
  holdingSince: number | null;
}) {
  const marker =
    instruction && instruction.key in MARKERS
      ? MARKERS[instruction.key as keyof typeof MARKERS]
      : null;
  return (
    <div
      aria-hidden
      data-testid="live-guide"
      data-ready={ready ? 'true' : 'false'}
      className="pointer-events-none absolute inset-0 flex items-center justify-center"
    >
      <div className="relative aspect-[3/4] h-[72%]">
        <div
          className={cn(
            'absolute inset-0 rounded-[50%] border-[3px] transition-colors duration-200',
            ready ? 'border-success' : 'border-dashed border-white/80',
          )}
        />
        {holdingSince !== null ? (
          <svg
            key={holdingSince}
            data-testid="capture-countdown"
            className="absolute -inset-2 size-[calc(100%+1rem)] -rotate-90"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
          >
            <ellipse
              cx="50"
              cy="50"
              rx="48"
              ry="48"
              pathLength={100}
              strokeDasharray="100"
              strokeDashoffset="100"
              fill="none"
              className="stroke-success"
              strokeWidth="2.5"
              vectorEffect="non-scaling-stroke"
            >
              <animate
                attributeName="stroke-dashoffset"
                from="100"
                to="0"
                dur={`${AUTO_CAPTURE_HOLD_MS}ms`}
                fill="freeze"
              />
            </ellipse>
          </svg>
        ) : null}
      </div>
      {marker ? (
        <marker.Icon
          data-testid={`live-marker-${instruction?.key}`}
          className={cn('absolute size-10 animate-pulse text-white/85 drop-shadow', marker.place)}
        />
      ) : null}
    </div>
  );
}

/**
 * The one instruction, in a polite live region: it changes only when the instruction does
 * (InstructionFilter), so a screen reader hears each once.
 */
export function LiveInstructionLine({
  instruction,
  capturing,
}: {
  instruction: LiveInstruction;
  capturing: boolean;
}) {
  const Icon = instruction.ready ? CheckCircle2Icon : CircleAlertIcon;
  return (
    <p
      aria-live="polite"
      aria-label="Camera guidance"
      data-testid="live-instruction"
      className={cn(
        'flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium',
        instruction.ready
          ? 'bg-success-soft text-success-soft-foreground'
          : 'bg-warning-soft text-warning-soft-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {instruction.ready && capturing ? LiveGuidanceText.capturing : instruction.text}
    </p>
  );
}

export function AutoCaptureToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 px-1">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(v) => onChange(v === true)}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id} className="text-sm">
        <span className="font-medium">{LiveGuidanceText.autoOn}</span>
        <span id={`${id}-hint`} className="block text-xs text-muted-foreground">
          {LiveGuidanceText.autoHint}
        </span>
      </label>
    </div>
  );
}
