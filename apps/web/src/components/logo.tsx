import { useId } from 'react';
import { cn } from '@/lib/utils';

/** The Lumiskin mark: a glowing drop with a peach sparkle on a violet tile (see public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg
      viewBox="0 0 100 100"
      className={cn('size-8 shrink-0', className)}
      aria-hidden
      focusable="false"
    >
      <defs>
        <linearGradient id={`${id}-tile`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="0.55" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#6d28d9" />
        </linearGradient>
        <linearGradient id={`${id}-drop`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#fde7dc" />
        </linearGradient>
      </defs>
      <rect width="100" height="100" rx="26" fill={`url(#${id}-tile)`} />
      <path
        d="M50 17C50 17 27 43.5 27 60.5a23 23 0 0 0 46 0C73 43.5 50 17 50 17Z"
        fill={`url(#${id}-drop)`}
      />
      <path
        d="M38.5 58.5c0 7.5 4.8 12.8 11 14.2"
        fill="none"
        stroke="#c4b5fd"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path
        d="M75 18.5c.9 4.6 2.4 6.1 7 7-4.6.9-6.1 2.4-7 7-.9-4.6-2.4-6.1-7-7 4.6-.9 6.1-2.4 7-7Z"
        fill="#fdba9a"
      />
    </svg>
  );
}

export function Logo({
  className,
  wordmarkClassName,
}: {
  className?: string;
  wordmarkClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className={cn('text-lg font-semibold tracking-tight', wordmarkClassName)}>
        Lumiskin
      </span>
    </span>
  );
}
