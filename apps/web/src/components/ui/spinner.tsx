import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A spinner with an accessible name; pass `label` to change what screen readers hear. */
export function Spinner({
  className,
  label = 'Loading',
  ...props
}: ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircle
      role="status"
      aria-label={label}
      className={cn(
        'size-5 animate-spin text-brand motion-reduce:animate-[spin_1.5s_linear_infinite]',
        className,
      )}
      {...props}
    />
  );
}
