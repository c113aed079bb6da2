import type { KeyboardEvent } from 'react';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A group of buttons with `role="radio"` that the keyboard reads as one (WAI-ARIA's radio group):
 * one Tab stop, the chosen option's, and the arrow keys choosing the next or the previous one,
 * round the ends, taking the focus with them — as the browser's own radio buttons do.
 */
export function radioKeys<T extends string>(
  values: readonly T[],
  current: T,
  onChange: (value: T) => void,
) {
  const stop = values.includes(current) ? current : values[0];
  return (value: T) => ({
    tabIndex: value === stop ? 0 : -1,
    'data-radio-value': value,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const step = STEP[event.key];
      if (!step) return;
      event.preventDefault();
      const next = values[(values.indexOf(value) + step + values.length) % values.length]!;
      onChange(next);
      event.currentTarget
        .closest('[role="radiogroup"]')
        ?.querySelector<HTMLElement>(`[data-radio-value="${next}"]`)
        ?.focus();
    },
  });
}
