import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** A visible label, the control, and the field's error (linked with `errorId(id)`). */
export function Field({
  id,
  label,
  error,
  labelAside,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  /** Something to show on the label's line, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {error ? <FieldError id={errorId(id)}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive-soft-foreground dark:text-[#fca5a5]">
      {children}
    </p>
  );
}

export function errorId(id: string) {
  return `${id}-error`;
}

/** aria props for a control whose field may have an error. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
}
