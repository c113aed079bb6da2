import { useState, type ComponentProps, type ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * A button with a tooltip that a tap opens too: touch screens have no hover, and Radix opens
 * tooltips only on hover and keyboard focus.
 */
export function TapTooltip({
  content,
  contentClassName,
  children,
  ...buttonProps
}: Omit<ComponentProps<'button'>, 'type' | 'onClick' | 'content'> & {
  /** What the tooltip says. */
  content: ReactNode;
  contentClassName?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Tooltip open={isOpen} onOpenChange={setIsOpen}>
      <TooltipTrigger asChild>
        <button
          type="button"
          // Radix closes a tooltip on its trigger's click; a tap must open it, so the default
          // close is prevented.
          onClick={(event) => {
            event.preventDefault();
            setIsOpen(true);
          }}
          {...buttonProps}
        >
          {children}
        </button>
      </TooltipTrigger>
      <TooltipContent className={contentClassName}>{content}</TooltipContent>
    </Tooltip>
  );
}
