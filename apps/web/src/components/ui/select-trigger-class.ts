import { cn } from '@/lib/utils';

/** The select trigger's look, shared by Radix's trigger and the light stand-in shown before it. */
export function selectTriggerClass(className?: string) {
  return cn(
    'flex h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-xl border border-input bg-card px-3.5 text-sm whitespace-nowrap outline-none',
    'focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/15 focus-visible:outline-hidden data-[placeholder]:text-muted-foreground',
    'aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-60 [&>span]:truncate',
    className,
  );
}
