import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const skeletonClass = 'animate-pulse rounded-lg bg-muted motion-reduce:animate-none';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="skeleton" aria-hidden className={cn(skeletonClass, className)} {...props} />
  );
}

/** A placeholder inside running text (a <p>), where a <div> is not allowed. */
export function InlineSkeleton({ className }: { className?: string }) {
  return (
    <span
      data-slot="skeleton"
      aria-hidden
      className={cn(skeletonClass, 'inline-block align-middle', className)}
    />
  );
}
