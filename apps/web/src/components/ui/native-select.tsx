import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * The browser's own select (the staff pages' filters and forms), drawn like the text field: its
 * edge, its focus ring (and an outline a contrast theme draws), 16 px text on a phone, where a
 * smaller one makes iOS zoom the page into it (decision 212). `compact` fits a table's row.
 */
export function NativeSelect({
  className,
  compact = false,
  ...props
}: ComponentProps<'select'> & { compact?: boolean }) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        'min-w-0 cursor-pointer rounded-xl border border-input bg-card text-base text-foreground shadow-xs outline-none sm:text-sm',
        compact ? 'h-9 rounded-lg px-2' : 'h-11 px-3',
        'focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/15 focus-visible:outline-hidden',
        'aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
