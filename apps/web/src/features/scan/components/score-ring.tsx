import { cn } from '@/lib/utils';
import { BAND_COLOR, BAND_LABEL, scoreBand } from '@/features/scan/lib/score';

/** The overall score as a ring (docs/design.md#pictures), coloured by band and labelled in words. */
export function ScoreRing({
  score,
  size = 140,
  className,
}: {
  score: number;
  size?: number;
  className?: string;
}) {
  const band = scoreBand(score);
  const stroke = Math.max(8, size / 12);
  const r = (size - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  return (
    <div
      className={cn('relative inline-flex shrink-0 items-center justify-center', className)}
      style={{ width: size, height: size }}
      role="img"
      aria-label={`Overall skin score ${score} out of 100, ${BAND_LABEL[band]}`}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90">
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          className="stroke-muted"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          stroke={BAND_COLOR[band]}
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - score / 100)}
          className="transition-[stroke-dashoffset] duration-700 ease-out motion-reduce:transition-none"
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden>
        <span
          className="font-semibold tabular-nums"
          style={{ fontSize: size * 0.3, lineHeight: 1 }}
        >
          {score}
        </span>
        <span className="mt-1 text-xs font-medium text-muted-foreground">{BAND_LABEL[band]}</span>
      </span>
    </div>
  );
}
