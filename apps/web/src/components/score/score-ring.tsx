import { Ring } from '@/components/ui/ring';
import { BAND_COLOR, BAND_LABEL, scoreBand } from '@/components/score/score-bands';

/** The overall score as a ring (docs/design.md#components), coloured by band and labelled in words. */
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
  return (
    <Ring
      value={score / 100}
      size={size}
      stroke={Math.max(8, size / 12)}
      color={BAND_COLOR[band]}
      durationMs={700}
      label={`Overall skin score ${score} out of 100, ${BAND_LABEL[band]}`}
      className={className}
    >
      <span className="font-semibold tabular-nums" style={{ fontSize: size * 0.3, lineHeight: 1 }}>
        {score}
      </span>
      <span className="mt-1 text-xs font-medium text-muted-foreground">{BAND_LABEL[band]}</span>
    </Ring>
  );
}
