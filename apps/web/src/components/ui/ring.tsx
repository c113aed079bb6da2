import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A circular progress ring (0–1) with whatever sits in its middle: the one ring of the app (the
 * scan's overall score, the quiz's accuracy and level progress).
 */
export function Ring({
  value,
  size = 112,
  stroke = 10,
  label,
  children,
  className,
  color = 'var(--color-brand)',
  durationMs = 500,
}: {
  value: number;
  size?: number;
  stroke?: number;
  /** What a screen reader hears, e.g. "45% of the way to level 3". */
  label: string;
  children?: ReactNode;
  className?: string;
  color?: string;
  /** How long the ring takes to fill (none when the person asks for reduced motion). */
  durationMs?: number;
}) {
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.min(Math.max(value, 0), 1);
  return (
    <div
      role="img"
      aria-label={label}
      className={cn('relative inline-flex shrink-0 items-center justify-center', className)}
      style={{ width: size, height: size }}
    >
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        className="-rotate-90"
        aria-hidden
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="var(--color-muted)"
          strokeWidth={stroke}
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke={color}
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped)}
          className="transition-[stroke-dashoffset] ease-out motion-reduce:transition-none"
          style={{ transitionDuration: `${durationMs}ms` }}
        />
      </svg>
      <div
        className="absolute inset-0 flex flex-col items-center justify-center text-center"
        aria-hidden
      >
        {children}
      </div>
    </div>
  );
}
