import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-full text-sm font-semibold transition-[color,background-color,box-shadow,transform] duration-200 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:translate-y-px disabled:pointer-events-none disabled:opacity-55 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  {
    variants: {
      variant: {
        default:
          'bg-primary text-primary-foreground shadow-[0_6px_20px_-8px_rgb(124_58_237/0.6)] hover:bg-primary-hover forced-colors:border',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-muted forced-colors:border',
        outline:
          'border border-input bg-card text-foreground hover:border-brand/60 hover:bg-primary-soft hover:text-primary-soft-foreground',
        soft: 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft/70 forced-colors:border',
        ghost: 'text-foreground hover:bg-muted',
        link: 'rounded-md text-primary-text underline-offset-4 hover:underline',
        destructive:
          'bg-destructive text-destructive-foreground hover:bg-destructive/90 forced-colors:border',
      },
      size: {
        sm: 'h-9 px-3.5',
        default: 'h-11 px-5',
        lg: 'h-12 px-7 text-base',
        icon: 'size-11',
        'icon-sm': 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child (e.g. a router <Link>) with button styles instead of a <button>. */
    asChild?: boolean;
    /**
     * Working on what it was pressed for: it looks and says it is unavailable (`aria-disabled`)
     * and ignores presses, but keeps the keyboard's focus — a button disabled while it was focused
     * drops the focus to the page's start.
     */
    busy?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  busy = false,
  onClick,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, className }), busy && 'opacity-55')}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...props}
      aria-disabled={busy || props['aria-disabled']}
    />
  );
}
