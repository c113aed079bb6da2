import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon } from 'lucide-react';
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
