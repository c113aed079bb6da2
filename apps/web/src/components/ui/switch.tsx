import { cn } from '@/lib/utils';

/** An on/off setting, saved as soon as it changes. */
export function Switch({
  id,
  checked,
  disabled = false,
  busy = false,
  onChange,
}: {
  id: string;
  checked: boolean;
  /** Not offered (e.g. notifications the browser blocks). */
  disabled?: boolean;
  /**
   * Its change is being saved: it says it is unavailable and ignores presses, but keeps the
   * keyboard's focus (a switch disabled under the focus drops it to the page's start).
   */
  busy?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onChange(!checked);
      }}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 aria-disabled:opacity-60',
        checked ? 'bg-primary' : 'bg-input',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform duration-200 motion-reduce:transition-none',
          checked ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}
