import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A text area with the text field's look and focus. Its text is 16 px on a phone, where a smaller
 * one makes iOS zoom the page into the field as it takes the focus (decision 212).
 */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'block min-h-24 w-full min-w-0 rounded-xl border border-input bg-card px-3.5 py-2.5 text-base text-foreground shadow-xs transition-[border-color,box-shadow] duration-150 outline-none placeholder:text-muted-foreground/80 sm:text-sm',
        'focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/15 focus-visible:outline-hidden',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/15',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
