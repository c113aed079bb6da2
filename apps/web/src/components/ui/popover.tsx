import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A panel that opens from a button and holds controls of its own (a list, buttons): unlike a
 * dropdown menu, which only moves between its menu items, Tab reaches everything inside it.
 * Never taller than the room the window leaves it (a phone held sideways): it scrolls within.
 */
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent({
  className,
  sideOffset = 8,
  collisionPadding = 8,
  align = 'center',
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        align={align}
        className={cn(
          'z-50 max-h-(--radix-popover-content-available-height) overflow-y-auto rounded-xl border bg-popover text-popover-foreground shadow-lift outline-none',
          'data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
